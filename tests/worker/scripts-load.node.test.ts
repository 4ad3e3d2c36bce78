// `npm start`, `npm run seed` and `npm run dev` run their scripts in plain Node, which (unlike
// Vite and vitest) resolves no import without its file extension. A worker module the seed imports
// once named `./images` without `.ts`, and `npm start` failed on a fresh machine while every test,
// which loads the same files through Vite, passed. This loads each module those scripts import the
// way Node does.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "../..");
// The modules `npm start` imports (start.ts itself starts a server when loaded); seed.ts guards its
// own run with import.meta.main.
const MODULES = ["scripts/seed.ts", "scripts/seed-data/social.ts", "scripts/local-state.ts", "scripts/seed-occupancy.ts"];

describe("the scripts npm start and npm run seed run", () => {
  it.each(MODULES)("%s loads in plain Node", (module) => {
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(`./${module}`)});`], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find module/);
    expect(result.status).toBe(0);
  });
});
