// A place's usual profile (popular-times.ts) changes only when a venue day completes, so it is
// kept in the Cache API per place and venue day for an hour: popular times and the live map read
// a place's kept means (db/usual-history.ts) at most once an hour (docs/when-to-go.md#caching).
import { venueDayAt } from "../../common/local-time";
import type { Database } from "../db/client";
import { historyBeforeToday, meansSettingsOf } from "../db/usual-history";
import type { HistoryPlace } from "../db/when-to-go";
import { usualProfile, type UsualProfile, type WhenPlace } from "../occupancy/popular-times";

const PROFILE_SECONDS = 3600;

/**
 * A short hash of the settings a profile depends on (its means' and the percent's), so an edit to
 * the hours or a new calibration is seen at once.
 */
function settingsHash(place: HistoryPlace & WhenPlace): string {
  const text = JSON.stringify([meansSettingsOf(place), place.packedThreshold, place.hours]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The usual profile of a place for today's venue day, from the cache or computed from D1 and
 * cached. `origin` is the request's, as the Cache API keys by URL; the path is no route.
 */
export async function cachedUsualProfile(
  db: Database,
  place: HistoryPlace & WhenPlace,
  now: number,
  origin: string,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<UsualProfile> {
  const today = venueDayAt(place, now);
  const key = new Request(new URL(`/_cache/usual-profile/${place.id}/${today}/${settingsHash(place)}`, origin).toString());
  const hit = await caches.default.match(key);
  if (hit) return hit.json<UsualProfile>();
  const profile = usualProfile(await historyBeforeToday(db, place, now, (write) => waitUntil(write())), place);
  const response = new Response(JSON.stringify(profile), {
    headers: { "content-type": "application/json", "cache-control": `public, s-maxage=${PROFILE_SECONDS}` },
  });
  waitUntil(caches.default.put(key, response));
  return profile;
}
