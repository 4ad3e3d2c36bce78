// Issue 25 #8: Live Looks do not pile up. The cron (the worker's scheduled handler, at a fixed
// scheduled time) deletes posts 7 days old with their reports and photos, in bounded runs, and the
// photos of a deleted place; real D1 and R2.
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { IMAGES_PER_RUN, POSTS_PER_RUN } from "../../worker/db/retention";
import { clearTables } from "./helpers";
import { createPlace, useFixedClock } from "./occupancy-fixtures";

const NOW = Date.parse("2026-06-05T22:00:00Z");
const DAY = 86_400_000;
useFixedClock(NOW);

let placeId: number;

beforeEach(async () => {
  await clearTables("live_look_reports", "live_looks", "deleted_images");
  const photos = await storedPhotos();
  if (photos.length > 0) await env.IMAGES.delete(photos);
  placeId = await createPlace();
});

async function storedPhotos(): Promise<string[]> {
  return (await env.IMAGES.list({ prefix: "live-looks/" })).objects.map((object) => object.key).sort();
}

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** A post `age` ms old, with a photo in R2 and a report when asked. */
async function insertLook(place: number, age: number, options: { photo?: boolean; report?: boolean } = {}): Promise<{ id: number; key: string | null }> {
  const key = options.photo ? `live-looks/${crypto.randomUUID()}.jpg` : null;
  if (key) await env.IMAGES.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  const row = await env.DB.prepare("INSERT INTO live_looks (place_id, text, photo_key, created_at) VALUES (?, 'A post', ?, ?) RETURNING id")
    .bind(place, key, NOW - age)
    .first<{ id: number }>();
  if (options.report) await env.DB.prepare("INSERT INTO live_look_reports (live_look_id, client, reason) VALUES (?, 'x', 'spam')").bind(row!.id).run();
  return { id: row!.id, key };
}

async function runCron(at = NOW) {
  vi.setSystemTime(at);
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
}

describe("issue 25 #8: retention of Live Looks", () => {
  it("deletes posts older than 7 days with their reports and photos, and keeps younger ones", async () => {
    const old = await insertLook(placeId, 7 * DAY + 60_000, { photo: true, report: true });
    const young = await insertLook(placeId, 7 * DAY - 60_000, { photo: true, report: true });
    await runCron();
    const ids = (await env.DB.prepare("SELECT id FROM live_looks").all<{ id: number }>()).results.map((row) => row.id);
    expect(ids).toEqual([young.id]);
    expect(await env.DB.prepare("SELECT live_look_id FROM live_look_reports").all()).toMatchObject({ results: [{ live_look_id: young.id }] });
    expect(await storedPhotos()).toEqual([young.key]);
    expect(await count("deleted_images")).toBe(0);
    expect(await env.IMAGES.head(old.key!)).toBeNull();
  });

  it("deletes a deleted place's photos (its Live Looks', its cover, its events'), whatever deleted the place", async () => {
    const other = await createPlace();
    await insertLook(placeId, 60_000, { photo: true });
    const kept = await insertLook(other, 60_000, { photo: true });
    const placeImages = ["places/cover.jpg", "events/cover.jpg", "events/flyer.png"];
    await Promise.all(placeImages.map((key) => env.IMAGES.put(key, new Uint8Array([1]))));
    await env.DB.prepare("UPDATE places SET cover_image_key = ? WHERE id = ?").bind(placeImages[0], placeId).run();
    await env.DB.prepare("INSERT INTO events (place_id, name, start_time, cover_image_key, flyer_image_key) VALUES (?, 'Quiz', '2026-06-06T19:00:00Z', ?, ?)")
      .bind(placeId, placeImages[1], placeImages[2])
      .run();
    // As by hand in the D1 console: no route of ours deletes a place.
    await env.DB.prepare("DELETE FROM places WHERE id = ?").bind(placeId).run();
    expect(await storedPhotos()).toHaveLength(2);
    await runCron();
    expect(await storedPhotos()).toEqual([kept.key]);
    for (const key of placeImages) expect(await env.IMAGES.head(key)).toBeNull();
  });

  it("does a bounded share per run and the rest on the next runs", async () => {
    const total = POSTS_PER_RUN + 1;
    // Inserted in slices: D1 takes at most 100 bound parameters per statement.
    for (let first = 0; first < total; first += 25) {
      const slice = Array.from({ length: Math.min(25, total - first) }, (_, i) => first + i);
      await env.DB.prepare(`INSERT INTO live_looks (place_id, text, created_at) VALUES ${slice.map(() => "(?, 'Old', ?)").join(", ")}`)
        .bind(...slice.flatMap((i) => [placeId, NOW - 8 * DAY - i * 1000]))
        .run();
    }
    await runCron();
    expect(await count("live_looks")).toBe(1);
    // The oldest go first.
    expect(await env.DB.prepare("SELECT created_at FROM live_looks").first()).toEqual({ created_at: NOW - 8 * DAY });
    await runCron(NOW + 5 * 60_000);
    expect(await count("live_looks")).toBe(0);
  });

  it("deletes at most IMAGES_PER_RUN queued images per run, the oldest first", async () => {
    const keys = Array.from({ length: IMAGES_PER_RUN + 2 }, (_, i) => `live-looks/queued-${i}.jpg`);
    for (let first = 0; first < keys.length; first += 90) {
      const slice = keys.slice(first, first + 90);
      await env.DB.prepare(`INSERT INTO deleted_images (key) VALUES ${slice.map(() => "(?)").join(", ")}`).bind(...slice).run();
    }
    await runCron();
    expect((await env.DB.prepare("SELECT key FROM deleted_images ORDER BY id").all<{ key: string }>()).results.map((row) => row.key)).toEqual(keys.slice(IMAGES_PER_RUN));
    await runCron(NOW + 5 * 60_000);
    expect(await count("deleted_images")).toBe(0);
  });
});
