// Demo data: partner venues with cover art, tags, event categories, feature flags, a demo owner,
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
  await seedDemoOwner(env);
  const occupancy = await seedOccupancy(env.DB);
  return { venues: seedVenues.length, tags: seedTags.length, ...occupancy };
}

/** The demo owner and its two venues; an existing account (and its password) is left alone. */
async function seedDemoOwner(env: SeedEnv) {
  const db = drizzle(env.DB, { schema });
  const existing = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_OWNER.email));
  if (existing.length === 0) {
    const passwordHash = await hashPassword(DEMO_OWNER.password);
    await db.insert(schema.users).values({ email: DEMO_OWNER.email, name: DEMO_OWNER.name, passwordHash }).onConflictDoNothing();
  }
  const [owner] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, DEMO_OWNER.email));
  const ownedPlaces = await db
    .select({ id: schema.places.id })
    .from(schema.places)
    .where(inArray(schema.places.slug, [...DEMO_OWNER.placeSlugs]));
  if (ownedPlaces.length === 0) return;
  await db
    .insert(schema.placeOwners)
    .values(ownedPlaces.map((place) => ({ placeId: place.id, userId: owner.id })))
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
 * owner is added either way, so a database seeded before it existed gets it too.
 */
export async function seedIfEmpty(): Promise<boolean> {
  return withLocalBindings(async (env) => {
    if (!(await isEmpty(env))) {
      await seedDemoOwner(env);
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
}
