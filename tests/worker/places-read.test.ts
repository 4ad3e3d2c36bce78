import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { issueAccessToken } from "../../worker/auth/tokens";
import type { OwnedPlace, PublicPlace } from "../../common/schemas/answers";
import { addOwner, adminToken, bearer, createUser, insertPlace, insertTag } from "./fixtures";
import { api, clearTables } from "./helpers";

const PUBLIC_KEYS = [
  "id", "slug", "name", "address", "city", "state", "country", "postal_code", "latitude", "longitude", "type",
  "category", "website", "phone_number", "description", "cover_photo_url", "cover_image",
  "monday_open", "monday_close", "tuesday_open", "tuesday_close", "wednesday_open", "wednesday_close",
  "thursday_open", "thursday_close", "friday_open", "friday_close", "saturday_open", "saturday_close",
  "sunday_open", "sunday_close", "open_time", "close_time", "lively_threshold", "packed_threshold", "timezone", "day_start_hour", "tags",
].sort();
const PRIVATE_KEYS = ["favorite", "no_device", "max_devices", "public_counts", "owners"];

async function seedVenue() {
  const owner = await createUser("Olivia Owner");
  const coOwner = await createUser(""); // no name: listed by email
  const stranger = await createUser("Sam Stranger");
  const placeId = await insertPlace({
    name: "The Copper Lantern",
    slug: "the-copper-lantern",
    address: "112 Avenue A",
    postal_code: "10009",
    latitude: 40.7262,
    longitude: -73.9838,
    category: "cocktail-bar",
    website: "https://copperlantern.example.com",
    phone_number: "(212) 555-0141",
    cover_image_key: "seed/the-copper-lantern.svg",
    monday_open: "17:00",
    monday_close: "02:00",
    favorite: 1,
    max_devices: 3,
  });
  await addOwner(placeId, owner.id);
  await addOwner(placeId, coOwner.id);
  const strangersPlace = await insertPlace({ name: "Another Bar", slug: "another-bar" });
  await addOwner(strangersPlace, stranger.id);
  const cocktails = await insertTag("Cocktails");
  const lateNight = await insertTag("Late Night");
  await insertTag("Unused");
  await env.DB.prepare("INSERT INTO place_tags (place_id, tag_id) VALUES (?, ?), (?, ?)")
    .bind(placeId, lateNight, placeId, cocktails)
    .run();
  return { owner, coOwner, stranger, placeId, strangersPlace, tagIds: [cocktails, lateNight].sort((a, b) => a - b) };
}

describe("GET /api/places", () => {
  beforeEach(() => clearTables("place_tags", "place_owners", "tags", "places", "users"));

  it("lists every venue by name with public fields only, tags as ids and usable cover URLs", async () => {
    const { placeId, tagIds } = await seedVenue();
    const response = await api("/api/places");
    expect(response.status).toBe(200);
    const places = await response.json<PublicPlace[]>();
    expect(places.map((place) => place.name)).toEqual(["Another Bar", "The Copper Lantern"]);
    for (const place of places) expect(Object.keys(place).sort()).toEqual(PUBLIC_KEYS);
    expect(places[1]).toMatchObject({
      id: placeId,
      slug: "the-copper-lantern",
      city: "New York",
      state: "NY",
      country: "United States",
      type: "Bar",
      category: "cocktail-bar",
      latitude: 40.7262,
      cover_photo_url: "/api/images/seed/the-copper-lantern.svg",
      cover_image: "/api/images/seed/the-copper-lantern.svg",
      monday_open: "17:00",
      monday_close: "02:00",
      tuesday_open: "",
      tags: tagIds,
    });
    expect(places[0]).toMatchObject({ tags: [], cover_image: null, cover_photo_url: null });
  });

  it("gives an admin the same public list (private fields come from get-places-owned)", async () => {
    await seedVenue();
    const places = await (await api("/api/places", { headers: bearer(await adminToken()) })).json<object[]>();
    for (const place of places) for (const key of PRIVATE_KEYS) expect(place).not.toHaveProperty(key);
  });
});

describe("GET /api/place/{idOrSlug}", () => {
  beforeEach(() => clearTables("place_tags", "place_owners", "tags", "places", "users"));

  it("answers a visitor with the public place by id and by slug", async () => {
    const { placeId, tagIds } = await seedVenue();
    for (const key of [String(placeId), "the-copper-lantern"]) {
      const response = await api(`/api/place/${key}`);
      expect(response.status).toBe(200);
      const place = await response.json<PublicPlace>();
      expect(Object.keys(place).sort()).toEqual(PUBLIC_KEYS);
      expect(place).toMatchObject({ id: placeId, name: "The Copper Lantern", tags: tagIds });
    }
  });

  it("adds owners (names, else emails), favorite, no_device and max_devices for its owners and the admin", async () => {
    const { owner, coOwner, placeId } = await seedVenue();
    for (const token of [owner.token, coOwner.token, await adminToken()]) {
      const response = await api(`/api/place/${placeId}`, { headers: bearer(token) });
      expect(response.status).toBe(200);
      const place = await response.json<OwnedPlace>();
      expect(Object.keys(place).sort()).toEqual([...PUBLIC_KEYS, ...PRIVATE_KEYS].sort());
      expect(place).toMatchObject({
        owners: ["Olivia Owner", coOwner.email],
        favorite: true,
        no_device: false,
        max_devices: 3,
      });
    }
  });

  it("shows the owner of another place only the public fields", async () => {
    const { stranger } = await seedVenue();
    const place = await (await api("/api/place/the-copper-lantern", { headers: bearer(stranger.token) })).json<object>();
    for (const key of PRIVATE_KEYS) expect(place).not.toHaveProperty(key);
  });

  it("answers an expired token with 401 so the client refreshes it, and an empty bearer as a visitor", async () => {
    const { owner, placeId } = await seedVenue();
    const expired = await issueAccessToken(env.JWT_SECRET, { userId: owner.id, role: "owner" }, { now: Date.now() - 3_600_000 });
    expect((await api(`/api/place/${placeId}`, { headers: bearer(expired) })).status).toBe(401);
    expect((await api(`/api/place/${placeId}`, { headers: { authorization: "Bearer " } })).status).toBe(200);
  });

  it.each(["999999", "no-such-bar", "Not%20A%20Slug", "0", "-1"])("answers 404 for %s", async (key) => {
    await seedVenue();
    const response = await api(`/api/place/${key}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No such place." });
  });
});

describe("GET /api/get-places-owned", () => {
  beforeEach(() => clearTables("place_tags", "place_owners", "tags", "places", "users"));

  it("lists only the caller's places, with owners and the private fields", async () => {
    const { owner, placeId, tagIds } = await seedVenue();
    const secondPlace = await insertPlace({ name: "A Second Venue" });
    await addOwner(secondPlace, owner.id);
    const response = await api("/api/get-places-owned", { headers: bearer(owner.token) });
    expect(response.status).toBe(200);
    const places = await response.json<OwnedPlace[]>();
    expect(places.map((place) => place.id)).toEqual([secondPlace, placeId]);
    for (const place of places) expect(Object.keys(place).sort()).toEqual([...PUBLIC_KEYS, ...PRIVATE_KEYS].sort());
    expect(places[0]).toMatchObject({ owners: ["Olivia Owner"], tags: [] });
    expect(places[1]).toMatchObject({ owners: ["Olivia Owner", expect.stringContaining("@")], tags: tagIds, max_devices: 3 });
  });

  it("gives an owner without places an empty list and the admin every place", async () => {
    await seedVenue();
    const newcomer = await createUser("New Owner");
    expect(await (await api("/api/get-places-owned", { headers: bearer(newcomer.token) })).json()).toEqual([]);
    const all = await (await api("/api/get-places-owned", { headers: bearer(await adminToken()) })).json<OwnedPlace[]>();
    expect(all.map((place) => place.name)).toEqual(["Another Bar", "The Copper Lantern"]);
    expect(all[0].owners).toEqual(["Sam Stranger"]);
  });

  it("refuses a caller without a token", async () => {
    const response = await api("/api/get-places-owned");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in to continue." });
  });
});
