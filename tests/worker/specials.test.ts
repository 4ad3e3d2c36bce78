// Specials (issue 30 §2; docs/menus-and-specials.md#specials): create, change and delete by owners
// and the admin only; the public list with on_now, next_start and ends_at at a set clock, purged by
// every write; /api/live's special_now and its filter; the owners' list with the lift's state.
import { describe, expect, it, vi } from "vitest";
import type { LiveAnswer } from "../../common/schemas/answers";
import type { OwnedSpecialsAnswer, Special, SpecialsAnswer } from "../../common/schemas/special";
import { SPECIAL_LIMITS } from "../../common/menu-vocabulary";
import { adminToken, bearer, createUser, ownedPlace } from "./fixtures";
import { api, postJson } from "./helpers";
import { useFixedClock } from "./occupancy-fixtures";

// Tuesday 10 June 2031, 12:00 EDT.
const now = Date.UTC(2031, 5, 10, 16, 0);
useFixedClock(now);

const lunch = { title: "Lunch deal", text: "$10 burger and a beer", days: ["Friday", "Monday", "Tuesday", "Wednesday", "Thursday"], from: "11:00", to: "13:00" };
const late = { title: "Late bites", text: "Half-price fries", days: ["Tuesday"], from: "22:00", to: "02:00" };

const create = (placeId: number, body: unknown, token?: string) => postJson(`/api/place/${placeId}/specials`, body, bearer(token));
const change = (placeId: number, id: number, body: unknown, token?: string) =>
  api(`/api/place/${placeId}/specials/${id}`, { method: "PATCH", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify(body) });
const remove = (placeId: number, id: number, token?: string) => api(`/api/place/${placeId}/specials/${id}`, { method: "DELETE", headers: bearer(token) });
const publicList = async (placeId: number) => {
  const response = await api(`/api/places/${placeId}/specials`);
  expect(response.status).toBe(200);
  return { specials: (await response.json<SpecialsAnswer>()).specials, cacheControl: response.headers.get("cache-control") };
};
const live = async (query = "") => (await (await api(`/api/live${query}`)).json<LiveAnswer>()).places;

describe("POST /api/place/{id}/specials and the public list", () => {
  it("creates weekly and one-off specials; the list says which is on now, when each ends and starts next", async () => {
    const { owner, placeId } = await ownedPlace();
    expect((await publicList(placeId)).specials).toEqual([]);
    const created = await create(placeId, lunch, owner.token);
    expect(created.status).toBe(201);
    expect(await created.json<Special>()).toEqual({
      id: expect.any(Number),
      title: "Lunch deal",
      text: "$10 burger and a beer",
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      from: "11:00",
      to: "13:00",
      starts_at: null,
      on_now: true,
      next_start: "2031-06-11T15:00:00.000Z",
      ends_at: "2031-06-10T17:00:00.000Z",
    });
    await create(placeId, late, owner.token);
    await create(placeId, { title: "Launch party", text: "", starts_at: "2031-06-12T20:00:00-04:00", ends_at: "2031-06-13T01:00:00-04:00" }, owner.token);
    await create(placeId, { title: "Last week", starts_at: "2031-06-01T20:00:00Z", ends_at: "2031-06-02T01:00:00Z" }, owner.token);

    // The purge of each write: the list read before the first one is not served again. One-offs that are over are left out.
    const { specials, cacheControl } = await publicList(placeId);
    expect(specials.map((special) => [special.title, special.on_now, special.next_start, special.ends_at])).toEqual([
      ["Lunch deal", true, "2031-06-11T15:00:00.000Z", "2031-06-10T17:00:00.000Z"],
      // Tuesday 22:00 EDT to Wednesday 02:00.
      ["Late bites", false, "2031-06-11T02:00:00.000Z", "2031-06-11T06:00:00.000Z"],
      ["Launch party", false, "2031-06-13T00:00:00.000Z", "2031-06-13T05:00:00.000Z"],
    ]);
    // Cached no longer than the next change (13:00 is an hour away: the minute).
    expect(cacheControl).toBe("public, max-age=0, s-maxage=60");
  });

  it("is cached no longer than the next start or end", async () => {
    const { owner, placeId } = await ownedPlace();
    await create(placeId, { ...lunch, to: "12:00" }, owner.token);
    vi.setSystemTime(now - 20_000);
    // Monday to Friday 11:00–12:00 ends in 20 seconds.
    expect((await publicList(placeId)).cacheControl).toBe("public, max-age=0, s-maxage=20");
  });

  it("refuses half a schedule, both kinds, equal times, bad days and long one-offs with 400", async () => {
    const { owner, placeId } = await ownedPlace();
    const cases: [unknown, string][] = [
      [{ ...lunch, title: "" }, "Give the special a title."],
      [{ title: "x" }, "Send either days, from and to (weekly) or starts_at and ends_at (one-off)."],
      [{ title: "x", days: ["Monday"], from: "17:00" }, "Send either days, from and to (weekly) or starts_at and ends_at (one-off)."],
      [{ ...lunch, starts_at: "2031-06-12T20:00:00Z", ends_at: "2031-06-12T22:00:00Z" }, "Send either days, from and to (weekly) or starts_at and ends_at (one-off)."],
      [{ ...lunch, to: "11:00" }, "From and to must differ (a special that ends before it starts runs past midnight)."],
      [{ ...lunch, days: [] }, "Days must be day names, Monday to Sunday, at least one."],
      [{ ...lunch, days: ["Funday"] }, "Days must be day names, Monday to Sunday, at least one."],
      [{ ...lunch, from: "5pm" }, "Use a time like 17:00."],
      [{ title: "x", starts_at: "2031-06-12T22:00:00Z", ends_at: "2031-06-12T20:00:00Z" }, "ends_at must be after starts_at."],
      [{ title: "x", starts_at: "2031-06-12 22:00", ends_at: "2031-06-13T20:00:00Z" }, "Use a date and time with a time zone, like 2026-05-01T20:00:00Z."],
      [{ title: "x", starts_at: "2031-06-01T00:00:00Z", ends_at: "2031-07-03T00:00:00Z" }, `A one-off special lasts at most ${SPECIAL_LIMITS.oneOffDays} days.`],
      [{ ...lunch, text: "x".repeat(SPECIAL_LIMITS.text + 1) }, `Must be at most ${SPECIAL_LIMITS.text} characters.`],
    ];
    for (const [body, message] of cases) {
      const response = await create(placeId, body, owner.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json<{ error: string }>()).error).toContain(message);
    }
    expect((await publicList(placeId)).specials).toEqual([]);
  });

  it("caps a place at its limit with 409", async () => {
    const { owner, placeId } = await ownedPlace();
    for (let i = 0; i < SPECIAL_LIMITS.perPlace; i++) expect((await create(placeId, lunch, owner.token)).status).toBe(201);
    expect((await create(placeId, lunch, owner.token)).status).toBe(409);
  });
});

describe("PATCH and DELETE /api/place/{id}/specials/{sid}", () => {
  it("changes the fields sent and the schedule whole, deletes, and purges the public list each time", async () => {
    const { owner, placeId } = await ownedPlace();
    const { id } = await (await create(placeId, lunch, owner.token)).json<Special>();
    expect((await publicList(placeId)).specials[0].on_now).toBe(true);

    const renamed = await change(placeId, id, { title: "Lunch special" }, owner.token);
    expect(renamed.status).toBe(200);
    expect(await renamed.json<Special>()).toMatchObject({ title: "Lunch special", text: lunch.text, from: "11:00" });
    // Into a one-off tomorrow: the weekly columns go.
    const once = await (await change(placeId, id, { starts_at: "2031-06-11T16:00:00Z", ends_at: "2031-06-11T18:00:00Z" }, owner.token)).json<Special>();
    expect(once).toMatchObject({ days: [], from: null, to: null, starts_at: "2031-06-11T16:00:00.000Z", on_now: false });
    expect((await publicList(placeId)).specials.map((special) => [special.title, special.on_now])).toEqual([["Lunch special", false]]);
    expect((await change(placeId, id, { from: "12:00" }, owner.token)).status).toBe(400);

    expect((await remove(placeId, id, owner.token)).status).toBe(200);
    expect((await publicList(placeId)).specials).toEqual([]);
    expect((await remove(placeId, id, owner.token)).status).toBe(404);
  });

  it("is for the place's owners and the admin: 401, 403 for a stranger or another owner, 404 for another place's special", async () => {
    const { owner, placeId, stranger, otherPlaceId } = await ownedPlace();
    const nobody = await createUser("No Places");
    expect((await create(placeId, lunch)).status).toBe(401);
    expect((await create(placeId, lunch, stranger.token)).status).toBe(403);
    expect((await create(placeId, lunch, nobody.token)).status).toBe(403);
    expect((await create(999999, lunch, owner.token)).status).toBe(404);
    const { id } = await (await create(placeId, lunch, owner.token)).json<Special>();
    expect((await change(placeId, id, { title: "Mine now" }, stranger.token)).status).toBe(403);
    expect((await remove(placeId, id, stranger.token)).status).toBe(403);
    // Named under the stranger's own place, the special is not theirs to find.
    expect((await change(otherPlaceId, id, { title: "Mine now" }, stranger.token)).status).toBe(404);
    expect((await remove(otherPlaceId, id, stranger.token)).status).toBe(404);
    expect((await api(`/api/place/${placeId}/specials`, { headers: bearer(stranger.token) })).status).toBe(403);
    const admin = await adminToken();
    expect((await change(placeId, id, { title: "By the admin" }, admin)).status).toBe(200);
    expect((await publicList(placeId)).specials[0].title).toBe("By the admin");
    expect((await remove(placeId, id, admin)).status).toBe(200);
  });
});

describe("GET /api/place/{id}/specials (owners)", () => {
  it("lists every special, one-offs that are over too, with when its lift will show", async () => {
    const { owner, placeId } = await ownedPlace();
    await create(placeId, lunch, owner.token);
    await create(placeId, { title: "Last week", starts_at: "2031-06-01T20:00:00Z", ends_at: "2031-06-02T01:00:00Z" }, owner.token);
    const response = await api(`/api/place/${placeId}/specials`, { headers: bearer(owner.token) });
    expect(response.status).toBe(200);
    const { specials } = await response.json<OwnedSpecialsAnswer>();
    expect(specials.map((special) => [special.title, special.lift_percent, special.lift_text])).toEqual([
      // Its first run was today at 11:00, before it was made at noon: tomorrow's is its first.
      ["Lunch deal", null, "Lift shows from Jun 25, after 2 weeks of runs."],
      ["Last week", null, "Lift shows from Jun 15, after 2 weeks of runs."],
    ]);
  });
});

describe("GET /api/live: special_now", () => {
  it("marks the places with a special on now and filters by it, keeping the one cached answer", async () => {
    const { owner, placeId, stranger, otherPlaceId } = await ownedPlace();
    await create(otherPlaceId, late, stranger.token);
    await create(placeId, lunch, owner.token);
    const all = await live();
    expect(all.find((place) => place.id === placeId)?.special_now).toBe(true);
    expect(all.find((place) => place.id === otherPlaceId)?.special_now).toBe(false);
    const on = await live("?special_now=1");
    expect(on.map((place) => place.id)).toContain(placeId);
    expect(on.every((place) => place.special_now)).toBe(true);
    expect((await live("?special_now=0")).map((place) => place.id)).toContain(otherPlaceId);
    const bad = await api("/api/live?special_now=yes");
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toContain("special_now must be 1 (a special on now) or 0 (none on now).");
  });
});
