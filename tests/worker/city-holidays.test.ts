// A venue's public holidays come from its city (docs/cities.md#what-reads-a-places-city), seen
// through GET /api/places/{id}/forecast: two venues alike in everything, their address included,
// but their city, are forecast apart on a holiday of one city's country only. "Now" is set per test
// (docs/testing.md#time-independence), in the future so no alarm fires by itself.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ForecastAnswer } from "../../common/schemas/answers";
import { DAY_MS, fromWall, HOUR_MS, toWall } from "../../common/local-time";
import { api } from "./helpers";
import { hoursOn } from "./hours-fixtures";
import { createPlace } from "./occupancy-fixtures";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Two venues open 17:00–00:00 every day on `timeZone`'s clock, one in each city, with the same address columns (createPlace's, in the US). */
async function twins(timeZone: string) {
  const venues: Record<string, number> = {};
  for (const city of ["new-york", "berlin"]) {
    const placeId = await createPlace({ timezone: timeZone, hours: hoursOn("17:00", "00:00") });
    await env.DB.prepare("UPDATE places SET city_id = (SELECT id FROM cities WHERE slug = ?) WHERE id = ?").bind(city, placeId).run();
    venues[city] = placeId;
  }
  return venues as { "new-york": number; berlin: number };
}

/** 30 people at local hours 17–23 of the 28 days before now's local day, 12 on Sundays. */
async function evenings(placeId: number, timeZone: string) {
  const today = Math.floor(toWall(timeZone, Date.now()) / DAY_MS);
  const statements = [];
  for (let day = today - 28; day < today; day++) {
    // Day 0 of the wall clock, 1970-01-01, was a Thursday: Sunday is 3.
    const people = (((day % 7) + 7) % 7) === 3 ? 12 : 30;
    for (let hour = 17; hour <= 23; hour++) {
      for (const quarter of [0, 1, 2, 3]) {
        const start = fromWall(timeZone, day * DAY_MS + hour * HOUR_MS) + quarter * 15 * 60_000;
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, 15)").bind(placeId, start / 1000, people, people),
        );
      }
    }
  }
  await env.DB.batch(statements);
}

/** The forecast's percent for the hour starting at a local wall time ("2031-10-03T21:00") on `timeZone`'s clock. */
async function forecastAt(placeId: number, timeZone: string, wall: string) {
  const response = await api(`/api/places/${placeId}/forecast`);
  expect(response.status).toBe(200);
  const start = new Date(fromWall(timeZone, Date.parse(`${wall}:00Z`))).toISOString();
  return (await response.json<ForecastAnswer>()).hours.find((hour) => hour.start === start)?.percent;
}

describe("a venue's holidays by its city", () => {
  it("forecasts Germany's Unity Day like a Sunday for the Berlin venue, not for its New York twin", async () => {
    // Tuesday 30 September 2031, 14:00 in Berlin; Friday 3 October is the Day of German Unity, and
    // no German or Berlin holiday falls in the 8 weeks before.
    vi.setSystemTime(Date.UTC(2031, 8, 30, 12));
    const zone = "Europe/Berlin";
    const venues = await twins(zone);
    for (const placeId of Object.values(venues)) await evenings(placeId, zone);
    expect(await forecastAt(venues.berlin, zone, "2031-10-03T21:00")).toBe(12);
    expect(await forecastAt(venues["new-york"], zone, "2031-10-03T21:00")).toBe(30);
    // The day before is an ordinary Thursday for both.
    expect(await forecastAt(venues.berlin, zone, "2031-10-02T21:00")).toBe(30);
  });

  it("forecasts Memorial Day like a Sunday for the New York venue, not for its Berlin twin", async () => {
    // Friday 23 May 2031, noon in New York; Monday 26 May is Memorial Day. No US or New York holiday
    // falls in the 8 weeks before (one would teach the venue its own holiday ratio, here 1).
    vi.setSystemTime(Date.UTC(2031, 4, 23, 16));
    const zone = "America/New_York";
    const venues = await twins(zone);
    for (const placeId of Object.values(venues)) await evenings(placeId, zone);
    expect(await forecastAt(venues["new-york"], zone, "2031-05-26T21:00")).toBe(12);
    expect(await forecastAt(venues.berlin, zone, "2031-05-26T21:00")).toBe(30);
    expect(await forecastAt(venues["new-york"], zone, "2031-05-27T21:00")).toBe(30);
  });
});
