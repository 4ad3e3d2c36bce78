// The demo's events, reviews and Live Looks (issue 36, "A living demo"; docs/sensors.md#demo-data):
// pure functions of the seed venues and "now", checked at many fixed instants (every 5 hours over
// two weeks, across New York's and Berlin's autumn and spring clock changes), never the wall clock;
// each venue on its own clock (docs/cities.md).
import { describe, expect, it } from "vitest";
import { isOpenAt } from "../../common/opening-hours";
import { DAY_MS, fromWall, toWall, WEEKDAY_NAMES, weekdayIndexOfDay } from "../../common/local-time";
import * as v from "valibot";
import { reviewSchema } from "../../common/schemas/review";
import { demoEvents, ONE_OFF_DAYS } from "../../scripts/seed-data/events";
import { demoReviews } from "../../scripts/seed-data/reviews";
import { demoLiveLooks, LOOK_MAX_AGE_MINUTES, LOOK_VENUES } from "../../scripts/seed-data/looks";
import { shareJpeg } from "../../scripts/share-image";
import { liveLookSchema } from "../../common/schemas/live-look";
import { venueHours, venueZone } from "../../scripts/seed-data/venue-clock";
import { seedEventCategories, seedVenues } from "../../scripts/seed-data/venues";

const MINUTE_MS = 60_000;
/** Every 5 hours for 16 days from a start: every hour of the day comes round, on every weekday. */
const instantsFrom = (startIso: string) => Array.from({ length: (16 * 24) / 5 }, (_, i) => Date.parse(startIso) + i * 5 * 3_600_000);
// Two weeks around 2 Nov 2025 (clocks back) and 8 Mar 2026 (clocks forward) in New York, around 29
// Mar 2026 (forward) in Berlin, and an ordinary May; the first also holds Berlin's 26 Oct 2025 (back).
const NOWS = [
  ...instantsFrom("2025-10-25T13:17:00Z"),
  ...instantsFrom("2026-03-01T02:41:00Z"),
  ...instantsFrom("2026-03-22T09:13:00Z"),
  ...instantsFrom("2026-05-11T20:05:00Z"),
];
const venueOf = (slug: string) => seedVenues.find((venue) => venue.slug === slug)!;
const zoneOf = (slug: string) => venueZone(venueOf(slug));

/**
 * Whether the venue is open all through [start, end), read every quarter hour and at the last minute
 * (hours change on quarter hours), not by the seed's own closing rule.
 */
function openThroughout(slug: string, start: number, end: number): boolean {
  const hours = venueHours(venueOf(slug));
  for (let at = start; at < end; at += 15 * MINUTE_MS) if (!isOpenAt(hours, zoneOf(slug), at)) return false;
  return isOpenAt(hours, zoneOf(slug), end - MINUTE_MS);
}

describe("demo events", () => {
  it.each(NOWS.map((now) => [new Date(now).toISOString(), now]))("at %s: every night inside its venue's hours, one-offs within 14 days", (_label, now) => {
    const events = demoEvents(seedVenues, now);
    expect(new Set(events.map((event) => event.slug)).size).toBeGreaterThanOrEqual(12);
    const categories = new Set(seedEventCategories.map((category) => category.name));
    for (const event of events) {
      const start = Date.parse(event.startTime);
      const end = Date.parse(event.endTime);
      expect(categories.has(event.category), event.name).toBe(true);
      expect(event.description && event.hostName, event.name).toBeTruthy();
      expect(start, event.name).toBeGreaterThan(now);
      expect(end, event.name).toBeGreaterThan(start);
      expect(openThroughout(event.slug, start, end), `${event.name} from ${event.startTime}`).toBe(true);
      if (!event.isRecurring) {
        expect(event.repeatingDays).toEqual([]);
        expect(start - now, event.name).toBeLessThanOrEqual(ONE_OFF_DAYS * DAY_MS);
        continue;
      }
      // A weekly event repeats on its days at its start's wall time for its length (docs/insights.md#popular-events):
      // each of those nights in its first week is inside the hours too.
      const zone = zoneOf(event.slug);
      const startWall = toWall(zone, start);
      const firstDay = Math.floor(startWall / DAY_MS);
      expect(event.repeatingDays).toContain(WEEKDAY_NAMES[weekdayIndexOfDay(firstDay)]);
      for (let day = firstDay; day < firstDay + 7; day++) {
        if (!event.repeatingDays.includes(WEEKDAY_NAMES[weekdayIndexOfDay(day)])) continue;
        const nightStart = fromWall(zone, day * DAY_MS + (startWall - firstDay * DAY_MS));
        expect(openThroughout(event.slug, nightStart, nightStart + (end - start)), `${event.name} on day ${day}`).toBe(true);
      }
    }
  });

  it("gives Berlin's venues nights on Berlin's clock: the Tuesday quiz at 20:00 there", () => {
    // Monday 23 March 2026, noon in Berlin (CET): the quiz's first night is Tuesday 24 March, 20:00 CET = 19:00 UTC.
    const quiz = demoEvents(seedVenues, Date.parse("2026-03-23T11:00:00Z")).find((event) => event.slug === "zur-goerlitzer-kneipe")!;
    expect(quiz).toMatchObject({ name: "Kneipenquiz", isRecurring: true, repeatingDays: ["Tuesday"], startTime: "2026-03-24T19:00:00.000Z" });
  });

  it("has weekly and one-off nights of the kinds people know, and is the same for the same now", () => {
    const now = Date.parse("2026-05-12T15:00:00Z");
    const events = demoEvents(seedVenues, now);
    expect(demoEvents(seedVenues, now)).toEqual(events);
    expect(events.some((event) => event.isRecurring) && events.some((event) => !event.isRecurring)).toBe(true);
    expect(new Set(events.map((event) => event.category))).toEqual(
      new Set(["Trivia", "Live Music", "Game Watch", "Themed Night", "Karaoke", "Comedy", "DJ Night"]),
    );
    // Another moment moves them with it.
    expect(demoEvents(seedVenues, now + DAY_MS)).not.toEqual(events);
  });
});

describe("demo reviews", () => {
  const now = Date.parse("2026-05-12T15:00:00Z");
  const reviews = demoReviews(now);
  const bySlug = new Map(reviews.map((review) => [review.slug, reviews.filter((other) => other.slug === review.slug)]));

  it("gives most venues 2 to 5 reviews the form would take, mostly 3 to 5 stars, over the past months", () => {
    expect(bySlug.size).toBeGreaterThanOrEqual(12);
    for (const [slug, own] of bySlug) {
      expect(seedVenues.some((venue) => venue.slug === slug), slug).toBe(true);
      expect(own.length, slug).toBeGreaterThanOrEqual(2);
      expect(own.length, slug).toBeLessThanOrEqual(5);
    }
    for (const review of reviews) {
      expect(v.safeParse(reviewSchema, review).success, review.comment).toBe(true);
      expect(review.createdAt.getTime()).toBeLessThan(now);
      expect(review.createdAt.getTime()).toBeGreaterThan(now - 183 * DAY_MS);
    }
    const low = reviews.filter((review) => review.rating < 3);
    expect(low.length).toBeGreaterThan(0);
    expect(low.length / reviews.length).toBeLessThan(0.15);
    expect(Math.max(...reviews.map((review) => review.createdAt.getTime())) - Math.min(...reviews.map((review) => review.createdAt.getTime()))).toBeGreaterThan(90 * DAY_MS);
    expect(demoReviews(now)).toEqual(reviews);
  });

  it("speaks of what each venue's description promises", () => {
    for (const [slug, own] of bySlug) {
      const words = venueOf(slug).description.toLowerCase().match(/[a-z]{5,}/g)!;
      expect(own.some((review) => words.some((word) => review.comment.toLowerCase().includes(word))), slug).toBe(true);
    }
  });
});

describe("demo Live Looks", () => {
  it.each(NOWS.map((now) => [new Date(now).toISOString(), now]))("at %s: at a few venues open now, posted while open in the last two hours", (_label, now) => {
    const looks = demoLiveLooks(seedVenues, now);
    const slugs = new Set(looks.map((look) => look.slug));
    expect(slugs.size).toBeLessThanOrEqual(LOOK_VENUES);
    // The Live Looks journey counts the Copper Lantern's reported waits.
    expect(slugs.has("the-copper-lantern")).toBe(false);
    for (const look of looks) {
      const hours = venueHours(venueOf(look.slug));
      expect(isOpenAt(hours, zoneOf(look.slug), now), look.slug).toBe(true);
      expect(isOpenAt(hours, zoneOf(look.slug), look.createdAt), look.slug).toBe(true);
      expect(look.createdAt).toBeLessThan(now);
      expect(look.createdAt).toBeGreaterThanOrEqual(now - LOOK_MAX_AGE_MINUTES * MINUTE_MS);
      expect(v.parse(liveLookSchema, { text: look.text, wait: look.wait, vibe: look.vibe })).toEqual({ text: look.text, wait: look.wait, vibe: look.vibe });
    }
    // Some venue is open at most of these moments; while every venue is closed there is none.
    const anyOpen = seedVenues.some((venue) => isOpenAt(venueHours(venue), venueZone(venue), now));
    if (!anyOpen) expect(looks).toEqual([]);
    expect(demoLiveLooks(seedVenues, now)).toEqual(looks);
  });

  it("has posts at four venues on a Saturday night, the photo a JPEG like a posted one", async () => {
    // Saturday 28 November 2026, 11 PM in New York.
    const looks = demoLiveLooks(seedVenues, Date.parse("2026-11-29T04:00:00Z"));
    expect(new Set(looks.map((look) => look.slug)).size).toBe(LOOK_VENUES);
    const jpeg = await shareJpeg(looks[0].photoSvg);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.length).toBeLessThan(100_000);
  });
});
