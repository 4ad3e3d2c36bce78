// Local development state: .dev.vars secrets, D1 migrations and the demo seed, all under
// .wrangler/state (or THIRD_PLACE_STATE, which the e2e tests point at a fresh folder).
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export const root = path.resolve(import.meta.dirname, "..");
/** Read at each call, so a script may point THIRD_PLACE_STATE at a fresh folder after importing this. */
export const stateDir = () => process.env.THIRD_PLACE_STATE ?? path.join(root, ".wrangler", "state");
const devVarsPath = path.join(root, ".dev.vars");

/** Creates .dev.vars with random secrets on first run; returns its values. */
export function ensureDevVars(): Record<string, string> {
  if (!existsSync(devVarsPath)) {
    const lines = [
      "# Generated on first run for local development only. Production: wrangler secret put NAME.",
      `JWT_SECRET=${randomBytes(32).toString("base64url")}`,
      `ADMIN_PASSWORD=${randomBytes(9).toString("base64url")}`,
    ];
    writeFileSync(devVarsPath, lines.join("\n") + "\n", { mode: 0o600 });
    console.log("Created .dev.vars with fresh local secrets.");
  }
  // Local only (docs/alerts.md): webhooks may point at http://localhost and http://127.0.0.1.
  // Added to a .dev.vars made before alerts existed; never set in wrangler.toml.
  appendMissing(/^ALLOW_LOCAL_WEBHOOKS=/m, () => ["ALLOW_LOCAL_WEBHOOKS=1"]);
  // Local only (docs/accounts.md#mail): mail is written to the outbox folder, never sent.
  appendMissing(/^MAIL_OUTBOX_URL=/m, () => ["MAIL_OUTBOX_URL=/__local/outbox"]);
  // Local only (docs/cities.md#the-visitors-city): the live map opens on this city, not on request.cf's placeholder position.
  appendMissing(/^VISITOR_CITY=/m, () => ["VISITOR_CITY=new-york"]);
  // The Web Push key pair (docs/push.md), added to a .dev.vars made before pushes existed.
  if (appendMissing(/^VAPID_PRIVATE_KEY=/m, vapidKeyLines)) console.log("Added a fresh Web Push (VAPID) key pair to .dev.vars.");
  return Object.fromEntries(
    readFileSync(devVarsPath, "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** Appends `lines()` to .dev.vars unless a line matches `present`; whether it did. */
function appendMissing(present: RegExp, lines: () => string[]): boolean {
  const existing = readFileSync(devVarsPath, "utf8");
  if (present.test(existing)) return false;
  const separated = existing.endsWith("\n") || existing === "" ? existing : `${existing}\n`;
  writeFileSync(devVarsPath, `${separated}${lines().join("\n")}\n`, { mode: 0o600 });
  return true;
}

/**
 * A fresh VAPID key pair as the worker reads it (docs/push.md#keys): the public key as the
 * base64url uncompressed P-256 point browsers take, the private key as its base64url scalar.
 */
function vapidKeyLines(): string[] {
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return [`VAPID_PUBLIC_KEY=${point.toString("base64url")}`, `VAPID_PRIVATE_KEY=${jwk.d}`];
}

/**
 * The environment of every wrangler and Vite child: no usage metrics, no banner or update notice,
 * and no fetch of Cloudflare's request.cf sample (it fails offline with a stack trace, and the app
 * reads nothing from request.cf). Locally only: none of it reaches a deployed worker.
 */
export const localToolEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
});

/** Runs a command to completion; `quiet` keeps its output unless it fails. */
export function run(command: string, args: string[], { env = {}, quiet = false }: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
    env: { ...localToolEnv(), ...env },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  }
}

const execFileAsync = promisify(execFile);
const d1ExecuteArgs = (persistTo: string, sql: string) => ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql];
const rowsOf = <T>(output: string): T[] => (JSON.parse(output) as { results: T[] }[])[0].results;

/** Runs SQL on the local D1 under `persistTo` (a running server's state too) with wrangler; its rows. */
export function queryLocalD1<T = Record<string, unknown>>(persistTo: string, sql: string): T[] {
  // The running server may hold SQLite's write lock for a moment (a flush, the cron): wrangler then
  // fails with SQLITE_BUSY instead of waiting, so ask again, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return rowsOf<T>(execFileSync("npx", d1ExecuteArgs(persistTo, sql), { cwd: root, env: localToolEnv(), encoding: "utf8", stdio: "pipe" }));
    } catch (error) {
      if (attempt >= 5 || !String((error as { stderr?: unknown }).stderr ?? error).includes("SQLITE_BUSY")) throw error;
    }
  }
}

/**
 * queryLocalD1 for a process that keeps connections open to the server meanwhile (the bench):
 * wrangler takes seconds, and a process blocked that long never sees the server close its idle
 * keep-alive connections (after 5 s), so its next requests go out on closed sockets and fail with
 * "other side closed" (docs/architecture.md#bench-method).
 */
export async function queryLocalD1Async<T = Record<string, unknown>>(persistTo: string, sql: string): Promise<T[]> {
  const { stdout } = await execFileAsync("npx", d1ExecuteArgs(persistTo, sql), { cwd: root, env: localToolEnv(), encoding: "utf8" });
  return rowsOf<T>(stdout);
}

/** Applies pending D1 migrations to the local state; wrangler's tables are shown only on failure. */
export function applyMigrations() {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir()], { quiet: true });
}
