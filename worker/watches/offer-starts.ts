// Offers on, for offer_starts watches (docs/offers.md#notifications): the 5-minute cron looks at the
// offers of watched places and, where one is on (its hours, and quiet when it asks for quiet: the
// same offerOnNow as the profile), queues one change keyed by the place and its venue day. Each
// watcher's inbox keeps one row per key, so a person hears of a venue's offers at most once a
// venue day, however many offers come on or cron runs see them; quiet hours and the daily cap of
// pushes hold as for every watch (docs/push.md).
import { venueDayAt } from "../../common/local-time";
import { getDb } from "../db/client";
import { findOfferPlace, offersOfWatchedPlaces, type OfferRecord } from "../db/offers";
import { historyBeforeToday } from "../db/usual-history";
import { forecastFromProfile, offerOnNow, placeContext } from "../lib/offer-rules";
import { usualProfile } from "../occupancy/popular-times";
import type { WatchChange } from "./changes";
import { queueChanges } from "./fan-out";

export const offerDayKey = (placeId: number, day: number) => `offer:${placeId}:${day}`;

export async function noticeOffersOn(env: Pick<Env, "DB" | "WATCH_QUEUE">, now: number): Promise<number> {
  const db = getDb(env);
  const byPlace = new Map<number, OfferRecord[]>();
  for (const offer of await offersOfWatchedPlaces(db)) byPlace.set(offer.placeId, [...(byPlace.get(offer.placeId) ?? []), offer]);
  const changes: WatchChange[] = [];
  for (const [placeId, offers] of byPlace) {
    const place = await findOfferPlace(db, placeId, now);
    if (!place) continue;
    // The cron keeps no history of its own: the usual is read only where an offer follows the forecast.
    const profile = offers.some((offer) => offer.when === "forecast_quiet") ? usualProfile(await historyBeforeToday(db, place, now, () => undefined), place) : null;
    const ctx = placeContext(place, now, forecastFromProfile(profile, place, now));
    for (const offer of offers) {
      const state = offerOnNow(offer, ctx);
      if (!state.on) continue;
      changes.push({ key: offerDayKey(placeId, venueDayAt(place, now)), place_id: placeId, at: now, kind: "offer_starts", offer: { id: offer.id, title: offer.title, why: state.why } });
      break;
    }
  }
  await queueChanges(env, changes);
  return changes.length;
}
