// Offers, their claims and per-day totals (drizzle/schema.ts offers, offer_claims, offer_days;
// docs/offers.md). The daily cap and "one claim per account, offer and venue day" are held by one
// conditional insert and a unique index, never by a read before a write.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { cities, offerClaims, offerDays, offers, placeLive, places, savedPlaces, watches } from "../../drizzle/schema";
import { moneyOfPlace } from "../lib/venue-money";
import { EVENT_DAYS } from "../../common/schemas/event";
import { OFFER_LIMITS, type OfferInput } from "../../common/schemas/offers";
import type { Database } from "./client";
import { parseDays } from "./events";
import { cityRegionColumns, whenPlaceColumns, whenPlaceOf, type WhenPlaceRow } from "./when-to-go";

export interface OfferRecord extends OfferInput {
  id: number;
  placeId: number;
  createdAt: number;
}

type Row = typeof offers.$inferSelect;

function toRecord(row: Row): OfferRecord {
  return {
    id: row.id,
    placeId: row.placeId,
    title: row.title,
    terms: row.terms,
    kind: row.kind,
    value: row.value,
    days: EVENT_DAYS.filter((day) => parseDays(row.days).includes(day)),
    from: row.fromTime,
    to: row.toTime,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    daily_cap: row.dailyCap,
    when: row.when,
    quiet_below_percent: row.quietBelowPercent,
    audience: row.audience,
    createdAt: row.createdAt.getTime(),
  };
}

const columnsOf = (input: OfferInput) => ({
  title: input.title,
  terms: input.terms,
  kind: input.kind,
  value: input.value,
  days: JSON.stringify(input.days),
  fromTime: input.from,
  toTime: input.to,
  startsOn: input.starts_on,
  endsOn: input.ends_on,
  dailyCap: input.daily_cap,
  when: input.when,
  quietBelowPercent: input.quiet_below_percent,
  audience: input.audience,
});

export async function listOffers(db: Database, placeId: number): Promise<OfferRecord[]> {
  return (await db.select().from(offers).where(eq(offers.placeId, placeId)).orderBy(offers.id)).map(toRecord);
}

/** The offers of places someone watches for offer_starts (one read). */
export async function offersOfWatchedPlaces(db: Database): Promise<OfferRecord[]> {
  const watched = db.selectDistinct({ placeId: watches.placeId }).from(watches).where(eq(watches.when, "offer_starts"));
  return (await db.select().from(offers).where(inArray(offers.placeId, watched))).map(toRecord);
}

/** Every offer (what /api/live's offer_now reads beside every place's row). */
export async function allOffers(db: Database): Promise<OfferRecord[]> {
  return (await db.select().from(offers)).map(toRecord);
}

export async function findOffer(db: Database, placeId: number, id: number): Promise<OfferRecord | null> {
  const [row] = await db.select().from(offers).where(and(eq(offers.id, id), eq(offers.placeId, placeId))).limit(1);
  return row ? toRecord(row) : null;
}

export async function findOfferById(db: Database, id: number): Promise<OfferRecord | null> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).limit(1);
  return row ? toRecord(row) : null;
}

/** Inserts an offer unless the place has OFFER_LIMITS.perPlace already (counted inside the insert); null at the cap. */
export async function insertOffer(db: Database, placeId: number, input: OfferInput, now: number): Promise<number | null> {
  const c = columnsOf(input);
  const [row] = await db.all<{ id: number }>(sql`
    INSERT INTO ${offers} (place_id, title, terms, kind, value, days, from_time, to_time, starts_on, ends_on, daily_cap, "when", quiet_below_percent, audience, created_at)
    SELECT ${placeId}, ${c.title}, ${c.terms}, ${c.kind}, ${c.value}, ${c.days}, ${c.fromTime}, ${c.toTime}, ${c.startsOn}, ${c.endsOn}, ${c.dailyCap}, ${c.when}, ${c.quietBelowPercent}, ${c.audience}, ${now}
    WHERE (SELECT count(*) FROM ${offers} WHERE place_id = ${placeId}) < ${OFFER_LIMITS.perPlace}
    RETURNING id`);
  return row?.id ?? null;
}

/** Writes the whole offer (the route merged the change and checked it); false when there is no such offer. */
export async function updateOffer(db: Database, placeId: number, id: number, input: OfferInput, now: number): Promise<boolean> {
  const updated = await db
    .update(offers)
    .set({ ...columnsOf(input), updatedAt: new Date(now) })
    .where(and(eq(offers.id, id), eq(offers.placeId, placeId)))
    .returning({ id: offers.id });
  return updated.length === 1;
}

export async function deleteOffer(db: Database, placeId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(offers).where(and(eq(offers.id, id), eq(offers.placeId, placeId))).returning({ id: offers.id });
  return deleted.length === 1;
}

export interface OfferPlace extends WhenPlaceRow {
  livelyThreshold: number;
  /** ISO 4217: a price offer's currency, its city's (docs/cities.md). */
  currency: string;
}

/** A place with what an offer's state reads (hours, clock, thresholds, fresh live numbers); undefined when there is none. */
export async function findOfferPlace(db: Database, placeId: number, now: number): Promise<OfferPlace | undefined> {
  const [row] = await db
    .select({
      id: places.id,
      livelyThreshold: places.livelyThreshold,
      ...whenPlaceColumns,
      ...cityRegionColumns,
      currency: sql<string | null>`(SELECT ${cities.currency} FROM ${cities} WHERE ${cities.id} = ${places.cityId})`,
      locale: sql<string | null>`(SELECT ${cities.locale} FROM ${cities} WHERE ${cities.id} = ${places.cityId})`,
    })
    .from(places)
    .leftJoin(placeLive, eq(placeLive.placeId, places.id))
    .where(eq(places.id, placeId))
    .limit(1);
  return row && { ...whenPlaceOf(row, now), livelyThreshold: row.livelyThreshold, currency: moneyOfPlace(row).currency };
}

export async function hasSavedPlace(db: Database, userId: number, placeId: number): Promise<boolean> {
  const [row] = await db
    .select({ placeId: savedPlaces.placeId })
    .from(savedPlaces)
    .where(and(eq(savedPlaces.userId, userId), eq(savedPlaces.placeId, placeId)))
    .limit(1);
  return row !== undefined;
}

export interface ClaimRow {
  code: string;
  expiresAt: number;
  redeemedAt: number | null;
}

/** The account's claim of an offer on a venue day, if any. */
export async function claimOf(db: Database, offerId: number, userId: number, day: number): Promise<ClaimRow | null> {
  const [row] = await db
    .select({ code: offerClaims.code, expiresAt: offerClaims.expiresAt, redeemedAt: offerClaims.redeemedAt })
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.userId, userId), eq(offerClaims.day, day)))
    .limit(1);
  return row ? { code: row.code, expiresAt: row.expiresAt.getTime(), redeemedAt: row.redeemedAt?.getTime() ?? null } : null;
}

/**
 * Inserts a claim only while the day's claims (offer_days.claimed, kept by the trigger in this
 * same statement) are under the cap and the account has none of this offer today: one statement,
 * so parallel claims cannot pass the cap. "claimed" when the account has one already, "cap" when
 * the day's are gone, "code" when the code is taken at the venue today (the caller draws again).
 */
export async function insertClaim(
  db: Database,
  claim: { offerId: number; placeId: number; userId: number; day: number; code: string; now: number; expiresAt: number; dailyCap: number },
): Promise<"ok" | "claimed" | "cap" | "code"> {
  try {
    const rows = await db.all<{ id: number }>(sql`
      INSERT INTO ${offerClaims} (offer_id, place_id, user_id, day, code, created_at, expires_at)
      SELECT ${claim.offerId}, ${claim.placeId}, ${claim.userId}, ${claim.day}, ${claim.code}, ${claim.now}, ${claim.expiresAt}
      WHERE coalesce((SELECT claimed FROM ${offerDays} WHERE offer_id = ${claim.offerId} AND day = ${claim.day}), 0) < ${claim.dailyCap}
      ON CONFLICT (offer_id, user_id, day) DO NOTHING
      RETURNING id`);
    if (rows.length === 1) return "ok";
  } catch (error) {
    if (String(error).includes("offer_claims.code")) return "code";
    throw error;
  }
  return (await claimOf(db, claim.offerId, claim.userId, claim.day)) ? "claimed" : "cap";
}

/**
 * Redeems a code at a place: the newest claim with that code there. "unknown" for none (another
 * venue's code reads the same), "used", "expired", or the offer redeemed (once: the update is
 * conditional, so two staff at once redeem it once).
 */
export async function redeemCode(
  db: Database,
  placeId: number,
  code: string,
  now: number,
): Promise<{ status: "unknown" | "used" | "expired" } | { status: "ok"; offer: OfferRecord; redeemedAt: number }> {
  const [claim] = await db
    .select({ id: offerClaims.id, offerId: offerClaims.offerId, expiresAt: offerClaims.expiresAt, redeemedAt: offerClaims.redeemedAt })
    .from(offerClaims)
    .where(and(eq(offerClaims.placeId, placeId), eq(offerClaims.code, code)))
    .orderBy(desc(offerClaims.createdAt))
    .limit(1);
  if (!claim) return { status: "unknown" };
  if (claim.redeemedAt !== null) return { status: "used" };
  if (claim.expiresAt.getTime() <= now) return { status: "expired" };
  const updated = await db
    .update(offerClaims)
    .set({ redeemedAt: new Date(now) })
    .where(and(eq(offerClaims.id, claim.id), sql`${offerClaims.redeemedAt} IS NULL`))
    .returning({ id: offerClaims.id });
  if (updated.length === 0) return { status: "used" };
  const offer = await findOfferById(db, claim.offerId);
  return { status: "ok", offer: offer!, redeemedAt: now };
}

/** Counts one sighting of an offer on a venue day. */
export async function countSeen(db: Database, offerId: number, day: number): Promise<void> {
  await db
    .insert(offerDays)
    .values({ offerId, day, seen: 1 })
    .onConflictDoUpdate({ target: [offerDays.offerId, offerDays.day], set: { seen: sql`${offerDays.seen} + 1` } });
}

export interface OfferTotals {
  seen: number;
  claimed: number;
  redeemed: number;
}

/** Each offer's totals over all its days. */
export async function offerTotals(db: Database, offerIds: readonly number[]): Promise<Map<number, OfferTotals>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: offerDays.offerId,
      seen: sql<number>`sum(${offerDays.seen})`,
      claimed: sql<number>`sum(${offerDays.claimed})`,
      redeemed: sql<number>`sum(${offerDays.redeemed})`,
    })
    .from(offerDays)
    .where(inArray(offerDays.offerId, [...offerIds]))
    .groupBy(offerDays.offerId);
  return new Map(rows.map((row) => [row.offerId, { seen: row.seen, claimed: row.claimed, redeemed: row.redeemed }]));
}
