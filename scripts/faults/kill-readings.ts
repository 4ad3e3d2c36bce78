// Row 1 of `npm run faults` (docs/faults.md#kill-mid-readings): SIGKILL of workerd mid-burst of
// readings from 30 sensors, then a restart on the same state folder. Every acknowledged reading
// must be in its place's object, and D1's quarter hours must equal a recomputation from the
// objects' readings (the alarm that flushes them must survive the kill), none counted twice.
import { aggregateBuckets, BUCKET_MS, bucketStart, MINUTE_MS, type Bucket } from "../../worker/occupancy/aggregate.ts";
import { BenchApi } from "../bench/bench-api.ts";
import { d1File, readSqlite, storedReadings } from "../bench/state-files.ts";
import type { FaultServer } from "./server.ts";
import type { FaultRow } from "./table.ts";

const PLACES = 3;
const SENSORS_PER_PLACE = 10;
/** One request per reading, under the place object's limit of 60 a minute per sensor. */
const READINGS_PER_SENSOR = 40;
/** The kill comes once this share of the burst is acknowledged. */
const KILL_AT_SHARE = 0.5;
/** The burst's readings are stamped this long ago onwards, so every quarter hour they touch has closed. */
const HISTORY_START_AGO_MS = 3 * 60 * MINUTE_MS;
/** D1 must match the objects within this after the restart (the alarm runs every 30 s). */
const RECOVERY_LIMIT_MS = 120_000;
/** A quarter hour is written a minute after it ends (docs/sensors.md#definitions). */
const CLOSE_GRACE_MS = MINUTE_MS;
/** Quarter-hour means may differ in float rounding only. */
const TOLERANCE = 1e-9;

interface Sensor {
  id: number;
  key: string;
  placeId: number;
  /** The sensor's readings, in the order it sends them. */
  readings: { ts: number; count: number }[];
}

type Outcome = "accepted" | "duplicate" | "refused";

async function post(baseUrl: string, sensor: Sensor, reading: { ts: number; count: number }): Promise<Outcome> {
  const response = await fetch(`${baseUrl}/api/ingest`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sensor.key}` },
    body: JSON.stringify({ readings: [{ ts: new Date(reading.ts).toISOString(), count: reading.count }] }),
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    return "refused";
  }
  const answer = (await response.json()) as { accepted: number; duplicates: number };
  return answer.accepted === 1 ? "accepted" : answer.duplicates === 1 ? "duplicate" : "refused";
}

async function registerSensors(api: BenchApi, historyStart: number): Promise<Sensor[]> {
  const sensors: Sensor[] = [];
  for (let p = 0; p < PLACES; p++) {
    const placeId = await api.createPlace({
      name: `Faults readings ${p + 1}`,
      address: `${p + 1} Avenue C, New York, NY`,
      latitude: "40.7246",
      longitude: "-73.9818",
      max_devices: String(SENSORS_PER_PLACE),
    });
    for (let d = 0; d < SENSORS_PER_PLACE; d++) {
      const device = await api.registerDevice(placeId, `Faults sensor ${d + 1}`);
      const s = sensors.length;
      // A reading a minute per sensor, each sensor a second later than the last: distinct minutes, distinct stamps.
      const readings = Array.from({ length: READINGS_PER_SENSOR }, (_, i) => ({ ts: historyStart + i * MINUTE_MS + s * 1000, count: 2 + ((i * 7 + s) % 25) }));
      sensors.push({ ...device, placeId, readings });
    }
  }
  return sensors;
}

const readingKey = (deviceId: number, ts: number) => `${deviceId}/${ts}`;

/**
 * Quarter hours of D1 against a recomputation from the objects' readings, per place: how many differ
 * each way. Only quarter hours the objects write by `closedBy` (epoch ms: a minute after their end)
 * are compared, on both sides.
 */
export function compareRollups(stateDir: string, placeIds: readonly number[], deviceIds: ReadonlySet<number>, closedBy = Infinity) {
  const readings = storedReadings(stateDir).filter((reading) => deviceIds.has(reading.device_id) && reading.implausible_packed === null);
  const file = d1File(stateDir);
  const devicePlace = new Map(
    readSqlite<{ id: number; place_id: number }>(file, `SELECT id, place_id FROM devices WHERE place_id IN (${placeIds.join(",")})`).map((row) => [row.id, row.place_id]),
  );
  let missingOrLow = 0;
  let extraOrHigh = 0;
  let compared = 0;
  for (const placeId of placeIds) {
    const own = readings
      .filter((reading) => devicePlace.get(reading.device_id) === placeId)
      .sort((a, b) => a.device_id - b.device_id || a.minute - b.minute)
      .map((reading) => ({ deviceId: reading.device_id, ts: reading.ts, count: reading.count }));
    const closed = (start: number) => start + BUCKET_MS + CLOSE_GRACE_MS <= closedBy;
    const expected: Bucket[] = (
      own.length === 0
        ? []
        : aggregateBuckets(own, bucketStart(Math.min(...own.map((r) => r.ts))), bucketStart(Math.max(...own.map((r) => r.ts)) + 5 * MINUTE_MS) + BUCKET_MS)
    ).filter((bucket) => closed(bucket.start));
    const stored = new Map(
      readSqlite<{ bucket_start: number; avg_people: number; max_people: number; samples: number }>(
        file,
        "SELECT bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ?",
        placeId,
      )
        .map((row) => [row.bucket_start * 1000, row] as const)
        .filter(([start]) => closed(start)),
    );
    compared += expected.length;
    for (const bucket of expected) {
      const row = stored.get(bucket.start);
      stored.delete(bucket.start);
      if (!row || row.samples < bucket.samples || row.avg_people < bucket.avgPeople - TOLERANCE || row.max_people < bucket.maxPeople) missingOrLow++;
      else if (row.samples > bucket.samples || row.avg_people > bucket.avgPeople + TOLERANCE || row.max_people > bucket.maxPeople) extraOrHigh++;
    }
    extraOrHigh += stored.size;
  }
  return { missingOrLow, extraOrHigh, compared };
}

export async function killMidReadings(server: FaultServer, log: (line: string) => void): Promise<FaultRow> {
  const api = await BenchApi.signIn(server.baseUrl);
  const historyStart = bucketStart(Date.now() - HISTORY_START_AGO_MS);
  const sensors = await registerSensors(api, historyStart);
  const deviceIds = new Set(sensors.map((sensor) => sensor.id));
  const placeIds = [...new Set(sensors.map((sensor) => sensor.placeId))];
  const total = sensors.length * READINGS_PER_SENSOR;

  // The burst: every sensor sends its readings one request at a time, all sensors at once.
  const acknowledged = new Set<string>();
  /** Sent, and unanswered when the server died: stored or not, the sensor must send them again. */
  const cutOff = new Set<string>();
  let refusedBefore = 0;
  let killed: Promise<number> | undefined;
  const kill = () => (killed ??= server.killWorkerd());
  const baseUrl = server.baseUrl;
  await Promise.all(
    sensors.map(async (sensor) => {
      for (const reading of sensor.readings) {
        if (killed) return;
        const key = readingKey(sensor.id, reading.ts);
        try {
          const outcome = await post(baseUrl, sensor, reading);
          if (outcome === "accepted") acknowledged.add(key);
          else refusedBefore++;
        } catch {
          cutOff.add(key);
          return;
        }
        if (acknowledged.size >= total * KILL_AT_SHARE) void kill();
      }
    }),
  );
  const workerdKilled = await (killed ?? Promise.reject(new Error("the burst ended before the kill")));
  const killedAt = performance.now();
  log(`  killed ${workerdKilled} workerd process(es) with SIGKILL after ${acknowledged.size} of ${total} readings were acknowledged (${cutOff.size} requests cut off)`);

  await server.restart();
  const present = new Set(storedReadings(server.stateDir).map((reading) => readingKey(reading.device_id, reading.ts)));
  const lostReadings = [...acknowledged].filter((key) => !present.has(key)).length;
  const cutOffStored = [...cutOff].filter((key) => present.has(key)).length;

  // Then each sensor sends again what it has no acknowledgement of, as a sensor buffering its counts does.
  let acceptedTwice = 0;
  let refusedAfter = 0;
  for (const sensor of sensors) {
    for (const reading of sensor.readings) {
      const key = readingKey(sensor.id, reading.ts);
      if (acknowledged.has(key)) continue;
      const outcome = await post(server.baseUrl, sensor, reading);
      if (outcome === "refused") refusedAfter++;
      // Stored before the kill yet taken again as new: it would count twice.
      else if (outcome === "accepted" && present.has(key)) acceptedTwice++;
    }
  }

  // Every reading once in the objects; D1's quarter hours from the objects' flush, however long it takes.
  let rollups = compareRollups(server.stateDir, placeIds, deviceIds);
  while ((rollups.missingOrLow > 0 || rollups.extraOrHigh > 0) && performance.now() - killedAt < RECOVERY_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    rollups = compareRollups(server.stateDir, placeIds, deviceIds);
  }
  const recovered = rollups.missingOrLow === 0 && rollups.extraOrHigh === 0;
  const recoveredAfterS = recovered ? (performance.now() - killedAt) / 1000 : null;
  const stored = storedReadings(server.stateDir).filter((reading) => deviceIds.has(reading.device_id));
  const sent = new Set(sensors.flatMap((sensor) => sensor.readings.map((reading) => readingKey(sensor.id, reading.ts))));
  const strays = stored.filter((reading) => !sent.has(readingKey(reading.device_id, reading.ts))).length;
  const storedKeys = new Set(stored.map((reading) => readingKey(reading.device_id, reading.ts)));
  /** Never acknowledged before the kill, and still not stored after the resend. */
  const missingUnacknowledged = [...sent].filter((key) => !acknowledged.has(key) && !storedKeys.has(key)).length;

  return {
    fault: "kill -9 mid-burst of readings",
    injectedHow: `SIGKILL to workerd at ${Math.round(KILL_AT_SHARE * 100)} % of ${total} readings from ${sensors.length} sensors at ${PLACES} places, restart on the same state folder`,
    acknowledged: acknowledged.size,
    lost: lostReadings + missingUnacknowledged + rollups.missingOrLow,
    duplicated: acceptedTwice + strays + rollups.extraOrHigh,
    recoveredAfterS,
    notes: [
      `${cutOff.size} requests cut off by the kill (${cutOffStored} of them stored anyway: their resend answered duplicate); refused ${refusedBefore} before, ${refusedAfter} after`,
      `acknowledged but missing after the restart ${lostReadings}; after the resend the objects hold ${stored.length} of the ${sent.size} readings sent; of the ${rollups.compared} quarter hours recomputed from them, D1 has ${rollups.missingOrLow} missing or low, ${rollups.extraOrHigh} extra or high`,
    ],
  };
}
