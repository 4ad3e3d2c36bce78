// The real-data forecast backtest (scripts/bench/real-backtest.ts) forecasts from the readings
// before `now` only: shuffling and changing every later reading leaves the forecast as it was,
// while a change to a reading before `now` moves it. Run in Node, beside the bench.
import { describe, expect, it } from "vitest";
import { DAY_MS, fromWall, HOUR_MS } from "../../common/local-time";
import { forecastAt, gymPlace, quarterHours, TIME_ZONE } from "../../scripts/bench/real-backtest";
import type { TimedCount } from "../../worker/occupancy/reading-window";

/** Wall midnight of Monday 2 March 2026. */
const firstDay = Date.UTC(2026, 2, 2);
/** A count every 20 minutes 06:00–21:40 local for 10 weeks, varied by day and time. */
function readings(): TimedCount[] {
  const all: TimedCount[] = [];
  for (let day = 0; day < 70; day++) {
    for (let minute = 6 * 60; minute < 22 * 60; minute += 20) {
      const count = 20 + ((day * 7 + minute * 13) % 31) + (minute > 17 * 60 ? 25 : 0);
      all.push({ ts: fromWall(TIME_ZONE, firstDay + day * DAY_MS + minute * 60_000), count });
    }
  }
  return all;
}

describe("the real-data forecast backtest", () => {
  it("uses no reading at or after now", () => {
    const original = readings();
    const place = gymPlace(original);
    // Monday of the 10th week at 17:00 local.
    const now = fromWall(TIME_ZONE, firstDay + 63 * DAY_MS + 17 * HOUR_MS);
    const end = original[original.length - 1].ts + DAY_MS;
    const forecast = forecastAt(quarterHours(original, end - (end % (15 * 60_000))), place, now);
    expect(forecast.filter((hour) => hour.percent !== null).length).toBeGreaterThan(3);

    // Every reading from now on: counts reversed in order and doubled.
    const from = original.findIndex((reading) => reading.ts >= now);
    const futureCounts = original.slice(from).map((reading) => reading.count * 2).reverse();
    const shuffled = original.map((reading, i) => (i < from ? reading : { ts: reading.ts, count: futureCounts[i - from] }));
    expect(forecastAt(quarterHours(shuffled, end - (end % (15 * 60_000))), place, now)).toEqual(forecast);

    // The reading 20 minutes before now does count.
    const changed = original.map((reading, i) => (i === from - 1 ? { ts: reading.ts, count: reading.count + 60 } : reading));
    expect(forecastAt(quarterHours(changed, end - (end % (15 * 60_000))), place, now)).not.toEqual(forecast);
  });
});
