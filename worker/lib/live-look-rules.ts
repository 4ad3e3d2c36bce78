// The rules of Live Looks as plain functions (docs/live-looks.md): how long a post is public, the
// reported wait, the page cursor, how reporters are told apart without keeping their address, an
// account's hourly limit per venue and when a post contradicts the sensor.
import type { WaitSummary } from "../../common/schemas/answers";
import { dateOfDay, type VenueDay } from "../../common/local-time";
import { LEVELS, LIVE_LOOK_ACCOUNT_LIMIT, LIVE_LOOK_PUBLIC_MS, type Level, type Wait } from "../../common/vocabulary";
import { toBase64Url } from "./crypto";

/** The wait summary and the map list count cover the last hour. */
export const RECENT_MS = 60 * 60 * 1000;
/** Reports from this many different clients hide a post until a moderator looks at it. */
export const AUTO_HIDE_REPORTS = 3;
/** The owners' panel covers the last 7 days; then the cron deletes the post (worker/db/retention.ts). */
export const OWNER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Seconds until an account may post again at a venue, given the times (ms) of its posts there in the
 * last hour; null while it is under LIVE_LOOK_ACCOUNT_LIMIT. The wait ends when the oldest post that
 * counts is an hour old (docs/live-looks.md#who-may-post).
 */
export function accountRetryAfter(postTimes: readonly number[], now: number): number | null {
  const recent = postTimes.filter((at) => at > now - RECENT_MS).sort((a, b) => b - a);
  if (recent.length < LIVE_LOOK_ACCOUNT_LIMIT) return null;
  return Math.max(1, Math.ceil((recent[LIVE_LOOK_ACCOUNT_LIMIT - 1] + RECENT_MS - now) / 1000));
}

/**
 * A post's vibe contradicts the sensor strongly when both are known and two levels apart: Packed
 * while the fresh live level is Relaxed, or Relaxed while it is Packed. One level apart is a matter of
 * taste; the post is kept either way, marked "not checked" when it contradicts.
 */
export const contradictsSensor = (vibe: Level | null, liveLevel: Level | null) =>
  vibe !== null && liveLevel !== null && Math.abs(LEVELS.indexOf(vibe) - LEVELS.indexOf(liveLevel)) === LEVELS.length - 1;

/** The earliest creation time still public at `now`. */
export const publicSince = (now: number) => now - LIVE_LOOK_PUBLIC_MS;

/**
 * Minutes each wait choice stands for: the middle of its range; "No wait" is 0 and the open-ended
 * "30+ min" counts as 40 (a report of it says "at least half an hour").
 */
const WAIT_MINUTES: Record<Wait, number> = { none: 0, lt5: 3, "5-15": 10, "15-30": 23, "30+": 40 };

/**
 * The reported wait at `now`: the median of the minutes of the wait reports made in the last hour
 * (a median, so one "30+" among "No wait"s does not make a queue), rounded to whole minutes; null
 * without reports.
 */
export function waitSummary(reports: { wait: Wait; createdAt: number }[], now: number): WaitSummary | null {
  const since = now - RECENT_MS;
  const minutes = reports
    .filter((report) => report.createdAt > since && report.createdAt <= now)
    .map((report) => WAIT_MINUTES[report.wait])
    .sort((a, b) => a - b);
  if (minutes.length === 0) return null;
  const middle = Math.floor(minutes.length / 2);
  const median = minutes.length % 2 === 1 ? minutes[middle] : (minutes[middle - 1] + minutes[middle]) / 2;
  return { minutes: Math.round(median), reports: minutes.length, since: new Date(since).toISOString() };
}

/** Pages are cut by (created_at, id), newest first: the cursor names the last post of a page. */
export const encodeCursor = (post: { createdAt: number; id: number }) => `${post.createdAt}-${post.id}`;

export function decodeCursor(cursor: string): { createdAt: number; id: number } {
  const [createdAt, id] = cursor.split("-").map(Number);
  return { createdAt, id };
}

/**
 * An opaque name for "this client reporting this post": HMAC-SHA256 of the client's address key
 * under a key derived from the worker's secret, the post and the venue day the report falls on
 * (docs/glossary.md#venue-day): the key turns over at the venue's day start (05:00 by default, when
 * it is closed), not at midnight UTC, which falls in the evening in the Americas, so one client
 * reporting before and after midnight counts once. Two reports from one client of one post on one
 * venue day share it; nothing else links them (docs/live-looks.md#telling-clients-apart).
 */
export async function reporterHash(secret: string, clientAddressKey: string, liveLookId: number, venueDay: VenueDay): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(`${secret}\nlive-look-reports\n${dateOfDay(venueDay)}\n${liveLookId}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(clientAddressKey)));
  // 128 bits: collisions between reporters of one post are out of reach, and less is kept.
  return toBase64Url(mac.subarray(0, 16));
}
