// Plans (docs/friends.md#plans): the bodies of POST/PATCH /api/plans and the RSVP, and the answers.
import * as v from "valibot";
import { LEVELS } from "../vocabulary";
import { idInput, integerInput, tooLong } from "./fields";
import { isoTime, nullableIso } from "./answers";

/** Upcoming plans (not cancelled, not yet started) one account may organise at once. */
export const MAX_OPEN_PLANS = 20;
/** Friends one plan may invite. */
export const MAX_INVITEES = 30;
/** Longest plan title. */
export const PLAN_TITLE_MAX = 80;
/** Largest capacity; the smallest is 2 (the organiser and one friend). */
export const MAX_CAPACITY = 200;
/** How far ahead a plan may be made, in days. */
export const MAX_PLAN_AHEAD_DAYS = 60;
/** A plan is listed until this long after its time, then deleted 30 days after it (retention). */
export const PLAN_LISTED_AFTER_MS = 12 * 60 * 60 * 1000;
export const PLAN_KEPT_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export const RSVP_ANSWERS = ["going", "maybe", "no"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

const startsAt = v.pipe(v.string("must be an ISO time."), v.isoTimestamp("must be an ISO time such as 2031-06-11T19:00:00Z."));
const title = v.nullable(v.pipe(v.string("must be text."), v.trim(), v.maxLength(PLAN_TITLE_MAX, tooLong(PLAN_TITLE_MAX))));

export const planBodySchema = v.strictObject({
  place_id: idInput("must be a place id."),
  starts_at: v.optional(startsAt, ""),
  title: v.optional(title, null),
  invitees: v.pipe(
    v.array(idInput("must be account ids."), "must be a list of friends' account ids."),
    v.minLength(1, "must name at least one friend."),
    v.maxLength(MAX_INVITEES, `at most ${MAX_INVITEES} friends.`),
    v.transform((ids) => [...new Set(ids)]),
  ),
  capacity: v.optional(v.nullable(integerInput(`must be a whole number from 2 to ${MAX_CAPACITY}.`, { min: 2, max: MAX_CAPACITY, empty: 0 })), null),
});
export type PlanBody = v.InferInput<typeof planBodySchema>;

export const planPatchSchema = v.pipe(
  v.strictObject({
    place_id: v.optional(idInput("must be a place id.")),
    starts_at: v.optional(startsAt),
    title: v.optional(title),
  }),
  v.check((body) => Object.keys(body).length > 0, "Send at least one of place_id, starts_at, title."),
);
export type PlanPatch = v.InferInput<typeof planPatchSchema>;

export const rsvpBodySchema = v.strictObject({
  answer: v.picklist(RSVP_ANSWERS, `must be one of: ${RSVP_ANSWERS.join(", ")}.`),
});
export type RsvpBody = v.InferInput<typeof rsvpBodySchema>;

export const personSchema = v.strictObject({ id: v.number(), handle: v.string(), name: v.string() });
export type Person = v.InferOutput<typeof personSchema>;

const planPlaceSchema = v.strictObject({ id: v.number(), name: v.string(), slug: v.string() });

export const planSummarySchema = v.strictObject({
  id: v.number(),
  title: v.nullable(v.string()),
  place: planPlaceSchema,
  starts_at: isoTime,
  organiser: personSchema,
  // The caller's answer; "organiser" for the plan's own organiser, null before answering.
  my_answer: v.nullable(v.picklist([...RSVP_ANSWERS, "organiser"])),
  going: v.number(),
  capacity: v.nullable(v.number()),
  cancelled_at: nullableIso,
  conversation_id: v.number(),
});
export type PlanSummary = v.InferOutput<typeof planSummarySchema>;

export const plansListSchema = v.strictObject({ plans: v.array(planSummarySchema) });
export type PlansList = v.InferOutput<typeof plansListSchema>;

const levelSchema = v.picklist(LEVELS);

/** The forecast of the plan's hour at its place: null beyond the forecast's week, or without enough history. */
export const planForecastSchema = v.nullable(
  v.strictObject({
    // Null while the place is closed then, or without enough history.
    level: v.nullable(levelSchema),
    // Null where the owners hide counts.
    percent: v.nullable(v.number()),
    low: v.nullable(v.number()),
    high: v.nullable(v.number()),
    open: v.nullable(v.boolean()),
  }),
);

/** When the plan's hour looks bad (Packed, or closed): a quieter open place nearby, or a better hour here. */
export const planSuggestionSchema = v.nullable(
  v.strictObject({
    place: v.nullable(
      v.strictObject({ ...planPlaceSchema.entries, level: levelSchema, percent: v.nullable(v.number()), distance_m: v.number() }),
    ),
    time: v.nullable(v.strictObject({ starts_at: isoTime, level: levelSchema, percent: v.nullable(v.number()) })),
  }),
);

export const planSchema = v.strictObject({
  ...planSummarySchema.entries,
  invitees: v.array(v.strictObject({ ...personSchema.entries, answer: v.nullable(v.picklist(RSVP_ANSWERS)) })),
  forecast: planForecastSchema,
  suggestion: planSuggestionSchema,
});
export type Plan = v.InferOutput<typeof planSchema>;
