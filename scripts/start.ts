// `npm start`: local secrets, migrations, first-run seed, production build, then one server
// for the app and the API. Installs nothing; `npm install` must have run.
import { spawn } from "node:child_process";
import { applyMigrations, ensureDevVars, root, run } from "./local-state.ts";
import { DEMO_OWNER, seedIfEmpty } from "./seed.ts";

const port = process.env.PORT ?? "8787";
const secrets = ensureDevVars();
applyMigrations();
if (await seedIfEmpty()) console.log("Seeded the local database with the East Village demo venues.");
run("npx", ["vite", "build"]);

console.log(`
Third Place is starting on http://localhost:${port}
  Admin area: http://localhost:${port}/admin  (password: ${secrets.ADMIN_PASSWORD}, from .dev.vars)
  Demo owner: http://localhost:${port}/auth  (${DEMO_OWNER.email} / ${DEMO_OWNER.password})
`);
const server = spawn("npx", ["vite", "preview", "--port", port, "--strictPort"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
