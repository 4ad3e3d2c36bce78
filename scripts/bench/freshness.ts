// Freshness: how long a count posted now takes to show in the owner's key-trends (read from the
// place's object) and on the public live map (GET /api/live: the place_live row the object's alarm
// writes, behind the live map's cache). Measured on a venue whose sensor has been reporting for a
// while, with the map's cache kept warm by a visitor polling it, as in production.
import type { KeyTrends, LiveAnswer } from "../../common/schemas/answers.ts";
import { BenchApi, fixed, passFail } from "./bench-api.ts";

const KEY_TRENDS_BUDGET_S = 5;
const LIVE_BUDGET_S = 60;
/** Polling stops here: a lag this long is reported as "not within". */
const GIVE_UP_S = 120;

export interface FreshnessVenue {
  placeId: number;
  key: string;
}

/** A venue with one sensor that starts reporting now, long before it is measured. */
export async function startFreshnessVenue(api: BenchApi): Promise<FreshnessVenue> {
  const placeId = await api.createPlace({
    name: "Bench Freshness",
    address: "1 Tompkins Square, New York, NY",
    latitude: "40.7265",
    longitude: "-73.9815",
  });
  const { key } = await api.registerDevice(placeId, "Front bar");
  await postCount(api, key, 3);
  return { placeId, key };
}

async function postCount(api: BenchApi, key: string, count: number) {
  const response = await fetch(`${api.baseUrl}/api/ingest`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ count }),
  });
  if (!response.ok) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
}

/** Seconds from `since` until `check` holds, polling every `everyMs`; null after GIVE_UP_S. */
async function secondsUntil(since: number, everyMs: number, check: () => Promise<boolean>): Promise<number | null> {
  while (performance.now() - since < GIVE_UP_S * 1000) {
    if (await check()) return (performance.now() - since) / 1000;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return null;
}

/**
 * Posts a new count and follows it; the result is printed by report() (the live map part takes up
 * to a minute or more, so other sections run meanwhile: the polling is one request a second).
 */
export async function measureFreshness(api: BenchApi, venue: FreshnessVenue) {
  const livePeople = async () => {
    const answer = (await (await fetch(`${api.baseUrl}/api/live`)).json()) as LiveAnswer;
    return answer.places.find((place) => place.id === venue.placeId)?.people ?? null;
  };
  await livePeople(); // a visitor's map has filled the cache
  const count = 42;
  const posted = performance.now();
  await postCount(api, venue.key, count);
  const keyTrendsLag = await secondsUntil(posted, 50, async () => {
    const trends = await api.get<KeyTrends>(`/api/place/${venue.placeId}/key-trends`);
    return trends.currentPopulation === count;
  });
  const liveLag = await secondsUntil(posted, 1000, async () => (await livePeople()) === count);
  return { keyTrendsLag, liveLag };
}

export function reportFreshness({ keyTrendsLag, liveLag }: Awaited<ReturnType<typeof measureFreshness>>): boolean {
  const line = (what: string, lag: number | null, budget: number) => {
    const ok = lag !== null && lag <= budget;
    console.log(`${what}: ${lag === null ? `not within ${GIVE_UP_S} s` : `${fixed(lag, lag < 1 ? 3 : 1)} s`} (budget ≤ ${budget} s) → ${passFail(ok)}`);
    return ok;
  };
  console.log("\n## Freshness: a count posted now, on a venue whose sensor has been reporting");
  const keyTrendsOk = line("key-trends shows it after", keyTrendsLag, KEY_TRENDS_BUDGET_S);
  const liveOk = line("GET /api/live shows it after", liveLag, LIVE_BUDGET_S);
  return keyTrendsOk && liveOk;
}
