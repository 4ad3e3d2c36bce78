// Demo data: partner venues with cover art, tags, event categories, feature flags, a demo owner, a demo consumer,
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
import { seedEventCategories, seedFeatureFlags, seedTags, seedVenues } from "./seed-data/venues.ts";
import { seedMenus, seedSpecials } from "./seed-data/menus.ts";
import { planMenuWrite } from "../worker/lib/menu-document.ts";
import { root, stateDir } from "./local-state.ts";
import { demoKeysPath, seedOccupancy } from "./seed-occupancy.ts";

/** The two bindings the seed writes to, as getPlatformProxy hands them to Node. */
export interface SeedEnv {
  DB: Parameters<typeof drizzle>[0];
  IMAGES: { put(key: string, value: string, options: { httpMetadata: { contentType: string } }): Promise<unknown> };
}

/** A documented sign-in for trying the owner dashboard locally; printed by `npm start`. */
export const DEMO_OWNER = {
  email: "owner@thirdplace.example",
  password: "lantern-demo-2025",
  name: "Demo Owner",
  placeSlugs: ["the-copper-lantern", "st-marks-tap-room"],
} as const;

/**
 * A documented sign-in for trying the consumer app (/app) locally; printed by `npm start`. Saved
 * places and a watch come with those features (docs/accounts.md#demo-accounts).
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
} as const;

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

  for (const venue of seedVenues) {
    const coverImageKey = `seed/${venue.slug}.svg`;
    await env.IMAGES.put(coverImageKey, coverSvg(venue), { httpMetadata: { contentType: "image/svg+xml" } });
    const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = venue.hours;
    await db
      .insert(schema.places)
      .values({
        slug: venue.slug,
        name: venue.name,
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
  await seedDemoAccounts(env);
  const occupancy = await seedOccupancy(env.DB);
  return { venues: seedVenues.length, tags: seedTags.length, ...occupancy };
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

/** The demo owner and its two venues, and the demo consumer with no venue. */
async function seedDemoAccounts(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  await seedDemoAccount(env, DEMO_CONSUMER);
  const ownerId = await seedDemoAccount(env, { email: DEMO_OWNER.email, password: DEMO_OWNER.password, name: DEMO_OWNER.name, handle: "demo_owner" });
  const ownedPlaces = await db
    .select({ id: schema.places.id })
    .from(schema.places)
    .where(inArray(schema.places.slug, [...DEMO_OWNER.placeSlugs]));
  if (ownedPlaces.length === 0) return;
  await db
    .insert(schema.placeOwners)
    .values(ownedPlaces.map((place) => ({ placeId: place.id, userId: ownerId })))
    .onConflictDoNothing();
}

async function isEmpty(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const slugs = seedVenues.map((venue) => venue.slug);
  const [row] = await db.select({ n: count() }).from(schema.places).where(inArray(schema.places.slug, slugs));
  return row.n === 0;
}

/**
 * Seeds only a database that has none of the demo venues yet; returns whether it seeded. The demo
 * accounts are added either way, so a database seeded before they existed gets them too.
 */
export async function seedIfEmpty(): Promise<boolean> {
  return withLocalBindings(async (env) => {
    if (!(await isEmpty(env))) {
      await seedDemoAccounts(env);
      return false;
    }
    await seed(env);
    return true;
  });
}

if (import.meta.main) {
  const result = await withLocalBindings(seed);
  console.log(`Seeded ${result.venues} venues, ${result.tags} tags, ${result.devices} sensors and ${result.quarterHours} quarter hours of occupancy into ${stateDir()}.`);
  console.log(`Demo sensor keys (local only) are in ${demoKeysPath()}; \`npm run simulate\` uses them.`);
  console.log(`Demo owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
  console.log(`Demo consumer: ${DEMO_CONSUMER.email} / ${DEMO_CONSUMER.password}`);
}
