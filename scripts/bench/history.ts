// History import at scale (issue 14): a year of one sensor's per-minute counts (525,600 readings)
// through POST /api/place/{id}/history, one month a request in order, to a new place. The last
// month must not cost much more per reading than the first, with eleven months already stored;
// afterwards every quarter hour and day peak in D1 must equal a recomputation from the file with
// the app's own aggregation.
import { DatabaseSync } from "node:sqlite";
import { DAY_MS, HOUR_MS, offsetAt } from "../../common/local-time.ts";
import { aggregateBuckets, MINUTE_MS, type Bucket, type Reading } from "../../worker/occupancy/aggregate.ts";
import type { ServedApp } from "../serve-built-app.ts";
import { BenchApi, fixed, passFail } from "./bench-api.ts";
import { d1File } from "./state-files.ts";

/** A whole past UTC year, older than the objects' raw window, so all of it becomes quarter hours. */
const YEAR = 2025;
/** Last month's time per reading ÷ the first month's. */
const BUDGET = 1.3;
/** Relative difference allowed between a stored mean and the recomputed one (SQLite's REAL parsing). */
const TOLERANCE = 1e-9;

/** The deterministic count of a minute: a daily curve with a weekly lift, plus some noise. */
function countAt(ts: number): number {
  const hour = (ts % DAY_MS) / HOUR_MS;
  const weekday = Math.floor(ts / DAY_MS) % 7;
  const curve = Math.max(0, Math.sin(((hour - 14) / 24) * 2 * Math.PI)) * (weekday >= 1 && weekday <= 2 ? 60 : 40);
  const noise = Math.imul(ts / MINUTE_MS, 2654435761) >>> 28;
  return Math.round(curve) + noise;
}

/** The year's months as Paxcounter-style ISO lines of `ts,count`, each one file (about 1 MB). */
function monthFiles(): { label: string; csv: string; readings: Reading[] }[] {
  return Array.from({ length: 12 }, (_, month) => {
    const from = Date.UTC(YEAR, month, 1);
    const to = Date.UTC(YEAR, month + 1, 1);
    const readings: Reading[] = [];
    const lines = ["ts,count"];
    for (let ts = from; ts < to; ts += MINUTE_MS) {
      const count = countAt(ts);
      readings.push({ deviceId: 0, ts, count });
      lines.push(`${new Date(ts).toISOString().replace(".000Z", "Z")},${count}`);
    }
    return { label: new Date(from).toISOString().slice(0, 7), csv: `${lines.join("\n")}\n`, readings };
  });
}

async function postHistory(api: BenchApi, placeId: number, csv: string, dryRun = false) {
  const response = await fetch(`${api.baseUrl}/api/place/${placeId}/history${dryRun ? "?dry_run=1" : ""}`, {
    method: "POST",
    headers: { ...api.adminHeaders, "content-type": "text/csv" },
    body: csv,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`history import answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as { readings: number; quarter_hours_written?: number };
}

const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(b));

/**
 * Venue day → its busiest local hour's mean people, from quarter hours as the app's SQL does it:
 * Σ avg × samples ÷ Σ samples per local hour (a repeated autumn hour apart), the maximum per day.
 */
function dayPeaksOf(buckets: readonly Bucket[], timeZone: string, dayStartHour: number): Map<number, number> {
  const hours = new Map<string, { day: number; peopleMinutes: number; samples: number }>();
  for (const bucket of buckets) {
    const offset = offsetAt(timeZone, bucket.start);
    const wallHour = Math.floor((bucket.start + offset) / HOUR_MS);
    const key = `${wallHour}/${offset}`;
    const hour = hours.get(key) ?? { day: Math.floor((wallHour - dayStartHour) / 24), peopleMinutes: 0, samples: 0 };
    hour.peopleMinutes += bucket.avgPeople * bucket.samples;
    hour.samples += bucket.samples;
    hours.set(key, hour);
  }
  const peaks = new Map<number, number>();
  for (const hour of hours.values()) peaks.set(hour.day, Math.max(peaks.get(hour.day) ?? 0, hour.peopleMinutes / hour.samples));
  return peaks;
}

/** Whether D1's quarter hours and day peaks of the place equal those recomputed from the readings. */
function rollupsMatch(stateDir: string, placeId: number, readings: readonly Reading[]) {
  const expected = aggregateBuckets(readings, Date.UTC(YEAR, 0, 1), Date.UTC(YEAR + 1, 0, 1));
  const db = new DatabaseSync(d1File(stateDir), { readOnly: true });
  try {
    const place = db.prepare("SELECT timezone, day_start_hour FROM places WHERE id = ?").get(placeId) as { timezone: string; day_start_hour: number };
    const stored = db
      .prepare("SELECT bucket_start, avg_people, max_people, samples FROM occupancy_15m WHERE place_id = ? ORDER BY bucket_start")
      .all(placeId) as { bucket_start: number; avg_people: number; max_people: number; samples: number }[];
    let bucketMismatches = Math.abs(stored.length - expected.length);
    for (let i = 0; i < Math.min(stored.length, expected.length); i++) {
      const [row, bucket] = [stored[i], expected[i]];
      const same =
        row.bucket_start * 1000 === bucket.start && near(row.avg_people, bucket.avgPeople) && row.max_people === bucket.maxPeople && row.samples === bucket.samples;
      if (!same) bucketMismatches++;
    }
    const expectedPeaks = dayPeaksOf(expected, place.timezone, place.day_start_hour);
    const storedPeaks = db.prepare("SELECT day, peak_people FROM occupancy_day_peaks WHERE place_id = ?").all(placeId) as { day: number; peak_people: number }[];
    let peakMismatches = Math.abs(storedPeaks.length - expectedPeaks.size);
    for (const peak of storedPeaks) if (!near(peak.peak_people, expectedPeaks.get(peak.day) ?? NaN)) peakMismatches++;
    return { buckets: stored.length, bucketMismatches, peaks: storedPeaks.length, peakMismatches };
  } finally {
    db.close();
  }
}

export async function benchHistoryImport(app: ServedApp, api: BenchApi): Promise<boolean> {
  const months = monthFiles();
  const total = months.reduce((sum, month) => sum + month.readings.length, 0);
  const largest = Math.max(...months.map((month) => month.csv.length));
  console.log(
    `\n## History import: a year of one sensor's per-minute counts (${total.toLocaleString("en-US")} readings, ${YEAR}) to a new place, one month per request in order (largest ${fixed(largest / 2 ** 20, 2)} MB)`,
  );
  const placeId = await api.createPlace({
    name: "Bench History Import",
    address: "2 Avenue C, New York, NY",
    latitude: "40.7219",
    longitude: "-73.9790",
  });
  // Unmeasured: the parser's first run (a dry run stores nothing), so the first month is not timed cold.
  await postHistory(api, placeId, months[0].csv, true);

  console.log("| month | readings | quarter hours written | s | readings/s |");
  console.log("|---|---|---|---|---|");
  const seconds: number[] = [];
  let written = 0;
  let allWritten = true;
  for (const month of months) {
    const started = performance.now();
    const answer = await postHistory(api, placeId, month.csv);
    const elapsed = (performance.now() - started) / 1000;
    seconds.push(elapsed);
    written += answer.quarter_hours_written ?? 0;
    allWritten &&= answer.readings === month.readings.length && answer.quarter_hours_written === month.readings.length / 15;
    console.log(`| ${month.label} | ${answer.readings} | ${answer.quarter_hours_written} | ${fixed(elapsed, 2)} | ${fixed(answer.readings / elapsed, 0)} |`);
  }
  const totalSeconds = seconds.reduce((sum, value) => sum + value, 0);
  const perReading = (i: number) => seconds[i] / months[i].readings.length;
  const growth = perReading(months.length - 1) / perReading(0);
  const growthOk = growth <= BUDGET;
  console.log(
    `${total.toLocaleString("en-US")} readings in ${fixed(totalSeconds, 1)} s = ${fixed(total / totalSeconds, 0)} readings/s; ` +
      `${written} quarter hours written${allWritten ? "" : " (not every month's, see above)"}`,
  );
  console.log(
    `last month ÷ first month, time per reading = ${fixed(growth, 2)} (first ${fixed(months[0].readings.length / seconds[0], 0)}, last ${fixed(months.at(-1)!.readings.length / seconds.at(-1)!, 0)} readings/s; budget ≤ ${BUDGET}) → ${passFail(growthOk)}`,
  );
  const check = rollupsMatch(app.stateDir, placeId, months.flatMap((month) => month.readings));
  const match = check.bucketMismatches === 0 && check.peakMismatches === 0 && allWritten;
  console.log(
    `rollups match recomputation: ${match ? "yes" : "no"} (${check.buckets} quarter hours, ${check.bucketMismatches} differ; ${check.peaks} day peaks, ${check.peakMismatches} differ) → ${passFail(match)}`,
  );
  return growthOk && match;
}
