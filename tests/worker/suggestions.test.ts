// GET /api/places/suggestions through the API (docs/app.md#saved-places-and-suggestions): the
// query's 400s, places within the radius ranked (level first, then distance), the forecast level
// at an hour ahead, open then, category and tag, hidden counts, and the cache key built from the
// normalised query.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { SuggestionsAnswer } from "../../common/schemas/saved";
import { api, clearTables } from "./helpers";
import { hoursOn } from "./hours-fixtures";
import { createPlace, errorOf, eveningsBeforeJune10th2031, liveRowAt, useFixedClock } from "./occupancy-fixtures";
import { normalQuery, suggestionsPath } from "../../worker/routes/suggestions";

/** Tuesday 10 June 2031, 21:10 in New York (EDT, UTC−4). */
const now = Date.UTC(2031, 5, 11, 1, 10);
const minute = 60_000;
useFixedClock(now);

/**
 * Near Tompkins Square Park, a block apart per test, so no test meets another's cached answer;
 * places are put north of it by `metres`.
 */
let origin = { lat: 40.726, lng: -73.981 };
let block = 0;
beforeEach(() => {
  block += 1;
  origin = { lat: 40.726, lng: Number((-73.981 + block * 0.05).toFixed(3)) };
});
const north = (metres: number) => origin.lat + metres / 111_195;

async function placeAt(metres: number, settings: Parameters<typeof createPlace>[0] & { category?: string } = {}) {
  const id = await createPlace(settings);
  await env.DB.prepare("UPDATE places SET latitude = ?, longitude = ?, category = ? WHERE id = ?")
    .bind(north(metres), origin.lng, settings.category ?? "bar", id)
    .run();
  return id;
}

const liveRow = (placeId: number, percent: number, level: string) => liveRowAt(placeId, { people: percent, percent, level }, now - minute);
const evenings = eveningsBeforeJune10th2031;

const near = (extra = "") => `/api/places/suggestions?lat=${origin.lat}&lng=${origin.lng}&radius_m=1000${extra}`;
async function suggestions(path: string) {
  const response = await api(path);
  expect(response.status).toBe(200);
  return response.json<SuggestionsAnswer>();
}

describe("suggestions", () => {
  it("refuses bad queries with 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["/api/places/suggestions", "lat: must be a latitude between -90 and 90."],
      ["/api/places/suggestions?lat=91&lng=0", "lat: must be a latitude between -90 and 90."],
      ["/api/places/suggestions?lat=40&lng=abc", "lng: must be a longitude between -180 and 180."],
      ["/api/places/suggestions?lat=40&lng=-73&radius_m=20001", "radius_m: must be a whole number of metres from 100 to 20000."],
      ["/api/places/suggestions?lat=40&lng=-73&limit=51", "limit: must be a whole number from 1 to 50."],
      ["/api/places/suggestions?lat=40&lng=-73&level=Quiet", "level: must be one of: Relaxed, Lively, Packed."],
      ["/api/places/suggestions?lat=40&lng=-73&open=yes", "open: must be 1 (open then) or 0 (any)."],
      ["/api/places/suggestions?lat=40&lng=-73&at=tomorrow", "at: must be an ISO time such as 2031-06-11T01:00:00Z."],
      ["/api/places/suggestions?lat=40&lng=-73&at=2031-06-19T01:00:00Z", "at: must be within the next 7 days."],
      ["/api/places/suggestions?lat=40&lng=-73&at=2031-06-10T01:00:00Z", "at: must be within the next 7 days."],
      ["/api/places/suggestions?lat=40&lng=-73&tag=%3Cscript%3E", "tag: must be up to 10 comma-separated tag names."],
    ];
    for (const [path, error] of cases) {
      const response = await api(path);
      expect(response.status, path).toBe(400);
      expect(await errorOf(response), path).toBe(error);
    }
  });

  it("ranks places within the radius: the preferred level first, then the nearest; open now narrows", async () => {
    await clearTables("places");
    const lively = await placeAt(100, { hours: hoursOn("17:00", "02:00") });
    const relaxedFar = await placeAt(600, { hours: hoursOn("17:00", "02:00") });
    const closed = await placeAt(300, { hours: hoursOn("23:00", "03:00") });
    await placeAt(1500);
    await liveRow(lively, 50, "Lively");
    await liveRow(relaxedFar, 10, "Relaxed");
    const plain = await suggestions(near());
    expect(plain.forecast).toBe(false);
    expect(plain.places.map((place) => place.id)).toEqual([lively, closed, relaxedFar]);
    expect(plain.places[0]).toMatchObject({ level: "Lively", percent: 50, open: true, opens_at: null });
    expect(plain.places[0].distance_m).toBeGreaterThanOrEqual(99);
    expect(plain.places[0].distance_m).toBeLessThanOrEqual(101);
    expect(plain.places[1]).toMatchObject({ open: false, opens_at: "2031-06-11T03:00:00.000Z", level: null });
    const relaxed = await suggestions(near("&level=Relaxed&open=1"));
    expect(relaxed.places.map((place) => place.id)).toEqual([relaxedFar, lively]);
    expect((await suggestions(near("&limit=1"))).places.map((place) => place.id)).toEqual([lively]);
  });

  it("answers an hour ahead with the forecast level, open then, and keeps category and tag", async () => {
    await clearTables("places", "tags");
    const quietLater = await placeAt(200, { hours: hoursOn("17:00", "02:00") });
    const pub = await placeAt(100, { hours: hoursOn("17:00", "02:00"), category: "pub" });
    await evenings(quietLater, (hour) => (hour === 23 ? 10 : 70));
    await evenings(pub, () => 70);
    await liveRow(quietLater, 70, "Lively");
    const tag = await env.DB.prepare("INSERT INTO tags (name) VALUES ('Live Music') RETURNING id").first<{ id: number }>();
    await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?)").bind(pub, tag!.id).run();
    // 23:30 tonight, local: the 23:00 hour.
    const ahead = await suggestions(near("&at=2031-06-11T03:30:00Z&level=Relaxed"));
    expect(ahead).toMatchObject({ at: "2031-06-11T03:00:00.000Z", forecast: true });
    expect(ahead.places.map((place) => [place.id, place.level, place.percent, place.open])).toEqual([
      [quietLater, "Relaxed", 10, true],
      [pub, "Lively", 70, true],
    ]);
    // Thursday 10:00 local: both closed; open=1 keeps none.
    expect((await suggestions(near("&at=2031-06-12T14:00:00Z&open=1"))).places).toEqual([]);
    expect((await suggestions(near("&category=PUB,cafe"))).places.map((place) => place.id)).toEqual([pub]);
    expect((await suggestions(near("&tag=live music"))).places.map((place) => place.id)).toEqual([pub]);
  });

  it("withholds percents where the owners hide counts: the level stays", async () => {
    await clearTables("places");
    const hidden = await placeAt(100, { hours: hoursOn("17:00", "02:00") });
    await evenings(hidden, () => 70);
    await liveRow(hidden, 70, "Lively");
    await env.DB.prepare("UPDATE places SET public_counts = 0 WHERE id = ?").bind(hidden).run();
    const live = await suggestions(near());
    expect(live.places[0]).toMatchObject({ level: "Lively", percent: null });
    const ahead = await suggestions(near("&at=2031-06-11T02:00:00Z"));
    expect(ahead.places[0]).toMatchObject({ level: "Lively", percent: null });
    expect(JSON.stringify(ahead)).not.toContain("70");
  });

  it("caches under the normalised query: rounded lat/lng, the hour of at, the lists sorted", async () => {
    await clearTables("places");
    const first = await placeAt(100);
    const lat = origin.lat.toFixed(3);
    const lng = origin.lng.toFixed(3);
    const answer = await suggestions(`/api/places/suggestions?lat=${lat}01&lng=${lng}49&radius_m=1000&category=bar,BAR&at=2031-06-11T03:30:00Z&extra=1`);
    expect(answer.places.map((place) => place.id)).toEqual([first]);
    // Measured from the rounded point, so the cached answer is right for everyone whose query rounds to it.
    expect(answer.places[0].distance_m).toBe(100);
    // A place added now is unseen by the same query spelled otherwise: it is one cache entry.
    await placeAt(50);
    const again = await suggestions(`/api/places/suggestions?category=%20Bar&at=2031-06-11T03:05:00.000Z&lng=${lng}&lat=${lat}&radius_m=1000`);
    expect(again.places.map((place) => place.id)).toEqual([first]);
    // Another hour is another entry.
    expect((await suggestions(`/api/places/suggestions?category=bar&at=2031-06-11T04:05:00.000Z&lng=${lng}&lat=${lat}&radius_m=1000`)).places).toHaveLength(2);
    expect(suggestionsPath(normalQuery({ lat: 40.72651, lng: -73.98149, radius_m: 1000, limit: 20, tag: ["a", "b"], at: "2031-06-11T03:30:00Z" }, now))).toBe(
      "/api/places/suggestions?lat=40.727&lng=-73.981&radius_m=1000&at=2031-06-11T03%3A00%3A00.000Z&tag=a%2Cb&limit=20",
    );
  });
});

describe("suggestions' caching", () => {
  it("keeps a live answer no longer than its first live place stays fresh", async () => {
    await clearTables("places");
    const place = await placeAt(100);
    await liveRow(place, 50, "Lively");
    const response = await api(near());
    // Written a minute ago: fresh for LIVE_WINDOW_MS after that, capped at 25 s.
    expect(response.headers.get("cache-control")).toBe("public, max-age=25, s-maxage=25");
    await env.DB.prepare("UPDATE place_live SET updated_at = ? WHERE place_id = ?").bind(now - 4 * minute - 50_000, place).run();
    const stale = await api(near("&limit=2"));
    expect(stale.headers.get("cache-control")).toBe("public, max-age=10, s-maxage=10");
  });
});
