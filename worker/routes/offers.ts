// Offers (issue 39; docs/offers.md): owners and the admin create, change, delete and preview them
// and redeem their codes at the door; the public reads a place's offers with on_now and why
// (cached at the edge no longer than the next change, or 25 s while one rests on the live level);
// signed-in people claim a code, valid 30 minutes, within the offer's daily cap.
import { Hono, type Context } from "hono";
import { venueDayAt, venueDayRange } from "../../common/local-time";
import { okAnswerSchema } from "../../common/schemas/answers";
import {
  CLAIM_MINUTES,
  claimSchema,
  offerCreateSchema,
  offerIdParamSchema,
  offerPreviewSchema,
  offersAnswerSchema,
  offerSchema,
  offerUpdateSchema,
  OFFER_LIMITS,
  ownedOffersAnswerSchema,
  redemptionAnswerSchema,
  redemptionSchema,
  type Offer,
  type OfferInput,
  type OwnedOffersAnswer,
} from "../../common/schemas/offers";
import { accountIdOf, placeIdSchema, requirePlaceOwner, requireUser } from "../auth/middleware";
import { getDb, type Database } from "../db/client";
import { hourTotalsBetween } from "../db/local-hours";
import {
  claimOf,
  countSeen,
  deleteOffer,
  findOffer,
  findOfferById,
  findOfferPlace,
  hasSavedPlace,
  insertClaim,
  insertOffer,
  listOffers,
  offerTotals,
  redeemCode,
  updateOffer,
  type OfferPlace,
  type OfferRecord,
} from "../db/offers";
import { historyBefore, oneOffEventsBetween } from "../db/when-to-go";
import type { AppEnv } from "../env";
import { ApiError, conflict, forbidden, notFound } from "../lib/errors";
import { claimCode, forecastFromProfile, offerOnNow, placeContext, offerOver, offerRuns, qrSvg, type OfferContext } from "../lib/offer-rules";
import { describe, jsonBody, noBody, params } from "../lib/openapi";
import { cacheKey, edgeOnly, offersPath, PROFILE_CACHE_SECONDS, profilePagePaths, purgePaths, servedFromCache } from "../lib/public-cache";
import { cachedUsualProfile } from "../lib/usual-profile";
import { rateLimit } from "../lib/rate-limit";
import { parseOrThrow } from "../lib/validation";
import { forecastHours } from "../occupancy/forecast";
import { liftOf, offerLiftHours } from "../occupancy/offer-lift";

const tag = "Offers";
const NO_SUCH_OFFER = "No such offer at this place.";
/** The same answer for an unknown code and another venue's, so codes cannot be probed across venues. */
const UNKNOWN_CODE = "No such code here.";
const MAX_OFFER_BYTES = 4 * 1024;
/** While an offer rests on the live level, its public answer is kept no longer than the live map's. */
const LIVE_CACHE_SECONDS = 25;
const offerParams = params({ id: placeIdSchema, oid: offerIdParamSchema });
/**
 * Sightings per client address: the app sends one per offer shown a day, so 60 a minute is a
 * person scrolling a long list; a script inflating an offer's "seen" is stopped (docs/offers.md).
 */
const seenLimit = rateLimit({ limiter: "SOCIAL_LIMITER", scope: "offers-seen" });

/**
 * After an offer's write: its place's public list, the live map's answer, and the profile's rendered
 * page, whose offers are HTML until the first touch (docs/offers.md#on-the-profile).
 */
const purgeOffers = async (c: Parameters<typeof purgePaths>[0], db: Database, placeId: number) =>
  purgePaths(c, offersPath(placeId), "/api/live", ...(await profilePagePaths(db, placeId)));

/** What every offer of a place reads at now: its hours, live numbers and (when one needs it) the forecast. */
async function contextOf(c: Context<AppEnv>, db: Database, place: OfferPlace, offers: readonly Pick<OfferInput, "when">[], now: number, forOwners = false): Promise<OfferContext> {
  const forecast = offers.some((offer) => offer.when === "forecast_quiet")
    ? forecastFromProfile(await cachedUsualProfile(db, place, now, c.req.url, (promise) => c.executionCtx.waitUntil(promise)), place, now)
    : null;
  return placeContext(place, now, forecast, forOwners);
}

function offerAnswer(offer: OfferRecord, ctx: OfferContext): Offer {
  const state = offerOnNow(offer, ctx);
  return {
    id: offer.id,
    title: offer.title,
    terms: offer.terms,
    kind: offer.kind,
    value: offer.value,
    days: offer.days,
    from: offer.from,
    to: offer.to,
    starts_on: offer.starts_on,
    ends_on: offer.ends_on,
    daily_cap: offer.daily_cap,
    when: offer.when,
    quiet_below_percent: offer.quiet_below_percent,
    audience: offer.audience,
    on_now: state.on,
    why: state.why,
  };
}

const byOnNow = (a: Offer, b: Offer) => (a.on_now === b.on_now ? a.id - b.id : a.on_now ? -1 : 1);

async function placeOr404(db: Database, placeId: number, now: number) {
  const place = await findOfferPlace(db, placeId, now);
  if (!place) throw notFound("No such place.");
  return place;
}

/** Each offer's counts and its lift against the forecast made before it began (docs/offers.md#insight). */
async function insights(db: Database, place: OfferPlace, offers: readonly OfferRecord[], now: number) {
  const totals = await offerTotals(
    db,
    offers.map((offer) => offer.id),
  );
  return Promise.all(
    offers.map(async (offer) => {
      const began = offer.createdAt;
      const today = venueDayAt(place, began);
      // The forecast as it was made when the offer began: the history before then, its week ahead (8 days, so each hour of the week is in it).
      const [history, events, hours] = await Promise.all([
        historyBefore(db, place, today, began),
        oneOffEventsBetween(db, place.id, venueDayRange(place, today - 56).start, venueDayRange(place, today + 8).start),
        hourTotalsBetween(db, { placeId: place.id, timeZone: place.timeZone, calibration: place.calibration }, began, now),
      ]);
      const lift = liftOf(offerLiftHours(offer, place, forecastHours(history, place, began, events, 8), hours, began, now));
      const total = totals.get(offer.id) ?? { seen: 0, claimed: 0, redeemed: 0 };
      return { ...total, lift_hours: lift.hours, lift_percent: lift.percent, lift_low: lift.low, lift_high: lift.high, lift_text: lift.text };
    }),
  );
}

export const offerRoutes = new Hono<AppEnv>()
  .get(
    "/places/:id/offers",
    describe({
      tag,
      summary: "A place's offers not over, with on_now and why",
      description:
        "Public and the same for everyone: cached at the edge for a minute at most, never past the next start or end of one, and 25 seconds at most while one is on only while the venue is quiet. `days`, `from` and `to` are on the venue's clock.",
      access: "public",
      answers: { 200: offersAnswerSchema },
      errors: [404],
    }),
    params({ id: placeIdSchema }),
    async (c) => {
      const { id } = c.req.valid("param");
      return servedFromCache(c, cacheKey(c.req.url, offersPath(id)), async () => {
        const db = getDb(c.env);
        const now = Date.now();
        const place = await placeOr404(db, id, now);
        const records = (await listOffers(db, id)).filter((offer) => !offerOver(offer, place.timeZone, now));
        const ctx = await contextOf(c, db, place, records, now);
        const offers = records.map((offer) => offerAnswer(offer, ctx)).sort(byOnNow);
        const changes = records.flatMap((offer) => offerRuns(offer, place.timeZone, now).flatMap((run) => [run.start, run.end])).filter((moment) => moment > now);
        const live = records.some((offer) => offer.when !== "always") ? LIVE_CACHE_SECONDS : PROFILE_CACHE_SECONDS;
        const seconds = Math.min(live, ...changes.map((moment) => Math.floor((moment - now) / 1000)));
        return c.json({ offers, currency: place.currency }, 200, { "cache-control": seconds > 0 ? edgeOnly(seconds) : "no-cache" });
      });
    },
  )
  .get(
    "/place/:id/offers",
    describe({
      tag,
      summary: "Every offer of a place with its counts (seen, claimed, redeemed) and its lift against the forecast",
      description: "Counts only, never who. Method: docs/offers.md#insight.",
      access: "place-owner",
      answers: { 200: ownedOffersAnswerSchema },
    }),
    requirePlaceOwner(),
    async (c) => {
      const db = getDb(c.env);
      const now = Date.now();
      const place = await placeOr404(db, c.var.placeId, now);
      const records = await listOffers(db, place.id);
      const [ctx, counts] = await Promise.all([contextOf(c, db, place, records, now, true), insights(db, place, records, now)]);
      const offers = records.map((offer, index) => ({ ...offerAnswer(offer, ctx), insight: counts[index] }));
      return c.json({ offers, currency: place.currency } satisfies OwnedOffersAnswer);
    },
  )
  .post(
    "/place/:id/offers",
    describe({
      tag,
      summary: "Create an offer",
      description: `\`{title, terms, kind, value?, days, from, to, starts_on?, ends_on?, daily_cap, when, quiet_below_percent?, audience}\`; a \`to\` at or before \`from\` ends the next morning. At most ${OFFER_LIMITS.perPlace} per place (409).`,
      access: "place-owner",
      answers: { 201: offerSchema },
      errors: [409],
    }),
    requirePlaceOwner(),
    jsonBody(offerCreateSchema, MAX_OFFER_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const now = Date.now();
      const input = c.req.valid("json");
      const id = await insertOffer(db, c.var.placeId, input, now);
      if (id === null) throw conflict(`A place has at most ${OFFER_LIMITS.perPlace} offers. Delete one first.`);
      await purgeOffers(c, db, c.var.placeId);
      const place = await placeOr404(db, c.var.placeId, now);
      const offer = (await findOffer(db, place.id, id))!;
      return c.json(offerAnswer(offer, await contextOf(c, db, place, [offer], now)), 201);
    },
  )
  .post(
    "/place/:id/offers/preview",
    describe({
      tag,
      summary: "Whether an offer as drafted would be on now, and why (nothing is stored)",
      description: "The body is a whole offer, as POST takes it; the dashboard's form shows the answer as the owner types.",
      access: "place-owner",
      answers: { 200: offerPreviewSchema },
    }),
    requirePlaceOwner(),
    jsonBody(offerCreateSchema, MAX_OFFER_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const now = Date.now();
      const place = await placeOr404(db, c.var.placeId, now);
      const input = c.req.valid("json");
      const state = offerOnNow(input, await contextOf(c, db, place, [input], now, true));
      return c.json({ on_now: state.on, why: state.why });
    },
  )
  .patch(
    "/place/:id/offers/:oid",
    describe({
      tag,
      summary: "Change an offer",
      description: "Any of the fields POST takes (null clears value, the dates and quiet_below_percent); the offer with the change must still be whole (400 otherwise).",
      access: "place-owner",
      answers: { 200: offerSchema },
    }),
    requirePlaceOwner(),
    offerParams,
    jsonBody(offerUpdateSchema, MAX_OFFER_BYTES),
    async (c) => {
      const db = getDb(c.env);
      const { id: placeId, oid } = c.req.valid("param");
      const now = Date.now();
      const existing = await findOffer(db, placeId, oid);
      if (!existing) throw notFound(NO_SUCH_OFFER);
      const { id: _id, placeId: _placeId, createdAt: _createdAt, ...fields } = existing;
      const merged = parseOrThrow(offerCreateSchema, { ...fields, ...c.req.valid("json") });
      if (!(await updateOffer(db, placeId, oid, merged, now))) throw notFound(NO_SUCH_OFFER);
      await purgeOffers(c, db, placeId);
      const place = await placeOr404(db, placeId, now);
      const offer = (await findOffer(db, placeId, oid))!;
      return c.json(offerAnswer(offer, await contextOf(c, db, place, [offer], now)));
    },
  )
  .delete(
    "/place/:id/offers/:oid",
    describe({ tag, summary: "Delete an offer (its claims and counts go with it)", access: "place-owner", answers: { 200: okAnswerSchema } }),
    requirePlaceOwner(),
    offerParams,
    noBody(),
    async (c) => {
      const { id: placeId, oid } = c.req.valid("param");
      const db = getDb(c.env);
      if (!(await deleteOffer(db, placeId, oid))) throw notFound(NO_SUCH_OFFER);
      await purgeOffers(c, db, placeId);
      return c.json({ ok: true as const });
    },
  )
  .post(
    "/offers/:oid/seen",
    describe({
      tag,
      summary: "Count one sighting of an offer (the app sends it once a day per offer shown)",
      description: "Counts only: nothing about the caller is stored. At most 60 a minute from one client address (429 after).",
      access: "public",
      answers: { 200: okAnswerSchema },
      errors: [404, 429],
    }),
    seenLimit,
    params({ oid: offerIdParamSchema }),
    noBody(),
    async (c) => {
      const db = getDb(c.env);
      const offer = await findOfferById(db, c.req.valid("param").oid);
      if (!offer) throw notFound("No such offer.");
      const place = await placeOr404(db, offer.placeId, Date.now());
      await countSeen(db, offer.id, venueDayAt(place, Date.now()));
      return c.json({ ok: true as const });
    },
  )
  .post(
    "/offers/:oid/claims",
    describe({
      tag,
      summary: "Claim an offer while it is on: a short code, valid 30 minutes, and its QR code",
      description:
        "One claim per account, offer and venue day: claiming again while the code is valid answers it again (200), after that 409. 409 while the offer is off (with why) or when the day's claims are gone; 403 when the offer is for people who saved the place.",
      access: "signed-in",
      answers: { 200: claimSchema, 201: claimSchema },
      errors: [403, 404, 409],
    }),
    requireUser,
    params({ oid: offerIdParamSchema }),
    noBody(),
    async (c) => {
      const userId = accountIdOf(c);
      const db = getDb(c.env);
      const now = Date.now();
      const offer = await findOfferById(db, c.req.valid("param").oid);
      if (!offer) throw notFound("No such offer.");
      const place = await placeOr404(db, offer.placeId, now);
      const day = venueDayAt(place, now);
      const answer = (code: string, expiresAt: number, status: 200 | 201) => c.json({ code, expires_at: new Date(expiresAt).toISOString(), qr_svg: qrSvg(code) }, status);
      const earlier = await claimOf(db, offer.id, userId, day);
      if (earlier) {
        if (earlier.redeemedAt === null && earlier.expiresAt > now) return answer(earlier.code, earlier.expiresAt, 200);
        throw conflict("You have claimed this offer today already.");
      }
      if (offer.audience === "savers" && !(await hasSavedPlace(db, userId, place.id))) throw forbidden("This offer is for people who saved the place: save it first.");
      const state = offerOnNow(offer, await contextOf(c, db, place, [offer], now));
      if (!state.on) throw conflict(state.why);
      const expiresAt = now + CLAIM_MINUTES * 60_000;
      // A code taken at the venue today is drawn again; 23^6 codes make a second draw rare.
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = claimCode((count) => crypto.getRandomValues(new Uint8Array(count)));
        const result = await insertClaim(db, { offerId: offer.id, placeId: place.id, userId, day, code, now, expiresAt, dailyCap: offer.daily_cap });
        if (result === "ok") return answer(code, expiresAt, 201);
        if (result === "cap") throw conflict(`All of today's ${offer.daily_cap} are claimed. Try another day.`);
        if (result === "claimed") {
          // A parallel claim of the same account landed first: answer it.
          const landed = (await claimOf(db, offer.id, userId, day))!;
          return answer(landed.code, landed.expiresAt, 200);
        }
      }
      throw new ApiError(503, "Could not make a code. Try again.");
    },
  )
  .post(
    "/place/:id/redemptions",
    describe({
      tag,
      summary: "Redeem a guest's code at the door",
      description: "200 once, with what to give; 409 when used; 410 when expired; 404 for a code unknown here, whichever venue it belongs to (the same answer).",
      access: "place-owner",
      answers: { 200: redemptionAnswerSchema },
      errors: [409, 410],
    }),
    requirePlaceOwner(),
    jsonBody(redemptionSchema, 1024),
    async (c) => {
      const result = await redeemCode(getDb(c.env), c.var.placeId, c.req.valid("json").code, Date.now());
      if (result.status !== "ok") {
        if (result.status === "used") throw conflict("This code was used already.");
        if (result.status === "expired") throw new ApiError(410, "This code has expired.");
        throw notFound(UNKNOWN_CODE);
      }
      return c.json({ offer_id: result.offer.id, title: result.offer.title, terms: result.offer.terms, redeemed_at: new Date(result.redeemedAt).toISOString() });
    },
  );
