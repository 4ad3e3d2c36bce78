// Serves a built worker (from `vite build`) on workerd through `vite preview` on a free loopback
// port. serveBuiltApp() does it for the app with a fresh, migrated and seeded D1/R2/DO state,
// exactly as `npm start` does; `npm run bench` uses it, and the e2e tests serve copies of one
// prepared state (prepareState, copyState, serveState).
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { ensureDevVars, localToolEnv, root } from "./local-state.ts";
import { seed, withLocalBindings, type SeedEnv } from "./seed.ts";

export interface Served {
  baseUrl: string;
  /** The server's process group, workerd included (for the bench's memory and CPU figures). */
  processGroup: number;
  /**
   * Stops the server (and its workerd) and, once every process of it has exited, forgets what it
   * stored: a workerd still writing its cache would otherwise refill the folder being removed.
   */
  stop(): Promise<void>;
}

export interface ServedApp extends Served {
  /** The throw-away THIRD_PLACE_STATE of this server. */
  stateDir: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Whether any process of a process group is left. */
export const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to a process group, then waits until none of it is left (SIGKILL after 10 s, given up after 15 s). */
async function stopProcessGroup(group: number) {
  for (const [signal, waitMs] of [["SIGTERM", 10_000], ["SIGKILL", 5_000]] as const) {
    try {
      process.kill(-group, signal);
    } catch {
      return; // already gone
    }
    for (let waited = 0; waited < waitMs && groupAlive(group); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitUntilAnswering(url: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `vite preview` of the build made with `configFile` (the app's vite.config.ts by default),
 * answering once `readyPath` answers 2xx.
 */
export async function servePreview(options: { configFile?: string; readyPath: string; env?: NodeJS.ProcessEnv }): Promise<Served> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = options.configFile ? ["--config", options.configFile] : [];
  const server = spawn("npx", ["vite", "preview", ...config, "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...localToolEnv(), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so workerd goes down with it.
    detached: true,
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const stop = () => stopProcessGroup(server.pid!);
  try {
    await waitUntilAnswering(`${baseUrl}${options.readyPath}`, server);
  } catch (error) {
    await stop();
    console.error(output);
    throw error;
  }
  return { baseUrl, processGroup: server.pid!, stop };
}

/** Fails at once, before a minute of seeding, when the build to serve is missing. */
export function assertBuilt(outDir = "dist") {
  if (!existsSync(path.join(root, outDir, "client", "index.html"))) {
    throw new Error(`${outDir}/ is missing: run \`npm run build\` first (npm test does).`);
  }
}

/**
 * A new state folder with the migrations, the demo seed, then `prepare` with the local bindings
 * (for data the API cannot make, such as a year of history). Points this process's
 * THIRD_PLACE_STATE at that folder.
 */
export async function prepareState(prepare?: (env: SeedEnv) => Promise<void>): Promise<string> {
  const stateDir = mkdtempSync(path.join(tmpdir(), "third-place-"));
  process.env.THIRD_PLACE_STATE = stateDir;
  ensureDevVars();
  await withLocalBindings(async (env) => {
    await migrate(env);
    await seed(env);
    if (prepare) await prepare(env);
  });
  return stateDir;
}

/**
 * Applies migrations/ to a new local D1 through the local bindings and records them in
 * d1_migrations, as `wrangler d1 migrations apply` does (the worker tests apply them the same
 * way): wrangler started a local runtime for each migration, 70 s of 27 on a loaded 2-core machine.
 */
async function migrate({ DB }: SeedEnv) {
  await DB.prepare(
    "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
  ).run();
  for (const { name, queries } of await readD1Migrations(path.join(root, "migrations"))) {
    await DB.batch([...queries.map((query) => DB.prepare(query)), DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
  }
}

/**
 * A copy of a prepared state folder no server runs on, in a new folder: the same seed without
 * migrating and seeding again (about a minute on a loaded 2-core machine).
 */
export function copyState(template: string): string {
  const stateDir = mkdtempSync(path.join(tmpdir(), "third-place-"));
  cpSync(template, stateDir, { recursive: true });
  return stateDir;
}

/**
 * The built app (dist/, from `npm run build`) on `stateDir`, a prepared state folder that is
 * removed when the server stops (or fails to start). Servers with the same `vars` may start side by side (they open
 * no debugger port to race for: vite.config.ts).
 */
export async function serveState(
  stateDir: string,
  /** Another build of the app (the bench's D1-counting one): its Vite config and output folder. */
  build: { configFile?: string; outDir: string } = { outDir: "dist" },
  /** Worker vars for this server only, over wrangler.toml's (the monitoring test's RUM_* settings). */
  vars: Record<string, string> = {},
): Promise<ServedApp> {
  assertBuilt(build.outDir);
  ensureDevVars();
  // `vite preview` reads the secrets the build copied next to the worker, and a build may have
  // run before .dev.vars existed: hand the built worker the same secrets.
  // The server reads that file once, as it starts: extra vars are written for it alone, and the
  // plain copy is put back once it answers, for the next server started from this build.
  const builtDevVars = path.join(root, build.outDir, "third_place", ".dev.vars");
  const devVars = readFileSync(path.join(root, ".dev.vars"), "utf8");
  const extra = Object.entries(vars).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`);
  writeFileSync(builtDevVars, `${devVars.trimEnd()}\n${extra.join("")}`);
  const served = await servePreview({ configFile: build.configFile, readyPath: "/api/health", env: { THIRD_PLACE_STATE: stateDir } })
    .catch((error: unknown) => {
      rmSync(stateDir, { recursive: true, force: true });
      throw error;
    })
    .finally(() => writeFileSync(builtDevVars, devVars));
  return {
    ...served,
    stateDir,
    async stop() {
      await served.stop();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * The built app (dist/, from `npm run build`) with a new state folder (prepareState), as
 * `npm start` serves it. Points this process's THIRD_PLACE_STATE at that folder.
 */
export async function serveBuiltApp(
  prepare?: (env: SeedEnv) => Promise<void>,
  build: { configFile?: string; outDir: string } = { outDir: "dist" },
  vars: Record<string, string> = {},
): Promise<ServedApp> {
  assertBuilt(build.outDir);
  return serveState(await prepareState(prepare), build, vars);
}
