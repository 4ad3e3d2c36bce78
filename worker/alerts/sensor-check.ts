// The Cron Trigger's work (wrangler.toml [triggers], every 5 minutes): ask the object of each
// place that has active sensors whether one went offline while the venue is open or was flagged.
// One D1 read lists them; places without sensors cost nothing.
import { getDb } from "../db/client";
import { placesWithDevices } from "../db/alerts";
import { placeOccupancy } from "../occupancy/place-occupancy";

/** Objects asked at once, so a large fleet does not open hundreds of calls together. */
const CONCURRENCY = 10;

export async function checkAllSensors(env: Pick<Env, "DB" | "PLACE_OCCUPANCY">, now: number): Promise<{ places: number; fired: number; failed: number }> {
  const places = await placesWithDevices(getDb(env));
  let fired = 0;
  let failed = 0;
  for (let i = 0; i < places.length; i += CONCURRENCY) {
    const results = await Promise.allSettled(places.slice(i, i + CONCURRENCY).map((place) => placeOccupancy(env, place.placeId).checkSensors(place, now)));
    for (const [j, result] of results.entries()) {
      if (result.status === "fulfilled") fired += result.value;
      else {
        failed++;
        console.error(`place ${places[i + j].placeId}: sensor check failed`, result.reason);
      }
    }
  }
  return { places: places.length, fired, failed };
}
