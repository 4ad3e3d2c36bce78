// Where its owners hide counts (public_counts off), no answer a signed-out visitor can read carries
// the place's thresholds, a percent or a people count: percent × packed threshold ÷ 100 would be the
// head count (docs/when-to-go.md#public-counts). Every GET route of the router is read signed out,
// by id and by slug, so a route added tomorrow is covered too; a control place that shows its counts
// proves the same reads do find numbers. Its owners' own answers keep them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { OwnedPlace } from "../../common/schemas/answers";
import { api, apiRoutes } from "./helpers";
import { createPlace, ownerOf, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York (EDT, UTC−4); in the future, so no alarm fires by itself. */
const now = Date.UTC(2031, 5, 11, 1, 10);
const minute = 60_000;
const local = (days: number, hour: number) => Date.UTC(2031, 5, 10 + days, hour + 4);

/** Every field that is, or with a threshold gives, a number of people. */
const COUNT_FIELDS = new Set([
  "people",
  "percent",
  "usual",
  "low",
  "high",
  "lively_threshold",
  "packed_threshold",
  "currentCapacity",
  "currentPopulation",
  "peakHourUtilization",
  "population",
  "relative_fullness",
  "busyness_score",
  "general_avg",
  "last_day_value",
]);

/** Where a count field is not null, skipping what is about `skipId` (the other place in a list). */
function countsIn(value: unknown, skipId: number, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => countsIn(item, skipId, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  if (record.id === skipId || record.place_id === skipId) return [];
  return Object.entries(record).flatMap(([key, item]) => [
    ...(COUNT_FIELDS.has(key) && item !== null && !(Array.isArray(item) && item.length === 0) ? [`${path}.${key}`] : []),
    ...countsIn(item, skipId, `${path}.${key}`),
  ]);
}

/** 28 evenings of history (17–23 local, 30 people) and a fresh live count of 41 (Lively). */
async function busyPlace(publicCounts: boolean) {
  const placeId = await createPlace({ livelyThreshold: 37, packedThreshold: 73 });
  const statements = [env.DB.prepare("UPDATE places SET public_counts = ? WHERE id = ?").bind(publicCounts ? 1 : 0, placeId)];
  for (let day = -28; day < 0; day++) {
    for (let hour = 17; hour <= 23; hour++) {
      for (const quarter of [0, 1, 2, 3]) {
        statements.push(
          env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, 30, 30, 15)").bind(
            placeId,
            (local(day, hour) + quarter * 15 * minute) / 1000,
          ),
        );
      }
    }
  }
  statements.push(
    env.DB.prepare("INSERT INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES (?, 41, 56, 'Lively', 1, ?)").bind(
      placeId,
      now - minute,
    ),
    env.DB.prepare("INSERT INTO reviews (place_id, username, rating, comment) VALUES (?, 'maya', 4, 'Lovely.')").bind(placeId),
    env.DB.prepare("INSERT INTO events (place_id, name, start_time) VALUES (?, 'Quiz', ?)").bind(placeId, new Date(now + 86_400_000).toISOString()),
    env.DB.prepare("INSERT INTO live_looks (place_id, text, wait, vibe, created_at) VALUES (?, 'Seats free', '5-15', 'Lively', ?)").bind(placeId, now - minute),
  );
  await env.DB.batch(statements);
  const { slug } = (await env.DB.prepare("SELECT slug FROM places WHERE id = ?").bind(placeId).first<{ slug: string }>())!;
  return { id: placeId, slug };
}

/** The API's own description names the count fields of every answer, and is about no place. */
const DESCRIPTION = "/api/openapi.json";
const GET_ROUTES = apiRoutes().filter((route) => route.method === "GET" && route.path !== DESCRIPTION);
const fill = (path: string, key: number | string) => path.replace(/:(\w+)(\{[^}]*\})?/g, String(key));
/** The query a route needs to answer about the place (createPlace puts every place at 40.72, -73.98). */
const QUERIES: Record<string, string> = { "/api/places/suggestions": "?lat=40.72&lng=-73.98&radius_m=500" };

/** What each GET route answers a signed-out visitor about the place: counts found, by route. */
async function publicReads(place: { id: number; slug: string }, other: number) {
  const found = new Map<string, string[]>();
  for (const route of GET_ROUTES) {
    const keys = route.path.includes(":") ? [place.id, place.slug] : [place.id];
    for (const key of keys) {
      const response = await api(fill(route.path, key) + (QUERIES[route.path] ?? ""));
      if (response.status !== 200 || !(response.headers.get("content-type") ?? "").includes("application/json")) continue;
      found.set(`GET ${fill(route.path, typeof key === "number" ? "{id}" : "{slug}")}`, countsIn(await response.json(), other));
    }
  }
  return found;
}

useFixedClock(now);

describe("public_counts off", () => {
  let hidden: { id: number; slug: string };
  let shown: { id: number; slug: string };
  beforeAll(async () => {
    hidden = await busyPlace(false);
    shown = await busyPlace(true);
  });

  it("leaves thresholds, percents and people out of every answer a signed-out visitor reads about the place", async () => {
    const reads = await publicReads(hidden, shown.id);
    // The routes that mention a place were all read, so the check below covers them.
    expect([...reads.keys()]).toEqual(
      expect.arrayContaining([
        "GET /api/live",
        "GET /api/places",
        "GET /api/place/{id}",
        "GET /api/place/{slug}",
        "GET /api/places/{id}/popular-times",
        "GET /api/places/{slug}/popular-times",
        "GET /api/places/{id}/forecast",
        "GET /api/places/{slug}/forecast",
        "GET /api/business/{id}/events",
        "GET /api/places/{id}/reviews",
        "GET /api/places/{id}/live-looks",
        "GET /api/places/suggestions",
      ]),
    );
    expect(Object.fromEntries([...reads].filter(([, counts]) => counts.length > 0))).toEqual({});
  });

  it("keeps the level, on the live map and in popular times", async () => {
    const live = await (await api("/api/live")).json<{ places: { id: number; level: string | null }[] }>();
    expect(live.places.find((place) => place.id === hidden.id)).toMatchObject({ level: "Lively", percent: null, people: null });
    const popular = await (await api(`/api/places/${hidden.id}/popular-times`)).json<{ live: unknown; enough_data: boolean }>();
    expect(popular).toMatchObject({ live: { percent: null, level: "Lively" }, enough_data: true });
  });

  it("the same reads of a place that shows its counts do find them (the check above has teeth)", async () => {
    const reads = await publicReads(shown, hidden.id);
    for (const route of ["GET /api/live", "GET /api/places", "GET /api/place/{id}", "GET /api/places/{id}/popular-times", "GET /api/places/{id}/forecast", "GET /api/places/suggestions"]) {
      expect(reads.get(route), route).not.toEqual([]);
    }
  });

  it("its owners' own answers keep their thresholds", async () => {
    const owner = await ownerOf(hidden.id);
    const response = await api(`/api/place/${hidden.id}`, { headers: owner });
    expect(await response.json<OwnedPlace>()).toMatchObject({ public_counts: false, lively_threshold: 37, packed_threshold: 73 });
    const owned = await (await api("/api/get-places-owned", { headers: owner })).json<OwnedPlace[]>();
    expect(owned[0]).toMatchObject({ lively_threshold: 37, packed_threshold: 73 });
  });
});
