// The demo's events (issue 36, "A living demo"; docs/sensors.md#demo-data): weekly nights and
// one-offs in the next two weeks at most venues, each inside its venue's opening hours on the
// venue's clock and relative to "now" at seed time. Stored as the dashboard's form creates them:
// a weekly event's start is its first night to come and its days a JSON list, Monday first; its
// frequency is left empty, as the dashboard leaves it (docs/insights.md#popular-events).
// The weekly nights follow the seeded occupancy's bumps (scripts/seed-data/occupancy.ts), so a
// trivia Tuesday is busier than other Tuesdays.
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema.ts";
import { DAY_MS, fromWall, toWall, WEEKDAY_NAMES, weekdayIndexOfDay } from "../../common/local-time.ts";
import type { EventDay } from "../../common/schemas/event.ts";
import { insertPerVenue } from "./per-venue.ts";
import { fitsOpening, venueHours, venueZone } from "./venue-clock.ts";
import type { SeedVenue } from "./venues.ts";

/** One-offs fall on the venue's calendar days 1 to ONE_OFF_DAYS - 1 after the seed's day: never further ahead than this. */
export const ONE_OFF_DAYS = 14;
const MINUTE_MS = 60_000;

interface EventPlan {
  slug: string;
  name: string;
  /** A name of seedEventCategories. */
  category: string;
  description: string;
  host: string;
  /** Start on the venue's clock ("HH:MM") and length in minutes. */
  at: string;
  minutes: number;
  /** Weekly on these days, or once on such a day within the coming week (`week` 0) or the one after (1). */
  repeat: { weekly: readonly EventDay[] } | { once: EventDay; week: 0 | 1 };
  capacity?: number;
  details?: string;
}

const EVENT_PLANS: readonly EventPlan[] = [
  {
    slug: "the-copper-lantern",
    name: "Candlelight Sessions",
    category: "Live Music",
    description: "An acoustic duo plays soul and bossa nova covers by the copper bar. No cover charge.",
    host: "Ines & Theo",
    at: "19:00",
    minutes: 120,
    repeat: { weekly: ["Sunday"] },
  },
  {
    slug: "the-copper-lantern",
    name: "Roaring Twenties Night",
    category: "Themed Night",
    description: "Gin rickeys, a swing band and a Charleston lesson at ten. Come in costume: the best-dressed table wins a round.",
    host: "The Copper Lantern",
    at: "21:00",
    minutes: 240,
    repeat: { once: "Saturday", week: 1 },
    capacity: 90,
    details: "Flapper dresses, suspenders and fedoras welcome. Tables by the band are first come, first served.",
  },
  {
    slug: "st-marks-tap-room",
    name: "Tuesday Pub Quiz",
    category: "Trivia",
    description: "Six rounds, a picture round and a music round. Teams of up to six; the winners drink free for the night.",
    host: "Quizmaster Dee",
    at: "19:30",
    minutes: 150,
    repeat: { weekly: ["Tuesday"] },
    details: "Arrive by 7:15 to get a table.",
  },
  {
    slug: "tompkins-corner",
    name: "Back to '85: 80s Night",
    category: "Themed Night",
    description: "The jukebox plays nothing after 1989. Neon, big hair and leg warmers encouraged; best outfit gets a free pitcher.",
    host: "DJ Rewind",
    at: "21:00",
    minutes: 300,
    repeat: { once: "Friday", week: 0 },
  },
  {
    slug: "avenue-c-ale-house",
    name: "Premier League Saturdays",
    category: "Game Watch",
    description: "Every match on its own screen, sound on for the big one. Wings by the pound and $6 pints until the final whistle.",
    host: "Avenue C Ale House",
    at: "10:00",
    minutes: 240,
    repeat: { weekly: ["Saturday"] },
  },
  {
    slug: "avenue-c-ale-house",
    name: "Monday Night Football",
    category: "Game Watch",
    description: "The night game on all twelve screens, buckets of beer and a halftime prediction contest.",
    host: "Avenue C Ale House",
    at: "20:15",
    minutes: 195,
    repeat: { weekly: ["Monday"] },
  },
  {
    slug: "avenue-c-ale-house",
    name: "Derby Day Watch Party",
    category: "Game Watch",
    description: "The weekend's big London derby live, both sets of fans in one room. Doors at 11, kick-off at 11:30.",
    host: "Avenue C Ale House",
    at: "11:00",
    minutes: 180,
    repeat: { once: "Sunday", week: 0 },
    capacity: 130,
    details: "Wear your colours; rival scarves stay friendly.",
  },
  {
    slug: "the-velvet-hour",
    name: "Live Jazz Trio",
    category: "Live Music",
    description: "Piano, upright bass and drums in the forty-seat room. Two sets; the second one is quieter.",
    host: "The Lenox Trio",
    at: "21:00",
    minutes: 180,
    repeat: { weekly: ["Thursday", "Friday", "Saturday"] },
    capacity: 40,
  },
  {
    slug: "rooftop-on-first",
    name: "Sunset Sessions",
    category: "DJ Night",
    description: "House and disco edits on the roof from golden hour until the skyline lights up.",
    host: "DJ Solana",
    at: "18:00",
    minutes: 240,
    repeat: { weekly: ["Friday", "Saturday"] },
  },
  {
    slug: "bowery-wine-cellar",
    name: "Sunday Bossa Nova",
    category: "Live Music",
    description: "A guitarist and a singer, softly. Natural wines by the glass and the cheese board of the week.",
    host: "Lúcia Prado",
    at: "17:00",
    minutes: 120,
    repeat: { weekly: ["Sunday"] },
  },
  {
    slug: "east-village-beer-garden",
    name: "Bundesliga Saturdays",
    category: "Game Watch",
    description: "The early kick-off on the big screen under the string lights, with litre steins and pretzels.",
    host: "East Village Beer Garden",
    at: "12:30",
    minutes: 150,
    repeat: { weekly: ["Saturday"] },
  },
  {
    slug: "east-village-beer-garden",
    name: "Lederhosen & Dirndl Night",
    category: "Themed Night",
    description: "An oompah band, stein-holding contests and a free litre for anyone who comes in costume.",
    host: "East Village Beer Garden",
    at: "19:00",
    minutes: 240,
    repeat: { once: "Friday", week: 1 },
    capacity: 200,
  },
  {
    slug: "neon-moon-karaoke",
    name: "Open Stage Karaoke",
    category: "Karaoke",
    description: "Sign up at the bar, two songs each per round. Duets encouraged, power ballads celebrated.",
    host: "MC Jin",
    at: "21:00",
    minutes: 240,
    repeat: { weekly: ["Thursday"] },
  },
  {
    slug: "neon-moon-karaoke",
    name: "K-Pop Karaoke Battle",
    category: "Karaoke",
    description: "Teams of three, one K-pop hit each round, the crowd votes. Choreography earns bonus points.",
    host: "MC Jin",
    at: "20:00",
    minutes: 180,
    repeat: { once: "Saturday", week: 0 },
    capacity: 80,
    details: "Sign your team up at the bar before 8.",
  },
  {
    slug: "the-low-hum",
    name: "Low Frequency",
    category: "DJ Night",
    description: "The residents on the basement floor: deep house early, techno after one.",
    host: "Mara K & Oko",
    at: "22:00",
    minutes: 300,
    repeat: { weekly: ["Friday", "Saturday"] },
  },
  {
    slug: "the-low-hum",
    name: "Disco Inferno Costume Ball",
    category: "Themed Night",
    description: "Seventies disco all night under the mirror ball. Flares and sequins get in free before midnight.",
    host: "DJ Velvet Rope",
    at: "22:00",
    minutes: 300,
    repeat: { once: "Sunday", week: 1 },
    capacity: 250,
  },
  {
    slug: "hotel-astor-lobby-bar",
    name: "Piano at the Astor",
    category: "Live Music",
    description: "Standards and show tunes on the lobby's grand piano. Requests taken on a napkin.",
    host: "Marguerite Bell",
    at: "19:00",
    minutes: 180,
    repeat: { weekly: ["Wednesday", "Thursday"] },
  },
  {
    slug: "ninth-street-taqueria",
    name: "Mariachi Saturday",
    category: "Live Music",
    description: "A five-piece mariachi band plays the dining room between tacos al pastor and the mezcal list.",
    host: "Mariachi Estrella de Loisaida",
    at: "19:00",
    minutes: 120,
    repeat: { once: "Saturday", week: 1 },
  },
  {
    slug: "alphabet-city-pub",
    name: "Sunday Session",
    category: "Live Music",
    description: "Irish trad by the fireplace: fiddle, flute and whoever brought an instrument. Pull up a stool.",
    host: "The Avenue B Ramblers",
    at: "15:00",
    minutes: 180,
    repeat: { weekly: ["Sunday"] },
  },
  {
    slug: "alphabet-city-pub",
    name: "Rugby Morning",
    category: "Game Watch",
    description: "The weekend's big international live on every screen, with a full Irish breakfast and the first pint at kick-off.",
    host: "Alphabet City Pub",
    at: "11:00",
    minutes: 150,
    repeat: { once: "Saturday", week: 0 },
  },
  {
    slug: "second-avenue-lounge",
    name: "Vinyl Wednesdays",
    category: "DJ Night",
    description: "Soul, funk and rare grooves played only from records. Bring one of yours and it might get a spin.",
    host: "DJ Marisol",
    at: "20:00",
    minutes: 240,
    repeat: { weekly: ["Wednesday"] },
  },
  {
    slug: "the-stoop",
    name: "Wednesday Comedy Open Mic",
    category: "Comedy",
    description: "Five minutes each, sign-up at 7:30. New comics, regulars and the odd surprise headliner in the backyard.",
    host: "Nate Okafor",
    at: "20:00",
    minutes: 150,
    repeat: { weekly: ["Wednesday"] },
  },
  {
    slug: "the-stoop",
    name: "Friday Stand-up Showcase",
    category: "Comedy",
    description: "Six of the open mic's best get fifteen minutes each. $5 cans all night.",
    host: "Nate Okafor",
    at: "21:00",
    minutes: 120,
    repeat: { once: "Friday", week: 1 },
    capacity: 60,
  },
  {
    slug: "loisaida-brewing",
    name: "Brewery Trivia",
    category: "Trivia",
    description: "Four rounds and a beer-styles bonus round in the taproom. The winning team names the next small batch.",
    host: "Quizmaster Dee",
    at: "19:30",
    minutes: 120,
    repeat: { weekly: ["Tuesday"] },
  },
  // Berlin (Kreuzberg), on Berlin's clock.
  {
    slug: "zur-goerlitzer-kneipe",
    name: "Kneipenquiz",
    category: "Trivia",
    description: "Fünf Runden, ein Musikrätsel und eine Runde Berlin-Fragen. Teams bis sechs Leute.",
    host: "Quizmeisterin Ines",
    at: "20:00",
    minutes: 150,
    repeat: { weekly: ["Tuesday"] },
  },
  {
    slug: "cafe-am-mariannenplatz",
    name: "Jazz am Platz",
    category: "Live Music",
    description: "Ein Trio aus dem Kiez, zwei Sets, kein Eintritt.",
    host: "Café am Mariannenplatz",
    at: "20:30",
    minutes: 150,
    repeat: { weekly: ["Thursday", "Saturday"] },
  },
  {
    slug: "spreewald-schankstube",
    name: "Karaoke-Donnerstag",
    category: "Karaoke",
    description: "Die Bühne gehört euch: über 20.000 Lieder, Deutsch-Pop bis Schlager.",
    host: "DJ Gurke",
    at: "21:00",
    minutes: 240,
    repeat: { weekly: ["Thursday"] },
  },
  {
    slug: "wrangelkiez-klub",
    name: "Hinterhof Disco",
    category: "DJ Night",
    description: "Disco und House bis in den Morgen, zwei Floors.",
    host: "Wrangelkiez Klub",
    at: "23:30",
    minutes: 300,
    repeat: { once: "Saturday", week: 0 },
    capacity: 180,
  },
];

/** A demo event as the seed writes it: the events row's fields, the category by name and the venue by slug. */
export interface DemoEvent {
  slug: string;
  name: string;
  category: string;
  description: string;
  hostName: string;
  additionalDetails: string;
  maxCapacity: number | null;
  isRecurring: boolean;
  frequency: "";
  repeatingDays: EventDay[];
  /** UTC ISO instants. */
  startTime: string;
  endTime: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const weekdayName = (day: number) => WEEKDAY_NAMES[weekdayIndexOfDay(day)];

/**
 * The demo's events at `now`: each weekly one from its first night after `now`, keeping only the
 * days whose night fits in the venue's hours; each one-off on its weekday within the next
 * ONE_OFF_DAYS days, left out when that night does not fit. Pure and deterministic.
 */
export function demoEvents(venues: readonly SeedVenue[], now: number): DemoEvent[] {
  return EVENT_PLANS.flatMap((plan) => {
    const venue = venues.find((candidate) => candidate.slug === plan.slug);
    if (!venue) return [];
    // On the venue's own clock (docs/cities.md).
    const zone = venueZone(venue);
    const today = Math.floor(toWall(zone, now) / DAY_MS);
    const hours = venueHours(venue);
    const nightOn = (day: number) => {
      const start = fromWall(zone, day * DAY_MS + minutesOf(plan.at) * MINUTE_MS);
      const end = start + plan.minutes * MINUTE_MS;
      return fitsOpening(hours, zone, start, end) ? { start, end } : null;
    };
    const { repeat } = plan;
    const fitting = (
      "weekly" in repeat
        ? // The first night of each of its weekdays after now; a weekday whose night does not fit is dropped from the event.
          Array.from({ length: 8 }, (_, i) => today + i).filter((day) => repeat.weekly.includes(weekdayName(day)))
        : // The first such day of the 7 from tomorrow (week 0) or from 7 days ahead (1): never past ONE_OFF_DAYS - 1 days ahead.
          Array.from({ length: 7 }, (_, i) => today + 1 + 6 * repeat.week + i).filter((day) => weekdayName(day) === repeat.once)
    )
      .flatMap((day) => {
        const night = nightOn(day);
        return night && night.start > now && night.start - now <= ONE_OFF_DAYS * DAY_MS ? [{ day, ...night }] : [];
      })
      .filter((night, i, all) => all.findIndex((other) => weekdayName(other.day) === weekdayName(night.day)) === i);
    if (fitting.length === 0) return [];
    const [first] = fitting;
    const weekly = "weekly" in repeat;
    return [
      {
        slug: plan.slug,
        name: plan.name,
        category: plan.category,
        description: plan.description,
        hostName: plan.host,
        additionalDetails: plan.details ?? "",
        maxCapacity: plan.capacity ?? null,
        isRecurring: weekly,
        frequency: "",
        repeatingDays: weekly ? WEEKDAY_NAMES.filter((name) => fitting.some((night) => weekdayName(night.day) === name)) : [],
        startTime: new Date(first.start).toISOString(),
        endTime: new Date(first.end).toISOString(),
      },
    ];
  });
}

/** Writes the demo's events; a venue that already has events keeps its own. Returns how many were added. */
export async function seedDemoEvents(database: Parameters<typeof drizzle>[0], venues: readonly SeedVenue[], now: number): Promise<number> {
  const categories = await drizzle(database, { schema }).select({ id: schema.eventCategories.id, name: schema.eventCategories.name }).from(schema.eventCategories);
  const categoryIds = new Map(categories.map((category) => [category.name, category.id]));
  return insertPerVenue(
    database,
    demoEvents(venues, now),
    async (db, placeId) => (await db.select({ n: count() }).from(schema.events).where(eq(schema.events.placeId, placeId)))[0].n > 0,
    async (db, placeId, events) => {
      await db.insert(schema.events).values(
        events.map(({ slug: _slug, category, repeatingDays, ...event }) => ({
          ...event,
          placeId,
          categoryId: categoryIds.get(category) ?? null,
          repeatingDays: JSON.stringify(repeatingDays),
        })),
      );
    },
  );
}
