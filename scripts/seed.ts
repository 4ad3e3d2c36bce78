// Demo data: partner venues in two cities (New York's East Village, Berlin's Kreuzberg) with cover art, tags, event categories, events, reviews, Live Looks, feature flags, a demo owner, a demo consumer,
// and the venues' sensors with 8 weeks of occupancy (scripts/seed-occupancy.ts).
// Idempotent: rows that already exist (by slug, name or email) are left as they are.
// `npm run seed` seeds the local state; `npm start` calls seedIfEmpty() on first run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import * as schema from "../drizzle/schema.ts";
import { hashPassword } from "../worker/auth/password.ts";
import { coverSvg } from "./seed-data/covers.ts";
import { shareJpeg } from "./share-image.ts";
import { seedEventCategories, seedFeatureFlags, seedTags, seedVenues } from "./seed-data/venues.ts";
import { seedMenus, seedSpecials } from "./seed-data/menus.ts";
import { OFFER_SLUG, offerStatements, seedOffers } from "./seed-data/offers.ts";
import { planMenuWrite } from "../worker/lib/menu-document.ts";
import { root, stateDir } from "./local-state.ts";
import { demoKeysPath, seedOccupancy } from "./seed-occupancy.ts";
import { DEMO_FRIENDS, seedDemoPlan } from "./seed-data/social.ts";
import { lastOpenAt } from "./seed-data/open-times.ts";
import { venueZone } from "./seed-data/venue-clock.ts";
import { hourColumns, hoursOfRow } from "../worker/db/hour-columns.ts";
import { checkInUntil } from "../common/opening-hours.ts";
import { seedDemoEvents } from "./seed-data/events.ts";
import { seedDemoReviews } from "./seed-data/reviews.ts";
import { seedDemoLiveLooks } from "./seed-data/looks.ts";

export { DEMO_FRIENDS };

/** The two bindings the seed writes to, as getPlatformProxy hands them to Node. */
export interface SeedEnv {
  DB: Parameters<typeof drizzle>[0];
  IMAGES: { put(key: string, value: string | Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown> };
}

/** A documented sign-in for trying the owner dashboard locally; printed by `npm start`. */
export const DEMO_OWNER = {
  email: "owner@thirdplace.example",
  password: "lantern-demo-2025",
  name: "Demo Owner",
  placeSlugs: ["the-copper-lantern", "st-marks-tap-room"],
} as const;

/**
 * A documented sign-in for trying the consumer app (/app) locally; printed by `npm start`. She has
 * saved places (announcements on for the first) and a few notifications in her inbox
 * (docs/accounts.md#demo-accounts).
 */
export const DEMO_CONSUMER = {
  email: "maya@thirdplace.example",
  password: "night-out-demo-2025",
  name: "Maya Demo",
  handle: "maya",
  // Around Tompkins Square Park, rounded like every home area.
  homeLat: 40.727,
  homeLng: -73.982,
  preferences: JSON.stringify({ categories: ["cocktail-bar", "wine-bar"], tags: [], level: "Lively" }),
  timeZone: "America/New_York",
  savedSlugs: ["the-copper-lantern", "bowery-wine-cellar", "second-avenue-lounge", "the-velvet-hour"],
  newsSlug: "the-copper-lantern",
} as const;

/** The demo consumer's inbox: what watches would have sent her; `minutesAgo` from seeding. */
const DEMO_INBOX = [
  { slug: "bowery-wine-cellar", kind: "quiet_now", title: "Bowery Wine Cellar is quiet now", body: "Relaxed · 18%.", minutesAgo: 25, read: false },
  { slug: "the-copper-lantern", kind: "lively_now", title: "The Copper Lantern is lively now", body: "Lively · 52%.", minutesAgo: 90, read: false },
  { slug: "the-velvet-hour", kind: "quiet_now", title: "The Velvet Hour is quiet now", body: "Relaxed · 21%.", minutesAgo: 26 * 60, read: true },
] as const;
/**
 * Jonah's check-in: at the plan's venue when it is open at seed time, else at the first demo venue
 * open then, for 3 hours or until it closes; none while every venue is closed (docs/friends.md#demo).
 */
export const DEMO_CHECK_IN = { placeSlug: "the-copper-lantern", hours: 3 } as const;

/** The local state's bindings in Node, for the seed and for test data the API cannot make. */
export async function withLocalBindings<T>(work: (env: SeedEnv) => Promise<T>): Promise<T> {
  // Only D1 and R2, from wrangler.toml: the Durable Object binding would make wrangler warn that
  // its class is not exported (this proxy runs no worker), which a user can do nothing about.
  const { compatibility_date, d1_databases, r2_buckets } = unstable_readConfig({ config: path.join(root, "wrangler.toml") });
  const configPath = path.join(stateDir(), "seed.wrangler.json");
  mkdirSync(stateDir(), { recursive: true });
  writeFileSync(configPath, JSON.stringify({ compatibility_date, d1_databases, r2_buckets }));
  // wrangler's --persist-to and the Vite plugin add "v3" to the folder; getPlatformProxy does not.
  const proxy = await getPlatformProxy<SeedEnv>({ configPath, persist: { path: path.join(stateDir(), "v3") } });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

export async function seed(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });

  await db.insert(schema.tags).values([...seedTags]).onConflictDoNothing();
  await db.insert(schema.eventCategories).values([...seedEventCategories]).onConflictDoNothing();
  await db.insert(schema.featureFlags).values([...seedFeatureFlags]).onConflictDoNothing();

  // The cities come with migration 0033; each venue belongs to its own, on its clock (docs/cities.md).
  const cityIds = new Map((await db.select({ id: schema.cities.id, slug: schema.cities.slug }).from(schema.cities)).map((city) => [city.slug, city.id]));
  for (const venue of seedVenues) {
    const coverImageKey = `seed/${venue.slug}.svg`;
    const cover = coverSvg(venue);
    await env.IMAGES.put(coverImageKey, cover, { httpMetadata: { contentType: "image/svg+xml" } });
    // Its 1200×630 JPEG for link previews, as a cover upload makes one (docs/search-and-previews.md#share-images).
    const shareImageKey = `seed/${venue.slug}-share.jpg`;
    await env.IMAGES.put(shareImageKey, await shareJpeg(cover), { httpMetadata: { contentType: "image/jpeg" } });
    const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = venue.hours;
    await db
      .insert(schema.places)
      .values({
        slug: venue.slug,
        name: venue.name,
        cityId: cityIds.get(venue.city)!,
        timezone: venueZone(venue),
        ...venue.locality,
        address: venue.address,
        postalCode: venue.postalCode,
        latitude: venue.latitude,
        longitude: venue.longitude,
        type: venue.type,
        category: venue.category,
        website: venue.website,
        phoneNumber: venue.phoneNumber,
        description: venue.description,
        coverImageKey,
        shareImageKey,
        livelyThreshold: venue.livelyThreshold,
        packedThreshold: venue.packedThreshold,
        mondayOpen: monday[0], mondayClose: monday[1],
        tuesdayOpen: tuesday[0], tuesdayClose: tuesday[1],
        wednesdayOpen: wednesday[0], wednesdayClose: wednesday[1],
        thursdayOpen: thursday[0], thursdayClose: thursday[1],
        fridayOpen: friday[0], fridayClose: friday[1],
        saturdayOpen: saturday[0], saturdayClose: saturday[1],
        sundayOpen: sunday[0], sundayClose: sunday[1],
      })
      .onConflictDoNothing();
  }

  const placeIds = new Map(
    (await db.select({ id: schema.places.id, slug: schema.places.slug }).from(schema.places)).map((p) => [p.slug, p.id]),
  );
  const tagIds = new Map(
    (await db.select({ id: schema.tags.id, name: schema.tags.name }).from(schema.tags)).map((t) => [t.name, t.id]),
  );
  const placeTags = seedVenues.flatMap((venue) =>
    venue.tags.map((tag) => ({ placeId: placeIds.get(venue.slug)!, tagId: tagIds.get(tag)! })),
  );
  for (let i = 0; i < placeTags.length; i += 40) {
    await db.insert(schema.placeTags).values(placeTags.slice(i, i + 40)).onConflictDoNothing();
  }
  await seedMenusAndSpecials(db, placeIds);
  const events = await seedDemoEvents(env.DB, seedVenues, Date.now());
  const reviews = await seedDemoReviews(env.DB, Date.now());
  const checkInSlug = await seedDemoAccounts(env);
  const liveLooks = await seedLiveLooks(env);
  const occupancy = await seedOccupancy(env.DB);
  // After the history: the quiet offer's hours are raised in it (docs/offers.md#demo).
  const offers = await seedDemoOffers(env.DB, placeIds.get(OFFER_SLUG)!);
  return { venues: seedVenues.length, tags: seedTags.length, events, reviews, liveLooks, checkInSlug, offers, ...occupancy };
}

/**
 * Live Looks with photos at a few venues open now, posted by Maya's friends; each start adds them
 * again once the last have left the 3 public hours (docs/live-looks.md).
 */
async function seedLiveLooks(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const emails: string[] = DEMO_FRIENDS.map((friend) => friend.email);
  const friends = await db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users).where(inArray(schema.users.email, emails));
  const posterIds = emails.map((email) => friends.find((friend) => friend.email === email)?.id ?? null);
  const photos = { jpeg: shareJpeg, put: (key: string, bytes: Uint8Array, options: { httpMetadata: { contentType: string } }) => env.IMAGES.put(key, bytes, options) };
  return seedDemoLiveLooks(env.DB, photos, seedVenues, posterIds, Date.now());
}

/** The demo offers, once: a place that has offers keeps its own. How many were written. */
async function seedDemoOffers(db: SeedEnv["DB"], placeId: number): Promise<number> {
  const existing = await db.prepare("SELECT count(*) AS n FROM offers WHERE place_id = ?").bind(placeId).first<{ n: number }>();
  if ((existing?.n ?? 0) > 0) return 0;
  await db.batch(offerStatements(db, placeId, Date.now()));
  return seedOffers.length;
}

/** Menus and specials of a few venues; a venue that has a menu (or any special) keeps its own. */
async function seedMenusAndSpecials(db: ReturnType<typeof drizzle<typeof schema>>, placeIds: Map<string, number>) {
  const now = new Date();
  for (const [slug, menu] of Object.entries(seedMenus)) {
    const plan = planMenuWrite(null, menu);
    if (!plan.ok) throw new Error(`The seed menu of ${slug} is refused: ${plan.problems[0].message}`);
    await db
      .insert(schema.placeMenus)
      .values({ placeId: placeIds.get(slug)!, sections: JSON.stringify(plan.sections), kitchenUntil: menu.kitchen_hours?.until ?? null, nextId: plan.nextId, updatedAt: now })
      .onConflictDoNothing();
  }
  for (const [slug, specials] of Object.entries(seedSpecials)) {
    const placeId = placeIds.get(slug)!;
    const [{ existing }] = await db.select({ existing: count() }).from(schema.specials).where(eq(schema.specials.placeId, placeId));
    if (existing > 0) continue;
    await db.insert(schema.specials).values(
      specials.map(({ title, text, schedule }) => ({
        placeId,
        title,
        text,
        ...(schedule.kind === "weekly"
          ? { days: JSON.stringify(schedule.days), fromTime: schedule.from, toTime: schedule.to }
          : { startsAt: schedule.starts_at, endsAt: schedule.ends_at }),
        // Set 4 weeks ago, halfway into the 8 weeks of occupancy: the dashboard can show its lift.
        scheduleSince: new Date(now.getTime() - 28 * 86_400_000),
      })),
    );
  }
}

/** Inserts a demo account unless its email exists (an existing one, and its password, is left alone); returns its id. */
async function seedDemoAccount(env: SeedEnv, account: Omit<typeof schema.users.$inferInsert, "passwordHash"> & { password: string }) {
  const db = drizzle(env.DB, { schema });
  const { password, ...row } = account;
  const existing = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, row.email));
  if (existing.length === 0) {
    await db.insert(schema.users).values({ ...row, passwordHash: await hashPassword(password) }).onConflictDoNothing();
  }
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, row.email));
  return user.id;
}

/** The demo consumer's saved places and inbox, once: saved places or an inbox she already has are left alone. */
async function seedDemoConsumerApp(env: SeedEnv, userId: number) {
  const db = drizzle(env.DB, { schema });
  const places = await db
    .select({ id: schema.places.id, slug: schema.places.slug, timeZone: schema.places.timezone, ...hourColumns })
    .from(schema.places)
    .where(inArray(schema.places.slug, [...DEMO_CONSUMER.savedSlugs, ...DEMO_INBOX.map((item) => item.slug)]));
  const idOf = new Map(places.map((place) => [place.slug, place.id]));
  const placeOf = new Map(places.map((place) => [place.slug, place]));
  const now = Date.now();
  // The first listed is the most recently saved, so /app lists them in this order.
  const saved = DEMO_CONSUMER.savedSlugs.filter((slug) => idOf.has(slug));
  const [savedBefore] = await db.select({ n: count() }).from(schema.savedPlaces).where(eq(schema.savedPlaces.userId, userId));
  if (saved.length > 0 && savedBefore.n === 0) {
    await db
      .insert(schema.savedPlaces)
      .values(saved.map((slug, i) => ({ userId, placeId: idOf.get(slug)!, news: slug === DEMO_CONSUMER.newsSlug, createdAt: new Date(now - i * 60_000) })));
  }
  const [inbox] = await db.select({ n: count() }).from(schema.consumerNotifications).where(eq(schema.consumerNotifications.userId, userId));
  if (inbox.n > 0) return;
  // Each alert at the last moment its venue was open, at or before `minutesAgo` (closed wins: no "quiet now" at a closed bar).
  const items = DEMO_INBOX.flatMap((item) => {
    const place = placeOf.get(item.slug);
    const at = place ? lastOpenAt(hoursOfRow(place), place.timeZone, now - item.minutesAgo * 60_000) : null;
    return place && at !== null ? [{ ...item, placeId: place.id, at }] : [];
  });
  if (items.length === 0) return;
  await db.insert(schema.consumerNotifications).values(
    items.map((item) => ({
      userId,
      kind: item.kind,
      title: item.title,
      body: item.body,
      url: `/profile/${item.slug}`,
      placeId: item.placeId,
      readAt: item.read ? new Date(item.at + 5 * 60_000) : null,
      createdAt: new Date(item.at),
    })),
  );
}

/**
 * The demo owner and its two venues, and the demo consumer with no venue but saved places, an inbox,
 * her friends and Jonah's check-in.
 */
async function seedDemoAccounts(env: SeedEnv): Promise<string | null> {
  const db = drizzle(env.DB, { schema });
  const { savedSlugs: _saved, newsSlug: _news, ...consumer } = DEMO_CONSUMER;
  const consumerIds = [await seedDemoAccount(env, consumer)];
  await seedDemoConsumerApp(env, consumerIds[0]);
  for (const friend of DEMO_FRIENDS) consumerIds.push(await seedDemoAccount(env, { ...friend, password: DEMO_CONSUMER.password }));
  const pairs = consumerIds.flatMap((userId) => consumerIds.filter((friendId) => friendId !== userId).map((friendId) => ({ userId, friendId })));
  await db.insert(schema.friendships).values(pairs).onConflictDoNothing();
  const now = Date.now();
  // One check-in per account: each start replaces it, so it lasts hours after the newest start, never past closing.
  await db.delete(schema.checkIns).where(eq(schema.checkIns.userId, consumerIds[1]));
  const venues = await db
    .select({ id: schema.places.id, slug: schema.places.slug, timeZone: schema.places.timezone, ...hourColumns })
    .from(schema.places)
    .where(inArray(schema.places.slug, seedVenues.map((venue) => venue.slug)));
  const candidates = [DEMO_CHECK_IN.placeSlug, ...seedVenues.map((venue) => venue.slug)].flatMap((slug) => venues.filter((venue) => venue.slug === slug));
  const checkIn = candidates
    .map((venue) => ({ venue, until: checkInUntil(hoursOfRow(venue), venue.timeZone, now, DEMO_CHECK_IN.hours) }))
    .find((candidate) => candidate.until !== null);
  if (checkIn) {
    await db.insert(schema.checkIns).values({
      userId: consumerIds[1],
      placeId: checkIn.venue.id,
      audience: "friends",
      createdAt: new Date(now),
      expiresAt: new Date(checkIn.until!),
    });
  }
  await seedDemoPlan(env.DB, consumerIds[0], consumerIds.slice(1), Date.now());
  const ownerId = await seedDemoAccount(env, { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, handle: "demo_owner" });
  const ownedPlaces = await db
    .select({ id: schema.places.id })
    .from(schema.places)
    .where(inArray(schema.places.slug, [...DEMO_OWNER.placeSlugs]));
  if (ownedPlaces.length > 0) {
    await db
      .insert(schema.placeOwners)
      .values(ownedPlaces.map((place) => ({ placeId: place.id, userId: ownerId })))
      .onConflictDoNothing();
  }
  return checkIn?.venue.slug ?? null;
}

async function isEmpty(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const slugs = seedVenues.map((venue) => venue.slug);
  const [row] = await db.select({ n: count() }).from(schema.places).where(inArray(schema.places.slug, slugs));
  return row.n === 0;
}

/**
 * Seeds only a database that has none of the demo venues yet; says whether it seeded, and where
 * Jonah is checked in (null while every venue is closed). The demo accounts are added either way,
 * so a database seeded before they existed gets them too, and so are fresh Live Looks.
 */
export async function seedIfEmpty(): Promise<{ seeded: boolean; checkInSlug: string | null }> {
  return withLocalBindings(async (env) => {
    if (!(await isEmpty(env))) {
      const checkInSlug = await seedDemoAccounts(env);
      await seedLiveLooks(env);
      return { seeded: false, checkInSlug };
    }
    return { seeded: true, checkInSlug: (await seed(env)).checkInSlug };
  });
}

if (import.meta.main) {
  const result = await withLocalBindings(seed);
  console.log(`Seeded ${result.venues} venues, ${result.tags} tags, ${result.events} events, ${result.reviews} reviews, ${result.liveLooks} Live Looks, ${result.devices} sensors and ${result.quarterHours} quarter hours of occupancy into ${stateDir()}.`);
  console.log(`Demo sensor keys (local only) are in ${demoKeysPath()}; \`npm run simulate\` uses them.`);
  console.log(`Demo owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
  console.log(`Demo consumer: ${DEMO_CONSUMER.email} / ${DEMO_CONSUMER.password}`);
  console.log(`Her demo friends: ${DEMO_FRIENDS.map((friend) => friend.email).join(", ")} (same password); ${result.checkInSlug ? `Jonah is checked in at ${result.checkInSlug}` : "every venue is closed, so Jonah is checked in nowhere"}`);
}
