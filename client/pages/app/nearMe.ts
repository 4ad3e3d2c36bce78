// Near me's words and choices, apart from the page so they are unit-tested (docs/app.md#near-me):
// where the list is measured from, which places the chips keep, and each place's lines.
import { OFFER_MESSAGES } from "../../offers/offerMessages";
import type { LivePlace } from "../../../common/schemas/answers";
import type { FriendsOut } from "../../../common/schemas/friends";
import type { Suggestion } from "../../../common/schemas/saved";
import { CITY_CENTRE } from "../../live/venueMap";
import { VS_USUAL_TEXT } from "../../live/whenToGo";
import { nextEventText } from "../../live/nextEvent";
import { formatDistance } from "../../../common/formats";
import { suggestionOpen } from "./tonight";

export type Point = { lat: number; lng: number };
export type OriginSource = "here" | "home" | "city";

/** The phone's position when known, else the account's home area, else the city's centre: never nowhere. */
export function originOf(here: Point | null, home: Point | null): Point & { source: OriginSource } {
  if (here) return { ...here, source: "here" };
  if (home) return { ...home, source: "home" };
  return { ...CITY_CENTRE, source: "city" };
}

/** "At 9 PM": the hour the spec's question asks about, a chip of its own. */
export const LATER_HOUR = 21;

/**
 * The "When" list after "Now": the coming hours on the phone's clock, the next one first, a day
 * round (the hour under way is "Now"; issue 36 #12: the list started at 12 AM).
 */
export function comingHours(now: Date): number[] {
  return Array.from({ length: 23 }, (_, index) => (now.getHours() + 1 + index) % 24);
}

export const NEAR_FILTERS = ["open", "relaxed", "specials", "offers", "friends"] as const;
export type NearFilter = (typeof NEAR_FILTERS)[number];

export interface NearbyPlace {
  place: Suggestion;
  /** The live map's row of the place: its specials now and what the map draws. */
  live: LivePlace | null;
  /** Friends checked in there now, by name. */
  friends: string[];
}

/** The suggestions joined with the live answer and friends out, kept by the chips that are on. */
export function nearbyPlaces(
  places: readonly Suggestion[],
  live: readonly LivePlace[] | null,
  out: FriendsOut | null,
  filters: ReadonlySet<NearFilter>,
): NearbyPlace[] {
  const liveById = new Map(live?.map((row) => [row.id, row]));
  const friendsAt = new Map<number, string[]>();
  for (const friend of out?.friends ?? []) friendsAt.set(friend.place.id, [...(friendsAt.get(friend.place.id) ?? []), friend.name || `@${friend.handle}`]);
  return places
    .map((place) => ({ place, live: liveById.get(place.id) ?? null, friends: friendsAt.get(place.id) ?? [] }))
    .filter(
      ({ place, live: row, friends }) =>
        (!filters.has("open") || place.open !== false) &&
        (!filters.has("relaxed") || place.level === "Relaxed") &&
        (!filters.has("specials") || row?.special_now === true) &&
        (!filters.has("offers") || row?.offer_now === true) &&
        (!filters.has("friends") || friends.length > 0),
    );
}

/** "1 friend there: Sam", "3 friends there: Sam, Ana, Jo". */
export function friendsThereText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${names.length} ${names.length === 1 ? "friend" : "friends"} there: ${names.join(", ")}`;
}

/** A nearby place's lines under its name: distance, against usual, open or closed, friends, a special, an offer. */
export function nearbyLines({ place, live, friends }: NearbyPlace, forecast: boolean, now: number, locale: string): string[] {
  const lines = [`${formatDistance(place.distance_m, locale)} away`];
  if (place.vs_usual && !forecast) lines.push(VS_USUAL_TEXT[place.vs_usual]);
  const open = suggestionOpen(place, forecast, now, locale);
  if (open) lines.push(open);
  const there = friendsThereText(friends);
  if (there) lines.push(there);
  if (live?.special_now && !forecast) lines.push("Special on now");
  if (live?.offer_now && !forecast) lines.push(OFFER_MESSAGES.rowOn);
  // Tonight's event, on the venue's clock (docs/app.md#near-me).
  const event = live?.next_event;
  if (event && live) lines.push(nextEventText(event, live.timezone, now, locale));
  return lines;
}
