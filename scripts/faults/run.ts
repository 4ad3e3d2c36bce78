// `npm run faults` (docs/faults.md): the built app on workerd, loopback only, each fault injected
// on purpose and then checked; one table, every row judged on lost 0 and duplicated 0. Every
// server it starts is stopped at the end, also when a row fails.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { root, run } from "../local-state.ts";
import { d1Down } from "./d1-down.ts";
import { deliveryFaults } from "./deliveries.ts";
import { prepareChat } from "../bench/chat.ts";
import { killMidChat } from "./kill-chat.ts";
import { killMidReadings } from "./kill-readings.ts";
import { FAULTS_BUILD, FaultServer } from "./server.ts";
import { printTable, rowOk, type FaultRow } from "./table.ts";

const started = performance.now();
const log = (line: string) => console.log(line);
console.log(`# Third Place faults — ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)} at the start`);

// A build points .wrangler/deploy/config.json at its output, which `vite preview` and `wrangler
// deploy` then use: it is put back as it was when the run exits, however it ends.
const deployConfig = path.join(root, ".wrangler", "deploy", "config.json");
const appDeployConfig = existsSync(deployConfig) ? readFileSync(deployConfig, "utf8") : null;
const restoreDeployConfig = () => (appDeployConfig === null ? rmSync(deployConfig, { force: true }) : writeFileSync(deployConfig, appDeployConfig));
// Also when the run crashes or is interrupted (server.ts turns Ctrl-C into an exit).
process.once("exit", restoreDeployConfig);

const rows: FaultRow[] = [];
let failed = false;
/** Faults on a server of their own, stopped whatever happens. */
async function fault(name: string, start: () => Promise<FaultServer>, check: (server: FaultServer) => Promise<FaultRow | FaultRow[]>) {
  console.log(`\n## ${name}`);
  let server: FaultServer | undefined;
  try {
    server = await start();
    rows.push(...[await check(server)].flat());
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error);
  } finally {
    await server?.stop();
  }
}

run("npx", ["vite", "build", "--logLevel", "warn", "--config", FAULTS_BUILD.configFile]);
await fault("kill -9 mid-burst of readings", () => FaultServer.start(), (server) => killMidReadings(server, log));
// The chat bench's accounts, friendships and conversations, written before the app starts.
await fault("kill -9 mid-burst of chat", () => FaultServer.start({}, prepareChat), (server) => killMidChat(server, log));
await fault("push service and webhook receiver failing", () => FaultServer.start(), (server) => deliveryFaults(server, log));
// The queues' real schedule: the outage is two minutes of real time, as the object's alarms are.
await fault("D1 down", () => FaultServer.start({ FAULTS_SCHEDULE_SCALE: "1" }), (server) => d1Down(server, log));

console.log("");
printTable(rows, log);
const ok = !failed && rows.every(rowOk);
console.log(`\nFaults took ${((performance.now() - started) / 1000).toFixed(0)} s; ${ok ? "every row lost 0, duplicated 0 → pass" : "→ FAIL"}.`);
process.exitCode = ok ? 0 : 1;
