// "Closed" wins (docs/when-to-go.md#closed-wins): a venue closed by its hours with a fresh sensor
// count shows no level anywhere (the live map, its level filter, the live bar of popular times,
// saved places), fires no "quiet now" and takes no check-in; open, the same counts read as usual and
// a check-in ends at the closing time. Through the real ingest, the place's object and its alarm,
// at a fixed clock in the future (no alarm fires on its own).
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { placeOccupancy, type PlaceOccupancy } from "../../worker/occupancy/place-occupancy";
import type { WatchChange } from "../../worker/watches/changes";
import type { LiveAnswer, LivePlace, PopularTimesAnswer } from "../../common/schemas/answers";
import { CHECK_IN_CLOSED_MESSAGE, type MyCheckIn } from "../../common/schemas/friends";
import type { SavedList } from "../../common/schemas/saved";
import { bearer, count, createUser, type TestUser } from "./fixtures";
import { api, postJson } from "./helpers";
import { hoursOn } from "./hours-fixtures";
import { addDevice, createPlace, errorOf, ingest, ownerOf, useFixedClock } from "./occupancy-fixtures";

const minute = 60_000;
const hour = 60 * minute;
/** Saturday 17 May 2031, 5 AM in New York (EDT, UTC−4): a bar open 2 PM–2 AM is closed. */
const FIVE_AM = Date.UTC(2031, 4, 17, 9, 0);
/** The same Saturday, 11 PM: open until 2 AM. */
const ELEVEN_PM = Date.UTC(2031, 4, 18, 3, 0);
const BAR_HOURS = hoursOn("14:00", "02:00");

useFixedClock(FIVE_AM);

async function barWithSensor() {
  const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 100, hours: BAR_HOURS });
  const device = await addDevice(placeId);
  const watcher = await createUser();
  expect((await postJson("/api/me/watches", { place_id: placeId, when: "quiet" }, bearer(watcher.token))).status).toBe(201);
  expect((await api(`/api/me/saved/${placeId}`, { method: "PUT", headers: bearer(watcher.token) })).status).toBe(200);
  return { placeId, device, watcher };
}

/** Counts a minute apart from `start`, busy then quiet (a "quiet now" change when open), then the alarm writes the live row. */
async function busyThenQuiet(placeId: number, key: string, start: number) {
  for (const [i, people] of [60, 12].entries()) {
    vi.setSystemTime(start + i * minute);
    expect((await ingest(key, { count: people })).status).toBe(200);
  }
  const pending = await pendingOf(placeId);
  await runDurableObjectAlarm(placeOccupancy(env, placeId));
  return pending;
}

/** The changes the place's object holds for its alarm (docs/watches.md#once-per-episode). */
const pendingOf = (placeId: number) =>
  runInDurableObject(placeOccupancy(env, placeId), (_object: PlaceOccupancy, state) => {
    const [row] = state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'watch_pending'").toArray();
    return row ? (JSON.parse(row.value) as WatchChange[]) : [];
  });

async function liveEntry(placeId: number, query = ""): Promise<LivePlace | undefined> {
  await caches.default.delete("https://third-place.test/api/live");
  const response = await api(`/api/live${query}`);
  expect(response.status).toBe(200);
  return (await response.json<LiveAnswer>()).places.find((place) => place.id === placeId);
}

const checkIn = (user: TestUser, placeId: number, hours = 3) => postJson("/api/me/check-in", { place_id: placeId, hours }, bearer(user.token));

async function savedEntry(user: TestUser, placeId: number) {
  const response = await api("/api/me/saved", { headers: bearer(user.token) });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = await response.json<SavedList>();
  return answer.places.find((place) => place.id === placeId)!;
}

describe("a venue closed by its hours, with a fresh count", () => {
  it("shows Closed and when it opens, never a level; fires no quiet; refuses a check-in", async () => {
    const { placeId, device, watcher } = await barWithSensor();
    expect(await busyThenQuiet(placeId, device.key, FIVE_AM)).toEqual([]);

    const entry = await liveEntry(placeId);
    expect(entry).toMatchObject({ open_now: false, opens_at: new Date(Date.UTC(2031, 4, 17, 18, 0)).toISOString(), level: null, people: null, percent: null, vs_usual: null });
    expect(entry!.updated_at).not.toBeNull(); // the count is there, and not shown
    expect(await liveEntry(placeId, "?level=Relaxed")).toBeUndefined();

    const popular = await (await api(`/api/places/${placeId}/popular-times`)).json<PopularTimesAnswer>();
    expect(popular.live).toBeNull();
    expect(await savedEntry(watcher, placeId)).toMatchObject({ level: null, percent: null, open: false });

    const response = await checkIn(watcher, placeId);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(CHECK_IN_CLOSED_MESSAGE);
    expect(await count("check_ins", "user_id = ?", watcher.id)).toBe(0);
  });

  it("open, reads its level, notices quiet and ends a check-in at closing time", async () => {
    vi.setSystemTime(ELEVEN_PM);
    const { placeId, device, watcher } = await barWithSensor();
    const [change] = await busyThenQuiet(placeId, device.key, ELEVEN_PM);
    expect(change).toMatchObject({ kind: "quiet", place_id: placeId, level: "Relaxed" });

    expect(await liveEntry(placeId)).toMatchObject({ open_now: true, level: "Relaxed", people: 12, percent: 12 });
    expect(await liveEntry(placeId, "?level=Relaxed")).toBeDefined();
    expect(await savedEntry(watcher, placeId)).toMatchObject({ level: "Relaxed", open: true });

    // 8 hours asked at 11:01 PM: until 2 AM, when it closes.
    const response = await checkIn(watcher, placeId, 8);
    expect(response.status).toBe(200);
    expect((await response.json<MyCheckIn>()).check_in!.until).toBe(new Date(ELEVEN_PM + 3 * hour).toISOString());
  });

  it("an owner's new hours reach the place's object at once: closing it now stops a quiet that would fire", async () => {
    const placeId = await createPlace({ livelyThreshold: 40, packedThreshold: 100, hours: hoursOn("00:00", "00:00") });
    const device = await addDevice(placeId);
    const watcher = await createUser();
    expect((await postJson("/api/me/watches", { place_id: placeId, when: "quiet" }, bearer(watcher.token))).status).toBe(201);
    expect((await ingest(device.key, { count: 60 })).status).toBe(200); // open around the clock: busy
    const update = await postJson(`/api/place/update/${placeId}`, BAR_HOURS, await ownerOf(placeId));
    expect(update.status).toBe(200);
    vi.setSystemTime(FIVE_AM + minute);
    expect((await ingest(device.key, { count: 12 })).status).toBe(200);
    expect(await pendingOf(placeId)).toEqual([]);
  });
});
