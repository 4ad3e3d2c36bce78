// `npm run dev`: the same local state as `npm start`, served by Vite with hot reload.
import { spawn } from "node:child_process";
import { applyMigrations, ensureDevVars, root } from "./local-state.ts";
import { seedIfEmpty } from "./seed.ts";

ensureDevVars();
applyMigrations();
await seedIfEmpty();
const server = spawn("npx", ["vite", "dev", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
server.on("exit", (code) => process.exit(code ?? 0));
