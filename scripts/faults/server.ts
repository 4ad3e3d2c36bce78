// The built app on workerd for `npm run faults`: a fresh seeded state folder, served, killed with
// SIGKILL and served again on the same folder. Every server it starts is stopped by stopAll(), on
// success and on failure alike (docs/faults.md).
import { rmSync } from "node:fs";
import type { SeedEnv } from "../seed.ts";
import { groupAlive, prepareState, serveState, type ServedApp } from "../serve-built-app.ts";
import { workerdPids } from "../bench/workerd-process.ts";

/** The faults build (tests/faults/worker.ts): the app with its queues' schedules run faster and the /__faults/ paths. */
export const FAULTS_BUILD = { configFile: "tests/faults/vite.config.ts", outDir: "dist-faults" };
/** How long a SIGKILLed process group may take to be gone. */
const GONE_WITHIN_MS = 10_000;

/** The process groups of the servers running now: killed if this process ends on a crash or a signal. */
const running = new Set<number>();
process.once("exit", () => {
  for (const group of running) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

export class FaultServer {
  private served: ServedApp | undefined;
  readonly stateDir: string;
  private readonly vars: Record<string, string>;

  private constructor(stateDir: string, vars: Record<string, string>) {
    this.stateDir = stateDir;
    this.vars = vars;
  }

  /** The app on a new migrated and seeded state folder (then `prepare`'s data), with extra worker `vars` (.dev.vars style). */
  static async start(vars: Record<string, string> = {}, prepare?: (env: SeedEnv) => Promise<void>): Promise<FaultServer> {
    const server = new FaultServer(await prepareState(prepare), vars);
    await server.serve();
    return server;
  }

  get baseUrl(): string {
    if (!this.served) throw new Error("the app is not being served");
    return this.served.baseUrl;
  }

  private async serve() {
    this.served = await serveState(this.stateDir, FAULTS_BUILD, this.vars);
    running.add(this.served.processGroup);
  }

  /**
   * The fault: SIGKILL to every workerd of the server (no shutdown, no flush), then to the rest
   * of its process group (`vite preview`), waiting until all of it is gone. The state folder stays.
   * Returns how many workerd processes were killed.
   */
  async killWorkerd(): Promise<number> {
    const group = this.served?.processGroup;
    if (group === undefined) throw new Error("the app is not being served");
    this.served = undefined;
    running.delete(group);
    const pids = workerdPids(group);
    for (const pid of pids) process.kill(pid, "SIGKILL");
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
    for (let waited = 0; groupAlive(group); waited += 50) {
      if (waited > GONE_WITHIN_MS) throw new Error(`process group ${group} still alive ${GONE_WITHIN_MS} ms after SIGKILL`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return pids.length;
  }

  /** Serves the app again on the same state folder (after killWorkerd). */
  async restart(): Promise<void> {
    if (this.served) throw new Error("the app is still being served");
    await this.serve();
  }

  /** Stops the server, if one runs, and removes the state folder. */
  async stop(): Promise<void> {
    const served = this.served;
    this.served = undefined;
    if (served) {
      await served.stop();
      running.delete(served.processGroup);
    }
    else rmSync(this.stateDir, { recursive: true, force: true });
  }
}
