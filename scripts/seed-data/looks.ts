// The demo's Live Looks (issue 36, "A living demo"; docs/live-looks.md): a few venues open at seed
// time get two posts each from the demo friends, made in the last two hours while the venue was
// open (a post is public for 3 hours), each with a generated photo. The vibe and the wait follow the
// level the seeded occupancy expects at that minute (scripts/seed-data/occupancy.ts), so a post never
// contradicts the sensor. The Copper Lantern is left out: the Live Looks journey counts its waits.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { isOpenAt } from "../../common/opening-hours.ts";
import { toWall } from "../../common/local-time.ts";
import type { Level } from "../../common/schemas/answers.ts";
import { LIVE_LOOK_PUBLIC_MS, type Wait } from "../../common/vocabulary.ts";
import { levelOf } from "../../worker/occupancy/levels.ts";
import { expectedPeople, venueMoment } from "./occupancy.ts";
import { insertPerVenue } from "./per-venue.ts";
import { venueHours, venueZone } from "./venue-clock.ts";
import type { SeedVenue } from "./venues.ts";

/** At most this many venues have Live Looks. */
export const LOOK_VENUES = 4;
/** Posts are at most this old at seed time. */
export const LOOK_MAX_AGE_MINUTES = 110;

/** Each venue's two posts: what the poster noticed, and how many minutes before the seed's now. */
const LOOK_PLANS: readonly { slug: string; posts: readonly (readonly [string, number])[] }[] = [
  { slug: "tompkins-corner", posts: [["Pool table has a queue, jukebox on 80s", 25], ["Cheap shots and the game on mute", 95]] },
  { slug: "east-village-beer-garden", posts: [["Long tables filling up under the lights", 15], ["Pretzels just came out of the oven", 80]] },
  { slug: "st-marks-tap-room", posts: [["New Finger Lakes IPA on tap", 35], ["Crowd on the stoop, inside is easier", 105]] },
  { slug: "the-stoop", posts: [["Backyard open, $5 cans", 20], ["Comics warming up in the back", 70]] },
  { slug: "ninth-street-taqueria", posts: [["Trompo spinning, al pastor is on", 30], ["Margaritas flowing at the bar", 90]] },
  { slug: "avenue-c-ale-house", posts: [["Every screen on a match", 10], ["Wings by the pound, sound up", 65]] },
  { slug: "the-velvet-hour", posts: [["Trio's second set, candles lit", 40], ["Two seats left at the bar", 100]] },
  { slug: "neon-moon-karaoke", posts: [["Open stage going strong", 15], ["Rooms booked, stage is free", 75]] },
];

const SAID: Record<Level, { words: string; wait: Wait }> = {
  Relaxed: { words: "Plenty of room", wait: "none" },
  Lively: { words: "Good buzz", wait: "lt5" },
  Packed: { words: "Rammed", wait: "15-30" },
};

export interface DemoLiveLook {
  slug: string;
  text: string;
  vibe: Level;
  wait: Wait;
  createdAt: number;
  /** Which of the demo friends posts it (0 or 1). */
  poster: number;
  /** The photo as SVG, turned into a JPEG by the seed. */
  photoSvg: string;
}

/** A small seeded random sequence, so the same venue and post always draw the same photo. */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (const ch of seed) state = Math.imul(state ^ ch.charCodeAt(0), 16777619);
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/**
 * A photo-like picture of a bar at night: the venue's colours, blurred lights, bottles on the back
 * bar, a counter and the heads and shoulders of as many people as its level suggests.
 */
export function lookPhotoSvg(venue: Pick<SeedVenue, "slug" | "palette">, vibe: Level, index: number): string {
  const [light, dark] = venue.palette;
  const next = randomFrom(`${venue.slug}/${index}`);
  const lights = Array.from({ length: 14 }, () => {
    const r = 14 + Math.floor(next() * 36);
    return `<circle cx="${Math.floor(next() * 1200)}" cy="${Math.floor(next() * 300)}" r="${r}" fill="${next() < 0.5 ? "#fde68a" : "#fb923c"}" opacity="${(0.25 + next() * 0.5).toFixed(2)}"/>`;
  });
  // Bottles on the back bar, lit from below.
  const bottles = Array.from({ length: 22 }, (_, i) => {
    const x = 30 + i * 54 + Math.floor(next() * 14);
    const height = 50 + Math.floor(next() * 40);
    return `<rect x="${x}" y="${360 - height}" width="18" height="${height}" rx="7" fill="${next() < 0.5 ? light : "#a7f3d0"}" opacity="0.55"/>`;
  });
  const crowd = { Relaxed: 3, Lively: 7, Packed: 13 }[vibe];
  const people = Array.from({ length: crowd }, (_, i) => {
    const x = Math.floor(((i + 0.5 + (next() - 0.5) * 0.6) * 1200) / crowd);
    const y = 430 + Math.floor(next() * 60);
    const shade = ["#111827", "#1f2937", "#0f172a"][i % 3];
    return `<g fill="${shade}"><circle cx="${x}" cy="${y}" r="38"/><rect x="${x - 70}" y="${y + 32}" width="140" height="200" rx="60"/></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="room" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.6" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<filter id="soft"><feGaussianBlur stdDeviation="18"/></filter><filter id="focus"><feGaussianBlur stdDeviation="3"/></filter></defs>
<rect width="1200" height="630" fill="url(#room)"/>
<g filter="url(#soft)">${lights.join("")}</g>
<g filter="url(#focus)">${bottles.join("")}</g>
<rect x="0" y="360" width="1200" height="40" fill="#3f2a1d" opacity="0.9"/>
<rect x="0" y="400" width="1200" height="230" fill="#1c1917" opacity="0.7"/>
<g filter="url(#focus)">${people.join("")}</g>
</svg>`;
}

/**
 * The demo's Live Looks at `now`: the first LOOK_VENUES planned venues open now, each with those of
 * its posts made while it was open; vibe and wait from the level expected at that minute. Pure.
 */
export function demoLiveLooks(venues: readonly SeedVenue[], now: number): DemoLiveLook[] {
  return LOOK_PLANS.flatMap((plan) => {
    const venue = venues.find((candidate) => candidate.slug === plan.slug);
    if (!venue || !isOpenAt(venueHours(venue), venueZone(venue), now)) return [];
    const looks = plan.posts.flatMap(([scene, minutesAgo], index) => {
      const createdAt = now - minutesAgo * 60_000;
      if (!isOpenAt(venueHours(venue), venueZone(venue), createdAt)) return [];
      const { weekday, hour } = venueMoment(toWall(venueZone(venue), createdAt));
      const vibe = levelOf(expectedPeople(venue, weekday, hour), venue);
      return [{ slug: venue.slug, text: `${SAID[vibe].words}. ${scene}.`, vibe, wait: SAID[vibe].wait, createdAt, poster: index % 2, photoSvg: lookPhotoSvg(venue, vibe, index) }];
    });
    return looks.length > 0 ? [looks] : [];
  })
    .slice(0, LOOK_VENUES)
    .flat();
}

/** Where and how the seed stores a post's photo: a JPEG in R2 under live-looks/, as a posted one is (worker/lib/uploads.ts). */
export interface LookPhotoStore {
  jpeg(svg: string): Promise<Uint8Array>;
  put(key: string, bytes: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
}

/**
 * Writes the demo's Live Looks at `now`, posted by the given accounts (null when missing); a venue
 * with a public Live Look keeps its own. Returns how many were added.
 */
export function seedDemoLiveLooks(
  database: Parameters<typeof drizzle>[0],
  photos: LookPhotoStore,
  venues: readonly SeedVenue[],
  posterIds: readonly (number | null)[],
  now: number,
): Promise<number> {
  return insertPerVenue(
    database,
    demoLiveLooks(venues, now),
    async (db, placeId) => {
      const recent = and(eq(schema.liveLooks.placeId, placeId), isNull(schema.liveLooks.hiddenAt), gt(schema.liveLooks.createdAt, new Date(now - LIVE_LOOK_PUBLIC_MS)));
      return (await db.select({ id: schema.liveLooks.id }).from(schema.liveLooks).where(recent).limit(1)).length > 0;
    },
    async (db, placeId, looks) => {
      for (const look of looks) {
        const photoKey = `live-looks/${crypto.randomUUID()}.jpg`;
        await photos.put(photoKey, await photos.jpeg(look.photoSvg), { httpMetadata: { contentType: "image/jpeg" } });
        await db.insert(schema.liveLooks).values({
          placeId,
          userId: posterIds[look.poster] ?? null,
          text: look.text,
          wait: look.wait,
          vibe: look.vibe,
          photoKey,
          createdAt: new Date(look.createdAt),
        });
      }
    },
  );
}
