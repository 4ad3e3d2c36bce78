// `npm run bench`: builds the app, then measures it. Every figure is printed from this one run.
import { cpus, totalmem } from "node:os";
import { run } from "../local-state.ts";
import { benchBundles } from "./bundle.ts";

console.log(`# Third Place benchmarks — ${new Date().toISOString()}`);
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
run("npx", ["vite", "build", "--logLevel", "warn"]);

const results = { bundle: benchBundles() };
const failed = Object.entries(results).filter(([, passed]) => !passed).map(([name]) => name);
console.log(failed.length ? `\nOver budget: ${failed.join(", ")}` : "\nAll budgets met.");
process.exitCode = failed.length ? 1 : 0;
