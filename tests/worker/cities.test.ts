// Cities (docs/cities.md): GET /api/cities, GET /api/live?city=, and the city a place is given when
// the admin adds or edits it (the admin's pick, else the nearest city within 50 km of its position).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { CitiesAnswer, LiveAnswer, OwnedPlace } from "../../common/schemas/answers";
import { adminToken, insertPlace, sendForm } from "./fixtures";
import { api } from "./helpers";

const KREUZBERG = { latitude: "52.4986", longitude: "13.4180" };
const EAST_VILLAGE = { latitude: "40.7262", longitude: "-73.9838" };

const cityOf = async (placeId: number) =>
  (await env.DB.prepare("SELECT c.slug, p.timezone FROM places p JOIN cities c ON c.id = p.city_id WHERE p.id = ?").bind(placeId).first<{ slug: string; timezone: string }>())!;

async function cities() {
  const response = await api("/api/cities");
  expect(response.status).toBe(200);
  return { body: await response.json<CitiesAnswer>(), cacheControl: response.headers.get("cache-control") };
}

const create = async (fields: Record<string, string>) => sendForm("/api/place/create", "POST", { name: `City Bar ${crypto.randomUUID().slice(0, 6)}`, ...fields }, await adminToken());

describe("GET /api/cities", () => {
  beforeEach(() => caches.default.delete("https://third-place.test/api/cities"));

  it("lists every city with its country, zone and number of places, cached at the edge, and counts a new place at once", async () => {
    const before = await cities();
    expect(before.cacheControl).toBe("public, max-age=0, s-maxage=60");
    const berlin = before.body.cities.find((city) => city.slug === "berlin");
    expect(berlin).toEqual({ slug: "berlin", name: "Berlin", country: "DE", time_zone: "Europe/Berlin", places: expect.any(Number) });
    expect(before.body.cities.find((city) => city.slug === "new-york")).toMatchObject({ name: "New York", country: "US", time_zone: "America/New_York" });
    // A place added in Berlin purges the cached list.
    expect((await create(KREUZBERG)).status).toBe(201);
    const after = await cities();
    expect(after.body.cities.find((city) => city.slug === "berlin")!.places).toBe(berlin!.places + 1);
  });
});

describe("a place's city", () => {
  it("is the nearest city within 50 km of its position, with that city's zone unless one is given", async () => {
    const kreuzberg = await (await create(KREUZBERG)).json<OwnedPlace>();
    expect(await cityOf(kreuzberg.id)).toEqual({ slug: "berlin", timezone: "Europe/Berlin" });
    expect(kreuzberg.timezone).toBe("Europe/Berlin");
    const named = await (await create({ ...EAST_VILLAGE, timezone: "America/Chicago" })).json<OwnedPlace>();
    expect(await cityOf(named.id)).toEqual({ slug: "new-york", timezone: "America/Chicago" });
  });

  it("is the admin's pick when given, the default city without a position, and a position far from every city needs a pick", async () => {
    const picked = await (await create({ city_slug: "berlin" })).json<OwnedPlace>();
    expect(await cityOf(picked.id)).toEqual({ slug: "berlin", timezone: "Europe/Berlin" });
    const nowhere = await (await create({})).json<OwnedPlace>();
    expect((await cityOf(nowhere.id)).slug).toBe(env.DEFAULT_CITY);
    // Munich is 500 km from Berlin: no city is near, so nothing is written.
    const name = `Far Bar ${crypto.randomUUID().slice(0, 6)}`;
    const far = await sendForm("/api/place/create", "POST", { name, latitude: "48.1372", longitude: "11.5756" }, await adminToken());
    expect(far.status).toBe(400);
    expect(await far.json()).toMatchObject({ error: expect.stringContaining("city_slug: No city we serve is within 50 km") });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM places WHERE name = ?").bind(name).first("n")).toBe(0);
    const unknown = await create({ city_slug: "atlantis" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ details: [{ field: "city_slug" }] });
  });

  it("moves with a new position on an edit, taking the new city's zone when the form sends the old one unchanged", async () => {
    const place = await (await create(EAST_VILLAGE)).json<OwnedPlace>();
    const moved = await sendForm(`/api/place/update/${place.id}`, "POST", { name: place.name, address: "Oranienstraße 1", ...KREUZBERG, timezone: "America/New_York" }, await adminToken());
    expect(moved.status).toBe(200);
    expect(await cityOf(place.id)).toEqual({ slug: "berlin", timezone: "Europe/Berlin" });
    // An edit that sends no position keeps the city.
    expect((await sendForm(`/api/place/update/${place.id}`, "POST", { name: place.name, address: "Oranienstraße 2" }, await adminToken())).status).toBe(200);
    expect((await cityOf(place.id)).slug).toBe("berlin");
    // A city the admin picked stays when the next edit sends the same position again, as the form does.
    await sendForm(`/api/place/update/${place.id}`, "POST", { name: place.name, address: "Oranienstraße 2", city_slug: "new-york" }, await adminToken());
    expect(await cityOf(place.id)).toEqual({ slug: "new-york", timezone: "America/New_York" });
    await sendForm(`/api/place/update/${place.id}`, "POST", { name: place.name, address: "Oranienstraße 2", ...KREUZBERG, timezone: "America/New_York" }, await adminToken());
    expect((await cityOf(place.id)).slug).toBe("new-york");
  });
});

describe("GET /api/live?city=", () => {
  beforeEach(() => caches.default.delete("https://third-place.test/api/live"));

  it("keeps only that city's places, and answers 404 for a city we do not serve", async () => {
    const cityId = async (slug: string) => (await env.DB.prepare("SELECT id FROM cities WHERE slug = ?").bind(slug).first<number>("id"))!;
    const inBerlin = await insertPlace({ city_id: await cityId("berlin"), timezone: "Europe/Berlin" });
    const inNewYork = await insertPlace({ city_id: await cityId("new-york") });
    const response = await api("/api/live?city=berlin");
    expect(response.status).toBe(200);
    const { places } = await response.json<LiveAnswer>();
    expect(places.map((place) => place.city)).toEqual(places.map(() => "berlin"));
    expect(places.map((place) => place.id)).toContain(inBerlin);
    expect(places.map((place) => place.id)).not.toContain(inNewYork);
    const unknown = await api("/api/live?city=atlantis");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No such city." });
    expect((await api("/api/live?city=Not%20A%20Slug")).status).toBe(400);
  });
});

describe("GET /api/cities/here", () => {
  const here = async (cf?: { latitude: string; longitude: string }) => {
    const response = await api("/api/cities/here", cf ? ({ cf } as RequestInit) : {});
    expect(response.status).toBe(200);
    return response.json<{ slug: string; name: string; zoom: number }>();
  };

  it("is the city nearest to where Cloudflare places the visitor, however far, and the default city without a position", async () => {
    expect(await here({ latitude: "52.52", longitude: "13.40" })).toMatchObject({ slug: "berlin", name: "Berlin" });
    // Munich, 500 km from Berlin and 6,500 from New York.
    expect((await here({ latitude: "48.14", longitude: "11.58" })).slug).toBe("berlin");
    expect((await here({ latitude: "40.70", longitude: "-74.00" })).slug).toBe("new-york");
    expect((await here()).slug).toBe(env.DEFAULT_CITY);
  });
});
