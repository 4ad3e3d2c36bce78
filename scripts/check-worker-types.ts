// Fails when worker/worker-configuration.d.ts is not what `npm run cf-typegen` makes of wrangler.toml
// today, so the Env the code is typed against cannot drift from the bindings that are deployed.
// It runs the cf-typegen command itself into a hidden file beside the real one (same folder, so the
// generated `import("./index")` paths match; tsc's globs skip dot files) and compares every byte but
// the output path in the header. wrangler's own `types --check` compares only a hash of the Env
// part and the runtime header line, so it would miss a hand edit; this does not. Offline and local:
// `wrangler types` reads wrangler.toml, .dev.vars.example (for the secrets' names) and the bundled
// workerd's runtime types.
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { root, run } from "./local-state.ts";

const TYPES_FILE = "worker/worker-configuration.d.ts";
const CHECK_FILE = "worker/.worker-configuration.check.d.ts";

const typegen = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["cf-typegen"];
const args = typegen.split(/\s+/);
if (args[0] !== "wrangler" || !args.includes(TYPES_FILE)) {
  throw new Error(`package.json's cf-typegen should be \`wrangler types … ${TYPES_FILE}\`; it is \`${typegen}\``);
}

let generated: string;
try {
  run("npx", args.map((arg) => (arg === TYPES_FILE ? CHECK_FILE : arg)), { quiet: true });
  generated = readFileSync(path.join(root, CHECK_FILE), "utf8").replaceAll(CHECK_FILE, TYPES_FILE);
} finally {
  rmSync(path.join(root, CHECK_FILE), { force: true });
}

const committed = readFileSync(path.join(root, TYPES_FILE), "utf8");
if (generated !== committed) {
  const want = generated.split("\n");
  const have = committed.split("\n");
  // The header's hash always differs too; the lines after it say what changed.
  const differing = Array.from({ length: Math.max(want.length, have.length) }, (_, index) => index)
    .filter((index) => want[index] !== have[index])
    .slice(0, 4);
  console.error(`${TYPES_FILE} does not match wrangler.toml: run \`npm run cf-typegen\` and commit the result (never edit the file by hand).`);
  for (const index of differing) {
    console.error(`line ${index + 1}\n  generated: ${want[index] ?? "(end of file)"}\n  committed: ${have[index] ?? "(end of file)"}`);
  }
  process.exit(1);
}
console.log(`${TYPES_FILE} matches wrangler.toml.`);
