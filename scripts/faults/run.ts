// `npm run faults` (docs/faults.md): the built app on workerd, loopback only, each fault injected
// on purpose and then checked; one table, every row judged on lost 0 and duplicated 0. Every
// server it starts is stopped at the end, also when a row fails.
import { loadavg } from "node:os";
import { assertBuilt } from "../serve-built-app.ts";
import { killMidReadings } from "./kill-readings.ts";
import { FaultServer } from "./server.ts";
import { printTable, rowOk, type FaultRow } from "./table.ts";

const started = performance.now();
const log = (line: string) => console.log(line);
assertBuilt();
console.log(`# Third Place faults — ${new Date().toISOString()}, load average ${loadavg()[0].toFixed(1)} at the start`);

const rows: FaultRow[] = [];
let failed = false;
/** One fault on a server of its own, stopped whatever happens. */
async function fault(name: string, start: () => Promise<FaultServer>, check: (server: FaultServer) => Promise<FaultRow>) {
  console.log(`\n## ${name}`);
  let server: FaultServer | undefined;
  try {
    server = await start();
    rows.push(await check(server));
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error);
  } finally {
    await server?.stop();
  }
}

await fault("kill -9 mid-burst of readings", () => FaultServer.start(), (server) => killMidReadings(server, log));

console.log("");
printTable(rows, log);
const ok = !failed && rows.every(rowOk);
console.log(`\nFaults took ${((performance.now() - started) / 1000).toFixed(0)} s; ${ok ? "every row lost 0, duplicated 0 → pass" : "→ FAIL"}.`);
process.exitCode = ok ? 0 : 1;
