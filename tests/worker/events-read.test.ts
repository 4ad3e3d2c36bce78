import { beforeEach, describe, expect, it } from "vitest";
import type { EventAnswer } from "../../common/schemas/answers";
import { insertCategory, insertEvent, insertPlace } from "./fixtures";
import { api, clearTables } from "./helpers";

const EVENT_KEYS = [
  "id", "place_id", "place_name", "name", "description", "start_time", "end_time", "max_capacity", "category",
  "category_name", "is_recurring", "repeats", "repeating_days", "frequency", "host_name", "additional_details",
  "photo_url", "cover_image", "flyer_image",
].sort();

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function seedEvents() {
  const placeId = await insertPlace({ name: "The Copper Lantern" });
  const otherPlaceId = await insertPlace({ name: "Another Bar" });
  const trivia = await insertCategory("Trivia");
  const ids = {
    ended: await insertEvent({ place_id: placeId, name: "Ended", start_time: hoursFromNow(-5), end_time: hoursFromNow(-1) }),
    underWay: await insertEvent({ place_id: placeId, name: "Under way", start_time: hoursFromNow(-1), end_time: hoursFromNow(1) }),
    openEndedRecent: await insertEvent({ place_id: placeId, name: "Started an hour ago", start_time: hoursFromNow(-1) }),
    openEndedOld: await insertEvent({ place_id: placeId, name: "Started yesterday", start_time: hoursFromNow(-26) }),
    weekly: await insertEvent({
      place_id: placeId,
      name: "Tuesday Trivia",
      start_time: hoursFromNow(-24 * 30),
      is_recurring: 1,
      repeating_days: '["Tuesday"]',
      frequency: "Weekly",
      category_id: trivia,
    }),
    tomorrow: await insertEvent({
      place_id: placeId,
      name: "Jazz Night",
      description: "A trio from the neighbourhood.",
      start_time: hoursFromNow(24),
      end_time: hoursFromNow(27),
      max_capacity: 80,
      host_name: "Mina",
      cover_image_key: "events/cover.png",
      flyer_image_key: "events/flyer.jpg",
    }),
    elsewhere: await insertEvent({ place_id: otherPlaceId, name: "Elsewhere", start_time: hoursFromNow(2) }),
  };
  return { placeId, otherPlaceId, trivia, ids };
}

describe("GET /api/business/{placeId}/events", () => {
  beforeEach(() => clearTables("events", "event_categories", "places"));

  it("lists the place's upcoming, under-way and recurring events, soonest first", async () => {
    const { placeId, ids } = await seedEvents();
    const response = await api(`/api/business/${placeId}/events`);
    expect(response.status).toBe(200);
    const { events } = await response.json<{ events: EventAnswer[] }>();
    expect(events.map((event) => event.id)).toEqual([ids.weekly, ids.underWay, ids.openEndedRecent, ids.tomorrow]);
    for (const event of events) expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
  });

  it("answers each event with its place name, category name and image URLs", async () => {
    const { placeId, trivia, ids } = await seedEvents();
    const { events } = await (await api(`/api/business/${placeId}/events`)).json<{ events: EventAnswer[] }>();
    expect(events.find((event) => event.id === ids.tomorrow)).toMatchObject({
      place_id: placeId,
      place_name: "The Copper Lantern",
      name: "Jazz Night",
      description: "A trio from the neighbourhood.",
      max_capacity: 80,
      host_name: "Mina",
      is_recurring: false,
      repeats: false,
      repeating_days: [],
      category: null,
      category_name: null,
      photo_url: "/api/images/events/cover.png",
      cover_image: "/api/images/events/cover.png",
      flyer_image: "/api/images/events/flyer.jpg",
    });
    expect(events.find((event) => event.id === ids.weekly)).toMatchObject({
      is_recurring: true,
      repeats: true,
      repeating_days: ["Tuesday"],
      frequency: "Weekly",
      category: trivia,
      category_name: "Trivia",
      photo_url: null,
    });
  });

  it("answers 404 for an unknown place and 400 for a malformed id", async () => {
    expect((await api("/api/business/999999/events")).status).toBe(404);
    const response = await api("/api/business/abc/events");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Place id must be a positive whole number." });
  });
});

describe("GET /api/events", () => {
  beforeEach(() => clearTables("events", "event_categories", "places"));

  it("lists every event of every place, past ones too, in start order", async () => {
    const { ids } = await seedEvents();
    const { events } = await (await api("/api/events")).json<{ events: EventAnswer[] }>();
    expect(events.map((event) => event.id)).toEqual([
      ids.weekly,
      ids.openEndedOld,
      ids.ended,
      ids.underWay,
      ids.openEndedRecent,
      ids.elsewhere,
      ids.tomorrow,
    ]);
    expect(events.find((event) => event.id === ids.elsewhere)?.place_name).toBe("Another Bar");
  });

  it("answers one page at a time, with the offset of the next page", async () => {
    const { ids } = await seedEvents();
    const first = await (await api("/api/events?limit=3")).json<{ events: EventAnswer[]; next_offset: number | null }>();
    expect(first.events.map((event) => event.id)).toEqual([ids.weekly, ids.openEndedOld, ids.ended]);
    expect(first.next_offset).toBe(3);
    const last = await (await api("/api/events?limit=3&offset=6")).json<{ events: EventAnswer[]; next_offset: number | null }>();
    expect(last.events.map((event) => event.id)).toEqual([ids.tomorrow]);
    expect(last.next_offset).toBeNull();
    for (const query of ["limit=0", "limit=201", "limit=abc", "offset=-1", "offset=1.5"]) {
      expect((await api(`/api/events?${query}`)).status).toBe(400);
    }
  });
});

describe("GET /api/events/{id}", () => {
  beforeEach(() => clearTables("events", "event_categories", "places"));

  it("answers one event's details", async () => {
    const { ids } = await seedEvents();
    const response = await api(`/api/events/${ids.tomorrow}`);
    expect(response.status).toBe(200);
    const event = await response.json<EventAnswer>();
    expect(Object.keys(event).sort()).toEqual(EVENT_KEYS);
    expect(event).toMatchObject({ id: ids.tomorrow, name: "Jazz Night", place_name: "The Copper Lantern" });
  });

  it("answers 404 for an unknown event and 400 for a malformed id", async () => {
    expect(await (await api("/api/events/424242")).json()).toEqual({ error: "No such event." });
    expect((await api("/api/events/1.5")).status).toBe(400);
  });
});
