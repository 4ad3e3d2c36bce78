// Ingest against the limit: the bare worker, GET /api/health and POST /api/ingest under the same
// load, then a check that every reading the server acknowledged is stored in its place's object.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type autocannon from "autocannon";
import { minuteStart } from "../../worker/occupancy/aggregate.ts";
import type { Served, ServedApp } from "../serve-built-app.ts";
import { BenchApi, fixed, loadSideBySide, passFail, type LoadFigures } from "./bench-api.ts";

const CONNECTIONS = 50;
const DURATION_S = 10;
/** The targets take turns, DURATION_S / ROUNDS seconds at a time. */
const ROUNDS = 5;
const PLACES = 20;
/**
 * Sensors per place. A sensor may make 60 requests a minute (DEVICE_LIMITER); 20 × 15 sensors
 * allow 18,000 in a minute, more than this machine serves in 10 s, so a 429 here is a finding.
 */
const DEVICES_PER_PLACE = 15;
const BUDGET = 0.5;

interface Sensor {
  id: number;
  key: string;
  lastTs: number;
}

/** autocannon's per-request context: the reading the request carries, as "device/ts". */
interface RequestContext {
  reading?: string;
}

async function registerSensors(api: BenchApi): Promise<Sensor[]> {
  const sensors: Sensor[] = [];
  for (let p = 1; p <= PLACES; p++) {
    const placeId = await api.createPlace({
      name: `Bench Ingest ${p}`,
      address: `${p} Avenue B, New York, NY`,
      latitude: "40.7246",
      longitude: "-73.9818",
      max_devices: String(DEVICES_PER_PLACE),
    });
    const devices = await Promise.all(
      Array.from({ length: DEVICES_PER_PLACE }, (_, d) => api.registerDevice(placeId, `Sensor ${d + 1}`)),
    );
    sensors.push(...devices.map((device) => ({ ...device, lastTs: 0 })));
  }
  return sensors;
}

/** (device, ts) of every reading stored in the PlaceOccupancy objects' own SQLite. */
function storedReadings(stateDir: string): Set<string> {
  const folder = path.join(stateDir, "v3", "do", "third-place-PlaceOccupancy");
  const stored = new Set<string>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(path.join(folder, file), { readOnly: true });
    try {
      const hasReadings = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'readings'").get();
      if (!hasReadings) continue;
      for (const row of db.prepare("SELECT device_id, ts FROM readings").all() as { device_id: number; ts: number }[]) {
        stored.add(`${row.device_id}/${row.ts}`);
      }
    } finally {
      db.close();
    }
  }
  return stored;
}

const row = (name: string, figures: LoadFigures) => {
  const statuses = Object.entries(figures.statusCounts)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  return `| ${name} | ${fixed(figures.requestsPerSecond, 0)} | ${fixed(figures.p50)} | ${fixed(figures.p99)} | ${statuses}${figures.errors ? `, ${figures.errors} errors` : ""} |`;
};

export async function benchIngest(app: ServedApp, bare: Served, api: BenchApi): Promise<boolean> {
  console.log(
    `\n## Ingest against a bare worker: ${CONNECTIONS} connections, ${DURATION_S} s each, taking turns in ${ROUNDS} rounds`,
  );
  const sensors = await registerSensors(api);
  const sensorIds = new Set(sensors.map((sensor) => sensor.id));

  // Each request is one sensor's count now, round robin over all sensors, with a time unique per
  // sensor (a repeated (sensor, ts) would be a duplicate, not a new reading).
  let next = 0;
  const acknowledged = new Set<string>();
  /** Sent and not answered yet; what is left when the run stops was cut off. */
  const unanswered = new Set<string>();
  let accepted = 0;
  let duplicates = 0;
  const ingest: autocannon.Options = {
    url: `${app.baseUrl}/api/ingest`,
    requests: [
      {
        method: "POST",
        setupRequest: (request: autocannon.Request, context: RequestContext) => {
          const sensor = sensors[next++ % sensors.length];
          const ts = Math.max(Date.now(), sensor.lastTs + 1);
          sensor.lastTs = ts;
          context.reading = `${sensor.id}/${ts}`;
          unanswered.add(context.reading);
          const count = 5 + (ts % 40);
          return {
            ...request,
            headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key}` },
            body: JSON.stringify({ readings: [{ ts: new Date(ts).toISOString(), count }] }),
          };
        },
        onResponse: (status: number, body: string, context: RequestContext) => {
          unanswered.delete(context.reading!);
          if (status !== 200) return;
          const answer = JSON.parse(body) as { accepted: number; duplicates: number };
          accepted += answer.accepted;
          duplicates += answer.duplicates;
          if (answer.accepted === 1) acknowledged.add(context.reading!);
        },
      },
    ],
  };

  const figures = await loadSideBySide(
    { bare: { url: bare.baseUrl }, health: { url: `${app.baseUrl}/api/health` }, ingest },
    { connections: CONNECTIONS, seconds: DURATION_S, rounds: ROUNDS },
  );
  const { bare: bareFigures, health: healthFigures, ingest: ingestFigures } = figures;

  console.log("| target | req/s | p50 ms | p99 ms | answers |");
  console.log("|---|---|---|---|---|");
  console.log(row("bare worker ('ok')", bareFigures));
  console.log(row("GET /api/health", healthFigures));
  console.log(row(`POST /api/ingest (${sensors.length} sensors at ${PLACES} places)`, ingestFigures));

  const ratio = ingestFigures.requestsPerSecond / bareFigures.requestsPerSecond;
  const unexpected = (figures: LoadFigures, allowed: string[] = []) =>
    figures.errors +
    Object.entries(figures.statusCounts)
      .filter(([status]) => !status.startsWith("2") && !allowed.includes(status))
      .reduce((sum, [, count]) => sum + count, 0);
  const rateLimited = ingestFigures.statusCounts["429"] ?? 0;
  const badAnswers = unexpected(bareFigures) + unexpected(healthFigures) + unexpected(ingestFigures, ["429"]);

  // Nothing lost: an object keeps one reading per sensor and minute, the minute's last, so the last
  // reading answered "accepted" of every sensor-minute is in its place's object (or a later one the
  // end of the run cut off), and the objects hold no other reading of these sensors.
  const stored = [...storedReadings(app.stateDir)].filter((key) => sensorIds.has(Number(key.split("/")[0])));
  const sensorMinute = (key: string) => {
    const [sensor, ts] = key.split("/").map(Number);
    return { slot: `${sensor}/${minuteStart(ts)}`, ts };
  };
  const storedTs = new Map(stored.map((key) => [sensorMinute(key).slot, sensorMinute(key).ts]));
  const missing = [...acknowledged].filter((key) => {
    const { slot, ts } = sensorMinute(key);
    return (storedTs.get(slot) ?? -Infinity) < ts;
  }).length;
  const strays = stored.filter((key) => !acknowledged.has(key) && !unanswered.has(key)).length;
  const cutOffStored = stored.filter((key) => unanswered.has(key)).length;
  const nothingLost = missing === 0 && strays === 0 && accepted === acknowledged.size && duplicates === 0;

  console.log(`health ÷ bare = ${fixed(healthFigures.requestsPerSecond / bareFigures.requestsPerSecond, 2)}`);
  console.log(`ingest ÷ bare = ${fixed(ratio, 2)} (budget ≥ ${BUDGET}) → ${passFail(ratio >= BUDGET)}`);
  console.log(
    `non-2xx other than 429, and connection errors: ${badAnswers} (budget 0) → ${passFail(badAnswers === 0)}; 429 (per-sensor limit): ${rateLimited}`,
  );
  console.log(
    `readings accepted ${accepted}, duplicates ${duplicates}; stored in the places' objects ${stored.length} ` +
      `(${missing} acknowledged but missing, ${strays} never sent; ${cutOffStored} of the ${unanswered.size} requests cut off unanswered at the end) → ${passFail(nothingLost)}`,
  );
  return ratio >= BUDGET && badAnswers === 0 && nothingLost;
}
