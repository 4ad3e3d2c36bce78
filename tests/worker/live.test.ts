// GET /api/live: public fields only, no stale value shown as live, cached for at most 25 s.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { placeOccupancy } from "../../worker/occupancy/place-occupancy";
import type { LiveAnswer } from "../../common/schemas/answers";
import { api, clearTables } from "./helpers";
import { addDevice, createPlace, ingest, useFixedClock } from "./occupancy-fixtures";

const now = Date.UTC(2031, 4, 16, 2, 7); // in the future: no alarm fires by itself
const minute = 60_000;

useFixedClock(now);
beforeEach(async () => {
  await clearTables("place_live", "devices", "places");
  await caches.default.delete("https://third-place.test/api/live");
});

async function writeLive(placeId: number, people: number, percent: number, level: string, updatedAt: number) {
  await env.DB.prepare("INSERT INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES (?, ?, ?, ?, 1, ?)")
    .bind(placeId, people, percent, level, updatedAt)
    .run();
}

async function live() {
  const response = await api("/api/live");
  expect(response.status).toBe(200);
  return { body: await response.json<LiveAnswer>(), cacheControl: response.headers.get("cache-control") };
}

describe("GET /api/live", () => {
  it("lists every place with public fields, and numbers only while its devices are fresh", async () => {
    const fresh = await createPlace();
    const stale = await createPlace();
    const silent = await createPlace();
    await writeLive(fresh, 42, 53, "Lively", now - 2 * minute);
    await writeLive(stale, 90, 100, "Packed", now - 5 * minute - 1000);
    const { body } = await live();
    expect(body.generated_at).toBe(new Date(now).toISOString());
    const byId = new Map(body.places.map((place) => [place.id, place]));
    expect(Object.keys(byId.get(fresh)!).sort()).toEqual(
      [
        "address",
        "category",
        "city",
        "cover_image",
        "id",
        "latitude",
        "level",
        "live_looks_last_hour",
        "longitude",
        "name",
        "next_event",
        "offer_now",
        "open_now",
        "opens_at",
        "people",
        "percent",
        "slug",
        "special_now",
        "timezone",
        "type",
        "updated_at",
        "vs_usual",
      ],
    );
    expect(byId.get(fresh)).toMatchObject({ people: 42, percent: 53, level: "Lively", updated_at: new Date(now - 2 * minute).toISOString(), latitude: 40.72 });
    expect(byId.get(stale)).toMatchObject({ people: null, percent: null, level: null, updated_at: new Date(now - 5 * minute - 1000).toISOString() });
    expect(byId.get(silent)).toMatchObject({ people: null, percent: null, level: null, updated_at: null });
  });

  it("names each place's event under way or starting within 18 hours, on the venue's clock", async () => {
    const weekly = await createPlace();
    const later = await createPlace();
    // now is Thursday 15 May 2031, 10:07 PM in New York: a weekly Thursday quiz from 9 PM is under way.
    await env.DB.prepare(
      "INSERT INTO events (place_id, name, start_time, end_time, is_recurring, frequency, repeating_days) VALUES (?, 'Thursday Quiz', '2031-04-03T01:00:00.000Z', '2031-04-03T03:00:00.000Z', 1, 'weekly', '[\"Thursday\"]')",
    ).bind(weekly).run();
    await env.DB.prepare("INSERT INTO events (place_id, name, start_time, end_time) VALUES (?, 'Game watch', ?, ?), (?, 'Far off', ?, NULL)")
      .bind(later, new Date(now + 3 * 3_600_000).toISOString(), new Date(now + 5 * 3_600_000).toISOString(), later, new Date(now + 30 * 3_600_000).toISOString())
      .run();
    const byId = new Map((await live()).body.places.map((place) => [place.id, place]));
    expect(byId.get(weekly)!.next_event).toEqual({ name: "Thursday Quiz", starts_at: "2031-05-16T01:00:00.000Z", ends_at: "2031-05-16T03:00:00.000Z" });
    expect(byId.get(later)!.next_event).toEqual({ name: "Game watch", starts_at: new Date(now + 3 * 3_600_000).toISOString(), ends_at: new Date(now + 5 * 3_600_000).toISOString() });
  });

  it("is cached for up to 25 s, never past the moment a live place would turn stale", async () => {
    const placeId = await createPlace();
    expect((await live()).cacheControl).toBe("public, max-age=25, s-maxage=25");
    await writeLive(placeId, 10, 10, "Relaxed", now);
    // Served from the cache: the new row is not visible yet.
    expect((await live()).body.places[0].people).toBeNull();

    await caches.default.delete("https://third-place.test/api/live");
    await env.DB.prepare("UPDATE place_live SET updated_at = ? WHERE place_id = ?").bind(now - 5 * minute + 12_000, placeId).run();
    const nearlyStale = await live();
    expect(nearlyStale.body.places[0].people).toBe(10);
    expect(nearlyStale.cacheControl).toBe("public, max-age=12, s-maxage=12");
  });

  it("shows what a place's devices send once its object has written place_live", async () => {
    const placeId = await createPlace({ livelyThreshold: 10, packedThreshold: 20 });
    const a = await addDevice(placeId);
    const b = await addDevice(placeId);
    await ingest(a.key, { count: 8 });
    await ingest(b.key, { count: 7 });
    await runDurableObjectAlarm(placeOccupancy(env, placeId));
    const [place] = (await live()).body.places;
    expect(place).toMatchObject({ id: placeId, people: 15, percent: 75, level: "Lively", updated_at: new Date(now).toISOString() });
  });
});
