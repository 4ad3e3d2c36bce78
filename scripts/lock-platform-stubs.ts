// The npm registry reachable from our build machines serves workerd's Linux builds only, so
// `npm install` writes a lock file without the macOS/Windows optional packages and `npm ci` then
// refuses it as out of sync. This adds those optional entries back (npm skips them on Linux and
// fetches them by version elsewhere). Run after any dependency change: node scripts/lock-platform-stubs.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

interface LockEntry {
  version: string;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const platforms: Record<string, { os: string[]; cpu: string[] }> = {
  "@cloudflare/workerd-darwin-64": { os: ["darwin"], cpu: ["x64"] },
  "@cloudflare/workerd-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@cloudflare/workerd-windows-64": { os: ["win32"], cpu: ["x64"] },
};

const lockPath = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!location.endsWith("node_modules/workerd")) continue;
  const parent = location.slice(0, -"workerd".length);
  for (const [name, platform] of Object.entries(platforms)) {
    const wanted = entry.optionalDependencies?.[name];
    const stubLocation = `${parent}${name}`;
    if (!wanted || lock.packages[stubLocation]) continue;
    lock.packages[stubLocation] = { version: wanted, ...platform, dev: true, license: "Apache-2.0", optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, JSON.stringify({ ...lock, packages: sorted }, null, 2) + "\n");
console.log(`package-lock.json: added ${added} platform entries for workerd.`);
