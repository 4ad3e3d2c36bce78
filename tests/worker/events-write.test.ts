import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { EventAnswer } from "../../common/schemas/answers";
import {
  addOwner,
  adminToken,
  bearer,
  count,
  imageFile,
  insertCategory,
  insertEvent,
  insertPlace,
  ownedPlace,
  sendForm,
  storedImageKeys,
} from "./fixtures";
import { api, clearTables } from "./helpers";

const reset = () => clearTables("events", "event_categories", "place_owners", "places", "users");

async function cast() {
  const venue = await ownedPlace({ name: "The Copper Lantern" });
  const category = await insertCategory("Live Music");
  return { ...venue, category };
}

/**
 * The dashboard's Add Event form as the original client sends it (docs/architecture.md#api-contract):
 * text booleans, JSON days, empty values left out.
 */
const addEventForm = (placeId: number, category: number) => ({
  place_id: String(placeId),
  name: "Jazz Night",
  description: "A trio from the neighbourhood.",
  start_time: "2030-05-03T23:00:00.000Z",
  end_time: "2030-05-04T02:00:00.000Z",
  category: String(category),
  is_recurring: "False",
  max_capacity: "80",
  host_name: "Mina",
});

const keyOf = (url: string | null) => url?.replace("/api/images/", "") ?? "";

describe("POST /api/create_user_event", () => {
  beforeEach(reset);

  it("creates an event from the dashboard's form, storing its cover image", async () => {
    const { owner, placeId, category } = await cast();
    const response = await sendForm(
      "/api/create_user_event",
      "POST",
      { ...addEventForm(placeId, category), cover_image: imageFile("jpeg") },
      owner.token,
    );
    expect(response.status).toBe(201);
    const event = await response.json<EventAnswer>();
    expect(event).toMatchObject({
      place_id: placeId,
      place_name: "The Copper Lantern",
      name: "Jazz Night",
      start_time: "2030-05-03T23:00:00.000Z",
      end_time: "2030-05-04T02:00:00.000Z",
      category,
      category_name: "Live Music",
      is_recurring: false,
      repeats: false,
      repeating_days: [],
      max_capacity: 80,
      host_name: "Mina",
      frequency: "",
      flyer_image: null,
    });
    expect(event.photo_url).toMatch(/^\/api\/images\/events\/[0-9a-f-]{36}\.jpg$/);
    expect(event.cover_image).toBe(event.photo_url);
    expect((await api(event.photo_url!)).headers.get("content-type")).toBe("image/jpeg");
    const row = await env.DB.prepare("SELECT created_by FROM events WHERE id = ?").bind(event.id).first();
    expect(row).toEqual({ created_by: owner.id });
  });

  it("stores a recurring event's days Monday first, whatever their order and case, and times as UTC", async () => {
    const { owner, placeId, category } = await cast();
    const response = await sendForm(
      "/api/create_user_event",
      "POST",
      {
        ...addEventForm(placeId, category),
        start_time: "2030-05-03T19:00-04:00",
        end_time: "",
        is_recurring: "True",
        repeating_days: JSON.stringify(["friday", "Monday", "Friday"]),
        frequency: "Weekly",
      },
      owner.token,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      start_time: "2030-05-03T23:00:00.000Z",
      end_time: null,
      is_recurring: true,
      repeating_days: ["Monday", "Friday"],
      frequency: "Weekly",
    });
  });

  it("refuses no token (401) and a place_id the caller does not manage (403); the admin may use any place", async () => {
    const { placeId, stranger, category } = await cast();
    const form = addEventForm(placeId, category);
    expect((await sendForm("/api/create_user_event", "POST", form)).status).toBe(401);
    const forged = await sendForm("/api/create_user_event", "POST", form, stranger.token);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: "You do not manage this place." });
    expect(await count("events")).toBe(0);
    expect((await sendForm("/api/create_user_event", "POST", form, await adminToken())).status).toBe(201);
  });

  it.each([
    [{ place_id: undefined }, "place_id: Place is required."],
    [{ place_id: "abc" }, "place_id: Place is required."],
    [{ name: undefined }, "name: Event name is required."],
    [{ name: "  " }, "name: Event name is required."],
    [{ start_time: undefined }, "start_time: Start time is required."],
    [{ start_time: "2030-05-03T23:00" }, "start_time: Use a date and time with a time zone, like 2026-05-01T20:00:00Z."],
    [{ start_time: "2030-02-31T23:00:00Z" }, "start_time: Use a date and time with a time zone, like 2026-05-01T20:00:00Z."],
    [{ category: undefined }, "category: Category is required."],
    [{ category: "424242" }, "category: No such event category."],
    [{ end_time: "2030-05-03T22:00:00.000Z" }, "end_time: End time must be after the start time."],
    [{ end_time: "2030-05-03T23:00:00.000Z" }, "end_time: End time must be after the start time."],
    [{ is_recurring: "True" }, "repeating_days: Pick at least one day for a recurring event."],
    [{ is_recurring: "True", repeating_days: "[]" }, "repeating_days: Pick at least one day for a recurring event."],
    [{ is_recurring: "True", repeating_days: '["Funday"]' }, "repeating_days.0: Repeating days must be day names, Monday to Sunday."],
    [{ is_recurring: "True", repeating_days: "Monday" }, "repeating_days: Repeating days must be day names, Monday to Sunday."],
    [{ is_recurring: "Maybe" }, "is_recurring: Recurring must be True or False."],
    [{ max_capacity: "0" }, "max_capacity: Max capacity must be a whole number, at least 1."],
    [{ max_capacity: "12.5" }, "max_capacity: Max capacity must be a whole number, at least 1."],
  ])("refuses %o with 400 %s and writes nothing", async (change, message) => {
    const { owner, placeId, category } = await cast();
    const form: Record<string, string> = { ...addEventForm(placeId, category) };
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) delete form[name];
      else form[name] = value;
    }
    const response = await sendForm("/api/create_user_event", "POST", form, owner.token);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
    expect(await count("events")).toBe(0);
  });

  it("refuses an executable renamed .png (415) and a 6 MB flyer (413), storing nothing", async () => {
    const { owner, placeId, category } = await cast();
    const before = await storedImageKeys("events/");
    const executable = new File([new TextEncoder().encode("#!/bin/sh\nrm -rf /\n")], "cover.png", { type: "image/png" });
    const fake = await sendForm("/api/create_user_event", "POST", { ...addEventForm(placeId, category), cover_image: executable }, owner.token);
    expect(fake.status).toBe(415);
    expect(await fake.json()).toMatchObject({ error: "cover_image: Upload a JPEG, PNG or WebP image." });
    const huge = await sendForm(
      "/api/create_user_event",
      "POST",
      { ...addEventForm(placeId, category), cover_image: imageFile("png"), flyer_image: imageFile("png", "flyer.png", 6 * 1024 * 1024) },
      owner.token,
    );
    expect(huge.status).toBe(413);
    expect(await count("events")).toBe(0);
    expect(await storedImageKeys("events/")).toEqual(before);
  });

  it("refuses a malformed multipart body", async () => {
    const { owner } = await cast();
    const response = await api("/api/create_user_event", {
      method: "POST",
      headers: { ...bearer(owner.token), "content-type": "multipart/form-data" },
      body: "name=Jazz",
    });
    expect(response.status).toBe(400);
  });
});

describe("PUT /api/events/{id}", () => {
  beforeEach(reset);

  async function withEvent() {
    const venue = await cast();
    await env.IMAGES.put("events/old-cover.png", "old cover");
    await env.IMAGES.put("events/old-flyer.png", "old flyer");
    const eventId = await insertEvent({
      place_id: venue.placeId,
      name: "Jazz Night",
      start_time: "2030-05-03T23:00:00.000Z",
      end_time: "2030-05-04T02:00:00.000Z",
      category_id: venue.category,
      cover_image_key: "events/old-cover.png",
      flyer_image_key: "events/old-flyer.png",
    });
    return { ...venue, eventId };
  }

  it("changes only the fields sent, as the edit form sends them", async () => {
    const { owner, eventId } = await withEvent();
    const response = await sendForm(
      `/api/events/${eventId}`,
      "PUT",
      { name: "Jazz & Blues Night", start_time: "2030-05-03T22:00:00.000Z", is_recurring: "True", repeating_days: '["Saturday"]' },
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Jazz & Blues Night",
      start_time: "2030-05-03T22:00:00.000Z",
      end_time: "2030-05-04T02:00:00.000Z",
      is_recurring: true,
      repeating_days: ["Saturday"],
      category_name: "Live Music",
      cover_image: "/api/images/events/old-cover.png",
    });
  });

  it("replaces the cover image and deletes the old one, keeping the flyer", async () => {
    const { owner, eventId } = await withEvent();
    const event = await (await sendForm(`/api/events/${eventId}`, "PUT", { cover_image: imageFile("png") }, owner.token)).json<EventAnswer>();
    expect(event.cover_image).toMatch(/^\/api\/images\/events\/[0-9a-f-]{36}\.png$/);
    expect(event.flyer_image).toBe("/api/images/events/old-flyer.png");
    expect(await env.IMAGES.head("events/old-cover.png")).toBeNull();
    expect(await env.IMAGES.head(keyOf(event.cover_image))).not.toBeNull();
  });

  it("clears an optional field sent empty and turning recurrence off drops the days", async () => {
    const { owner, eventId } = await withEvent();
    await sendForm(`/api/events/${eventId}`, "PUT", { is_recurring: "True", repeating_days: '["Friday"]' }, owner.token);
    const response = await sendForm(`/api/events/${eventId}`, "PUT", { end_time: "", is_recurring: "False" }, owner.token);
    expect(await response.json()).toMatchObject({ end_time: null, is_recurring: false, repeating_days: [] });
  });

  it("refuses no token (401), an owner of another place (403) and an unknown event (404); the admin may edit", async () => {
    const { stranger, eventId } = await withEvent();
    expect((await sendForm(`/api/events/${eventId}`, "PUT", { name: "Hijacked" })).status).toBe(401);
    expect((await sendForm(`/api/events/${eventId}`, "PUT", { name: "Hijacked" }, stranger.token)).status).toBe(403);
    expect((await sendForm("/api/events/424242", "PUT", { name: "Ghost" }, await adminToken())).status).toBe(404);
    expect((await sendForm(`/api/events/${eventId}`, "PUT", { name: "By the admin" }, await adminToken())).status).toBe(200);
    expect(await env.DB.prepare("SELECT name FROM events WHERE id = ?").bind(eventId).first()).toEqual({ name: "By the admin" });
  });

  it("moves an event only to another place the caller manages", async () => {
    const { owner, eventId, otherPlaceId } = await withEvent();
    const forged = await sendForm(`/api/events/${eventId}`, "PUT", { place_id: String(otherPlaceId) }, owner.token);
    expect(forged.status).toBe(403);
    const secondPlace = await insertPlace({ name: "Lantern Uptown" });
    await addOwner(secondPlace, owner.id);
    const moved = await sendForm(`/api/events/${eventId}`, "PUT", { place_id: String(secondPlace) }, owner.token);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ place_id: secondPlace, place_name: "Lantern Uptown" });
  });

  it.each([
    [{ end_time: "2030-05-03T20:00:00.000Z" }, "end_time: End time must be after the start time."],
    [{ start_time: "2030-05-04T03:00:00.000Z" }, "end_time: End time must be after the start time."],
    [{ is_recurring: "True" }, "repeating_days: Pick at least one day for a recurring event."],
    [{ name: "" }, "name: Event name is required."],
    [{ category: "424242" }, "category: No such event category."],
  ])("refuses %o against the event's other values with 400 %s", async (change, message) => {
    const { owner, eventId } = await withEvent();
    const response = await sendForm(`/api/events/${eventId}`, "PUT", change, owner.token);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe(message);
    expect(await env.DB.prepare("SELECT name, start_time FROM events WHERE id = ?").bind(eventId).first()).toEqual({
      name: "Jazz Night",
      start_time: "2030-05-03T23:00:00.000Z",
    });
  });
});

describe("DELETE /api/events/{id}", () => {
  beforeEach(reset);

  it("deletes the event and its images from R2", async () => {
    const { owner, placeId, category } = await cast();
    const created = await (
      await sendForm(
        "/api/create_user_event",
        "POST",
        { ...addEventForm(placeId, category), cover_image: imageFile("png"), flyer_image: imageFile("webp") },
        owner.token,
      )
    ).json<EventAnswer>();
    const keys = [keyOf(created.cover_image), keyOf(created.flyer_image)];
    for (const key of keys) expect(await env.IMAGES.head(key)).not.toBeNull();

    const response = await api(`/api/events/${created.id}`, { method: "DELETE", headers: bearer(owner.token) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    for (const key of keys) expect(await env.IMAGES.head(key)).toBeNull();
    expect((await api(`/api/events/${created.id}`)).status).toBe(404);
  });

  it("refuses no token (401) and an owner of another place (403); the admin may delete", async () => {
    const { placeId, stranger } = await cast();
    const eventId = await insertEvent({ place_id: placeId });
    expect((await api(`/api/events/${eventId}`, { method: "DELETE" })).status).toBe(401);
    expect((await api(`/api/events/${eventId}`, { method: "DELETE", headers: bearer(stranger.token) })).status).toBe(403);
    expect(await count("events")).toBe(1);
    expect((await api(`/api/events/${eventId}`, { method: "DELETE", headers: bearer(await adminToken()) })).status).toBe(200);
    expect(await count("events")).toBe(0);
    expect((await api(`/api/events/${eventId}`, { method: "DELETE", headers: bearer(await adminToken()) })).status).toBe(404);
  });
});
