// Venues' events as .ics (worker/routes/calendars.ts) through HTTP into the worker, each file read
// back with a real calendar parser (ical.js): times on the night New York's clocks go back, a
// weekly event as RRULE, which events a feed lists, several venues in one file, one event for "Add
// to calendar", and the edge cache that event and place writes purge.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, addOwner, insertEvent, insertPlace } from "./fixtures";
import { api, postJson } from "./helpers";
import { octets, parseCalendar, physicalLines } from "./ics-fixtures";
import { useFixedClock } from "./occupancy-fixtures";

/** Tuesday 20 October 2026, noon in New York. */
const now = Date.UTC(2026, 9, 20, 16);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const origin = "https://third-place.test";

useFixedClock(now);

let nightOwl: { id: number; slug: string };
let crown: { id: number; slug: string };
let owner: { token: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  const user = await createUser("Olivia Owner");
  owner = user;
  const slug = `night-owl-${crypto.randomUUID().slice(0, 8)}`;
  nightOwl = { id: await insertPlace({ name: "The Night Owl", slug, address: "12 Avenue A", timezone: "America/New_York" }), slug };
  await addOwner(nightOwl.id, user.id);
  const crownSlug = `crown-${crypto.randomUUID().slice(0, 8)}`;
  crown = { id: await insertPlace({ name: "The Crown", slug: crownSlug, city: "London", timezone: "Europe/London" }), slug: crownSlug };
  const updatedMs = Date.UTC(2026, 8, 1, 12);
  // 1 November 2026, 00:30 EDT to 03:30 EST: the night 02:00 EDT becomes 01:00 EST.
  ids.dstNight = await insertEvent({ place_id: nightOwl.id, name: "Extra-hour party", start_time: iso(Date.UTC(2026, 10, 1, 4, 30)), end_time: iso(Date.UTC(2026, 10, 1, 8, 30)), updated_at: updatedMs });
  // Saturdays 23:00 for 3 hours, from 24 October; no end, so the default 2 hours.
  ids.weekly = await insertEvent({ place_id: nightOwl.id, name: "Late quiz", start_time: iso(Date.UTC(2026, 9, 25, 3)), is_recurring: 1, repeating_days: '["Saturday"]', updated_at: updatedMs });
  ids.lastWeek = await insertEvent({ place_id: nightOwl.id, name: "Last week's gig", start_time: iso(now - 7 * DAY), end_time: iso(now - 7 * DAY + 3_600_000) });
  ids.longAgo = await insertEvent({ place_id: nightOwl.id, name: "Old gig", start_time: iso(now - 60 * DAY), end_time: iso(now - 60 * DAY + 3_600_000) });
  ids.crown = await insertEvent({ place_id: crown.id, name: "Pub quiz", start_time: iso(Date.UTC(2026, 9, 22, 18)), end_time: iso(Date.UTC(2026, 9, 22, 20)) });
});

async function ics(path: string) {
  const response = await api(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  return { text: await response.text(), response };
}

describe("GET /api/places/{id or slug}/events.ics", () => {
  it("lists the venue's events in its zone, recurring ones as RRULE, the recent past kept and the old left out", async () => {
    const { text, response } = await ics(`/api/places/${nightOwl.slug}/events.ics`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    for (const line of physicalLines(text)) expect(octets(line)).toBeLessThanOrEqual(75);
    const calendar = parseCalendar(text);
    expect(calendar.name).toBe("The Night Owl events");
    expect(calendar.zones).toEqual(["America/New_York"]);
    expect(calendar.events.map((event) => event.summary)).toEqual(["Last week's gig", "Late quiz", "Extra-hour party"]);

    const party = calendar.events.find((event) => event.summary === "Extra-hour party")!;
    expect(text).toContain("DTSTART;TZID=America/New_York:20261101T003000");
    expect(text).toContain("DTEND;TZID=America/New_York:20261101T033000");
    expect(party).toMatchObject({ uid: `event-${ids.dstNight}@third-place.test`, start: Date.UTC(2026, 10, 1, 4, 30), end: Date.UTC(2026, 10, 1, 8, 30) });
    expect(party.url).toBe(`${origin}/profile/${nightOwl.slug}`);
    expect(party.location).toBe("The Night Owl, 12 Avenue A, New York");
    expect(text).toContain("DTSTAMP:20260901T120000Z");

    const quiz = calendar.events.find((event) => event.summary === "Late quiz")!;
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=SA");
    expect(quiz.occurrences(3)).toEqual([
      [Date.UTC(2026, 9, 25, 3), Date.UTC(2026, 9, 25, 5)],
      [Date.UTC(2026, 10, 1, 3), Date.UTC(2026, 10, 1, 5)],
      [Date.UTC(2026, 10, 8, 4), Date.UTC(2026, 10, 8, 6)],
    ]);
  });

  it("answers the same file by id and by slug, the same on every read, and 404 for an unknown venue", async () => {
    const bySlug = (await ics(`/api/places/${nightOwl.slug}/events.ics`)).text;
    expect((await ics(`/api/places/${nightOwl.id}/events.ics`)).text).toBe(bySlug);
    expect((await ics(`/api/places/${nightOwl.slug}/events.ics`)).text).toBe(bySlug);
    expect((await api("/api/places/no-such-venue/events.ics")).status).toBe(404);
    expect((await api("/api/places/007/events.ics")).status).toBe(404);
  });

  it("is served from the edge cache until a write to the venue purges it", async () => {
    const path = `/api/places/${nightOwl.slug}/events.ics`;
    await ics(path);
    await env.DB.prepare("UPDATE events SET name = 'Sneaky' WHERE id = ?").bind(ids.weekly).run();
    expect((await ics(path)).text).not.toContain("Sneaky");
    expect((await ics(`/api/places/${nightOwl.id}/events.ics`)).text).not.toContain("Sneaky");
    expect((await postJson(`/api/place/update/${nightOwl.id}`, { description: "Late nights." }, bearer(owner.token))).status).toBe(200);
    expect((await ics(path)).text).toContain("SUMMARY:Sneaky");
    expect((await ics(`/api/places/${nightOwl.id}/events.ics`)).text).toContain("SUMMARY:Sneaky");
    await env.DB.prepare("UPDATE events SET name = 'Late quiz' WHERE id = ?").bind(ids.weekly).run();
    expect((await postJson(`/api/place/update/${nightOwl.id}`, { description: "" }, bearer(owner.token))).status).toBe(200);
  });
});

describe("GET /api/events.ics?place=", () => {
  it("combines venues in their own zones, each named once, by id or slug", async () => {
    const { text, response } = await ics(`/api/events.ics?place=${nightOwl.slug},${crown.id},${nightOwl.id}`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const calendar = parseCalendar(text);
    expect(calendar.name).toBe("Events: The Night Owl · The Crown");
    expect(calendar.zones).toEqual(["America/New_York", "Europe/London"]);
    expect(text).toContain("DTSTART;TZID=Europe/London:20261022T190000");
    expect(calendar.events.find((event) => event.summary === "Pub quiz")).toMatchObject({ start: Date.UTC(2026, 9, 22, 18), url: `${origin}/profile/${crown.slug}` });
    expect(calendar.events).toHaveLength(4);
  });

  it("answers one venue's feed as that venue's own", async () => {
    expect((await ics(`/api/events.ics?place=${crown.slug}`)).text).toBe((await ics(`/api/places/${crown.slug}/events.ics`)).text);
  });

  it("refuses a missing or malformed list (400) and names an unknown venue (404)", async () => {
    for (const query of ["", "?place=", "?place=Bad%20Slug", `?place=${Array.from({ length: 21 }, (_, i) => i + 1).join(",")}`]) {
      expect((await api(`/api/events.ics${query}`)).status, query).toBe(400);
    }
    const unknown = await api(`/api/events.ics?place=${crown.id},no-such-venue`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No such place: no-such-venue." });
  });
});

describe("GET /api/events/{id}/calendar.ics", () => {
  it("is one event with its venue's zone, for Add to calendar", async () => {
    const { text, response } = await ics(`/api/events/${ids.dstNight}/calendar.ics`);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${nightOwl.slug}-event-${ids.dstNight}.ics"`);
    const calendar = parseCalendar(text);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({ uid: `event-${ids.dstNight}@third-place.test`, start: Date.UTC(2026, 10, 1, 4, 30), end: Date.UTC(2026, 10, 1, 8, 30) });
    expect((await api("/api/events/999999/calendar.ics")).status).toBe(404);
  });
});
