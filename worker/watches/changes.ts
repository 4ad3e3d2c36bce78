// What a watch hears about (docs/watches.md): a change at a place, queued once on WATCH_QUEUE by
// whoever notices it (the place's object for levels, the cron for event and special starts, the
// Live Looks route for waits), and the notification each watcher gets for it. The same queue
// carries an owner's announcement to the place's followers (docs/announcements.md). Pure.
import type { Level } from "../../common/vocabulary";
import { readVenueHour } from "../../common/venue-hour";

export type LevelChangeKind = "quiet" | "lively";

/** One change at a place. `key` is unique per change: a watcher's inbox holds one row per key. */
export type WatchChange = {
  key: string;
  place_id: number;
  /** When it happened (ms): windows are checked at this time. */
  at: number;
} & (
  | { kind: LevelChangeKind; level: Level; percent: number }
  | { kind: "event_starts"; event: { id: number; name: string } }
  | { kind: "wait_under"; wait: { from: number | null; to: number } }
  | { kind: "special_starts"; special: { id: number; title: string } }
  | { kind: "offer_starts"; offer: { id: number; title: string; why: string } }
);

/**
 * An owner's announcement to the place's followers (saved with news on): the message names it, the
 * page reads it. Its key (`announcement:{id}`) keeps each follower's inbox row to one.
 */
export interface AnnouncementChange {
  key: string;
  place_id: number;
  at: number;
  kind: "announcement";
  announcement: { id: number };
}

/** What the fan-out carries: a watched change, or an announcement. */
export type FanOutChange = WatchChange | AnnouncementChange;

/**
 * A message of the fan-out: without `through_id` the change as first queued (its consumer cuts the
 * audience into pages); with it one page, the watchers with ids in (`after_id`, `through_id`] (for
 * an announcement, the followers with account ids in that range).
 */
export interface WatchFanOut {
  change: FanOutChange;
  after_id: number;
  through_id?: number;
}

export const fanOutOf = (change: FanOutChange): WatchFanOut => ({ change, after_id: 0 });

export const announcementKeyOf = (announcementId: number) => `announcement:${announcementId}`;

/** What the fan-out knows of the place. */
export interface WatchedPlace {
  name: string;
  slug: string;
  timeZone: string;
  /** The owners show numbers (docs/when-to-go.md#public-counts); false: the level only. */
  publicCounts: boolean;
}

/** The title and text a watcher gets for a change; `minutes` is the watch's (wait_under). */
export function watchMessage(change: WatchChange, place: WatchedPlace, minutes: number | null): { title: string; body: string } {
  switch (change.kind) {
    case "quiet":
    case "lively": {
      const how = change.kind === "quiet" ? "quiet" : "lively";
      // The level and its one number as every screen says them (docs/when-to-go.md#one-number-one-word).
      const reading = readVenueHour({ level: change.level, percent: place.publicCounts ? change.percent : null }, null);
      return { title: `${place.name} is ${how} now`, body: `${reading.text ?? change.level}.` };
    }
    case "event_starts":
      return { title: `Starting now at ${place.name}`, body: change.event.name };
    case "wait_under": {
      const wait = change.wait.to === 0 ? "No wait reported" : `Reported wait about ${change.wait.to} min`;
      return { title: `Short wait at ${place.name}`, body: minutes === null ? `${wait}.` : `${wait} (you asked for under ${minutes}).` };
    }
    case "special_starts":
      return { title: `A special starts now at ${place.name}`, body: change.special.title };
    case "offer_starts":
      return { title: `An offer is on now at ${place.name}`, body: `${change.offer.title}. ${change.offer.why}` };
  }
}

