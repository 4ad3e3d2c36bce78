// Offers (issue 39; docs/offers.md): what an owner offers, on which days and hours of the venue's
// clock, how many a day, and when it is on (always in its hours, only while quiet, or in the hours
// the forecast calls quiet). The dashboard's form checks with these schemas, so it shows the
// server's sentences.
import * as v from "valibot";
import { dayOfDate } from "../local-time";
import { isoTime } from "./answers";
import { EVENT_DAYS } from "./event";
import { tooLong, wireFormat } from "./fields";
import { scheduleDays, scheduleTime } from "./special";

export const OFFER_KINDS = ["percent", "price", "free_item", "other"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_WHENS = ["always", "quiet", "forecast_quiet"] as const;
export type OfferWhen = (typeof OFFER_WHENS)[number];
export const OFFER_AUDIENCES = ["everyone", "savers"] as const;

export const OFFER_LIMITS = { perPlace: 30, title: 80, terms: 280, dailyCap: 1000, maxPrice: 100_000 } as const;
/** A claim's code is valid this long (docs/offers.md#claims). */
export const CLAIM_MINUTES = 30;
/** A code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B). */
export const CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY3479";
export const CODE_LENGTH = 6;

export const OFFER_MESSAGES = {
  title: "Give the offer a title.",
  kind: `Kind must be one of: ${OFFER_KINDS.join(", ")}.`,
  percent: "A percent off is a whole number from 1 to 100.",
  price: `A price is from 0 to ${OFFER_LIMITS.maxPrice.toLocaleString("en-US")} with at most 2 decimals.`,
  noValue: "Only a percent or a price has a value.",
  sameTimes: "From and to must differ (an offer that ends before it starts runs past midnight).",
  date: "Dates are calendar dates written YYYY-MM-DD.",
  endsBeforeStart: "ends_on must be on or after starts_on.",
  dailyCap: `The daily cap is a whole number from 1 to ${OFFER_LIMITS.dailyCap}.`,
  when: `When must be one of: ${OFFER_WHENS.join(", ")}.`,
  quietBelow: "quiet_below_percent is a whole number from 1 to 100.",
  quietOnly: "quiet_below_percent goes only with when: quiet.",
  audience: `Audience must be one of: ${OFFER_AUDIENCES.join(", ")}.`,
  code: `A code is ${CODE_LENGTH} letters and digits.`,
} as const;

const date = v.pipe(v.string(OFFER_MESSAGES.date), wireFormat({ format: "date" }), v.check((text) => dayOfDate(text) !== null, OFFER_MESSAGES.date));
const wholeIn = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const fields = {
  title: v.pipe(v.optional(v.string(OFFER_MESSAGES.title), ""), v.trim(), v.nonEmpty(OFFER_MESSAGES.title), v.maxLength(OFFER_LIMITS.title, tooLong(OFFER_LIMITS.title))),
  terms: v.pipe(v.string("Must be text."), v.trim(), v.maxLength(OFFER_LIMITS.terms, tooLong(OFFER_LIMITS.terms))),
  kind: v.picklist(OFFER_KINDS, OFFER_MESSAGES.kind),
  value: v.nullable(v.number(OFFER_MESSAGES.price)),
  days: scheduleDays,
  from: scheduleTime,
  to: scheduleTime,
  starts_on: v.nullable(date),
  ends_on: v.nullable(date),
  daily_cap: wholeIn(1, OFFER_LIMITS.dailyCap, OFFER_MESSAGES.dailyCap),
  when: v.picklist(OFFER_WHENS, OFFER_MESSAGES.when),
  quiet_below_percent: v.nullable(wholeIn(1, 100, OFFER_MESSAGES.quietBelow)),
  audience: v.picklist(OFFER_AUDIENCES, OFFER_MESSAGES.audience),
};

const isCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The sentence for an offer whose fields are each valid but do not fit together; null when they do. */
function mismatch(offer: OfferInput): { path: keyof OfferInput; message: string } | null {
  if (offer.from === offer.to) return { path: "to", message: OFFER_MESSAGES.sameTimes };
  if (offer.kind === "percent" && (offer.value === null || !Number.isInteger(offer.value) || offer.value < 1 || offer.value > 100)) return { path: "value", message: OFFER_MESSAGES.percent };
  if (offer.kind === "price" && (offer.value === null || offer.value < 0 || offer.value > OFFER_LIMITS.maxPrice || !isCents(offer.value))) return { path: "value", message: OFFER_MESSAGES.price };
  if ((offer.kind === "free_item" || offer.kind === "other") && offer.value !== null) return { path: "value", message: OFFER_MESSAGES.noValue };
  if (offer.starts_on !== null && offer.ends_on !== null && offer.ends_on < offer.starts_on) return { path: "ends_on", message: OFFER_MESSAGES.endsBeforeStart };
  if (offer.when !== "quiet" && offer.quiet_below_percent !== null) return { path: "quiet_below_percent", message: OFFER_MESSAGES.quietOnly };
  return null;
}

const fitsTogether = v.rawCheck<OfferInput>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const problem = mismatch(dataset.value);
  if (problem) addIssue({ message: problem.message, path: [{ type: "object", origin: "value", input: dataset.value, key: problem.path, value: dataset.value[problem.path] }] });
});

/**
 * POST /api/place/{id}/offers: `{title, terms, kind, value?, days, from, to, starts_on?, ends_on?,
 * daily_cap, when, quiet_below_percent?, audience}`. A `to` at or before `from` ends the next morning.
 */
export const offerCreateSchema = v.pipe(
  v.strictObject({
    ...fields,
    terms: v.optional(fields.terms, ""),
    value: v.optional(fields.value, null),
    starts_on: v.optional(fields.starts_on, null),
    ends_on: v.optional(fields.ends_on, null),
    quiet_below_percent: v.optional(fields.quiet_below_percent, null),
  }),
  fitsTogether,
);
export type OfferInput = {
  title: string;
  terms: string;
  kind: OfferKind;
  value: number | null;
  days: (typeof EVENT_DAYS)[number][];
  from: string;
  to: string;
  starts_on: string | null;
  ends_on: string | null;
  daily_cap: number;
  when: OfferWhen;
  quiet_below_percent: number | null;
  audience: (typeof OFFER_AUDIENCES)[number];
};

/**
 * PATCH /api/place/{id}/offers/{oid}: any of the fields (null clears value, dates and
 * quiet_below_percent); the offer with them must still fit together (checked with offerCreateSchema).
 */
export const offerUpdateSchema = v.strictObject(Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, v.optional(schema)])) as {
  [K in keyof typeof fields]: v.OptionalSchema<(typeof fields)[K], undefined>;
});
export type OfferUpdate = v.InferOutput<typeof offerUpdateSchema>;

const positiveId = (name: string) =>
  v.pipe(
    v.string(`${name} id must be a positive whole number.`),
    v.regex(/^[1-9]\d{0,9}$/, `${name} id must be a positive whole number.`),
    v.transform(Number),
    v.maxValue(2 ** 31 - 1, `${name} id must be a positive whole number.`),
  );
export const offerIdParamSchema = positiveId("Offer");

/** POST /api/place/{id}/redemptions: the code as the guest shows it (any case, spaces ignored). */
export const redemptionSchema = v.strictObject({
  code: v.pipe(
    v.optional(v.string(OFFER_MESSAGES.code), ""),
    v.transform((text) => text.replace(/\s+/g, "").toUpperCase()),
    v.length(CODE_LENGTH, OFFER_MESSAGES.code),
    v.regex(/^[A-Z0-9]+$/, OFFER_MESSAGES.code),
  ),
});

// ---- Answers ----------------------------------------------------------------------------------

export const offerSchema = v.strictObject({
  id: v.number(),
  title: v.string(),
  terms: v.string(),
  kind: v.picklist(OFFER_KINDS),
  value: v.nullable(v.number()),
  days: v.array(v.picklist(EVENT_DAYS)),
  from: v.string(),
  to: v.string(),
  starts_on: v.nullable(v.string()),
  ends_on: v.nullable(v.string()),
  daily_cap: v.number(),
  when: v.picklist(OFFER_WHENS),
  quiet_below_percent: v.nullable(v.number()),
  audience: v.picklist(OFFER_AUDIENCES),
  // Whether it is on now, and why (or why not) in a sentence: "On while quiet: Relaxed now".
  on_now: v.boolean(),
  why: v.string(),
});
export type Offer = v.InferOutput<typeof offerSchema>;

/** GET /api/places/{id}/offers: offers not over, on now first. */
export const offersAnswerSchema = v.strictObject({
  offers: v.array(offerSchema),
  // ISO 4217 currency of a price offer's value: the venue's city's (docs/cities.md); optional so answers kept offline from before still read.
  currency: v.optional(v.string()),
});
export type OffersAnswer = v.InferOutput<typeof offersAnswerSchema>;

/** An offer's counts (totals only, never who) and its lift against the forecast (docs/offers.md#insight). */
export const offerInsightSchema = v.strictObject({
  seen: v.number(),
  claimed: v.number(),
  redeemed: v.number(),
  // Hours it was on with a forecast made before it began and a count.
  lift_hours: v.number(),
  // round(100 × (people ÷ forecast people − 1)); null below the minimum of hours.
  lift_percent: v.nullable(v.number()),
  // The same against the forecast's 80 % range ends: the lift's range.
  lift_low: v.nullable(v.number()),
  lift_high: v.nullable(v.number()),
  lift_text: v.string(),
});
export type OfferInsight = v.InferOutput<typeof offerInsightSchema>;

export const ownedOfferSchema = v.strictObject({ ...offerSchema.entries, insight: offerInsightSchema });
export type OwnedOffer = v.InferOutput<typeof ownedOfferSchema>;
/** GET /api/place/{id}/offers: every offer of the place with its insight. */
export const ownedOffersAnswerSchema = v.strictObject({ offers: v.array(ownedOfferSchema), currency: v.optional(v.string()) });
export type OwnedOffersAnswer = v.InferOutput<typeof ownedOffersAnswerSchema>;

/** POST /api/place/{id}/offers/preview: whether an offer as drafted would be on now, and why. */
export const offerPreviewSchema = v.strictObject({ on_now: v.boolean(), why: v.string() });
export type OfferPreview = v.InferOutput<typeof offerPreviewSchema>;

/** POST /api/offers/{id}/claims: the code to show (no identity in it), until when, and its QR code as SVG. */
export const claimSchema = v.strictObject({ code: v.string(), expires_at: isoTime, qr_svg: v.string() });
export type Claim = v.InferOutput<typeof claimSchema>;

/** POST /api/place/{id}/redemptions: what to give the guest. */
export const redemptionAnswerSchema = v.strictObject({
  offer_id: v.number(),
  title: v.string(),
  terms: v.string(),
  redeemed_at: isoTime,
});
export type RedemptionAnswer = v.InferOutput<typeof redemptionAnswerSchema>;
