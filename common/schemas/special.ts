// Specials (issue 30 §2; docs/menus-and-specials.md#specials): a weekly one ("Happy hour Mon–Fri
// 5–7 PM", on the venue's clock, past midnight allowed) or a one-off between two instants. The
// dashboard's form checks with these schemas, so it shows the server's sentences.
import * as v from "valibot";
import { SPECIAL_LIMITS } from "../menu-vocabulary";
import { nullableIso } from "./answers";
import { EVENT_DAYS, EVENT_MESSAGES, instant } from "./event";
import { tooLong } from "./fields";
import { TIME_OF_DAY_PATTERN } from "./menu";

export const SPECIAL_MESSAGES = {
  title: "Give the special a title.",
  days: "Days must be day names, Monday to Sunday, at least one.",
  time: "Use a time like 17:00.",
  sameTimes: "From and to must differ (a special that ends before it starts runs past midnight).",
  schedule: "Send either days, from and to (weekly) or starts_at and ends_at (one-off).",
  endAfterStart: "ends_at must be after starts_at.",
  tooLong: `A one-off special lasts at most ${SPECIAL_LIMITS.oneOffDays} days.`,
} as const;

const title = v.pipe(v.optional(v.string(SPECIAL_MESSAGES.title), ""), v.trim(), v.nonEmpty(SPECIAL_MESSAGES.title), v.maxLength(SPECIAL_LIMITS.title, tooLong(SPECIAL_LIMITS.title)));
const text = v.pipe(v.string("Must be text."), v.trim(), v.maxLength(SPECIAL_LIMITS.text, tooLong(SPECIAL_LIMITS.text)));
const days = v.pipe(
  v.array(v.picklist(EVENT_DAYS, SPECIAL_MESSAGES.days), SPECIAL_MESSAGES.days),
  v.minLength(1, SPECIAL_MESSAGES.days),
  v.maxLength(EVENT_DAYS.length, SPECIAL_MESSAGES.days),
  // Monday first, once each.
  v.transform((list) => EVENT_DAYS.filter((day) => list.includes(day))),
);
const time = v.pipe(v.string(SPECIAL_MESSAGES.time), v.regex(TIME_OF_DAY_PATTERN, SPECIAL_MESSAGES.time));
/** A weekly schedule's days and times, as offers take them too (common/schemas/offers.ts). */
export { days as scheduleDays, time as scheduleTime };

const fields = {
  title: v.optional(title),
  text: v.optional(text),
  days: v.optional(days),
  from: v.optional(time),
  to: v.optional(time),
  starts_at: v.optional(instant(EVENT_MESSAGES.time)),
  ends_at: v.optional(instant(EVENT_MESSAGES.time)),
};

type Fields = { [K in keyof typeof fields]?: v.InferOutput<(typeof fields)[K]> };

export type SpecialSchedule = { kind: "weekly"; days: (typeof EVENT_DAYS)[number][]; from: string; to: string } | { kind: "once"; starts_at: string; ends_at: string };

const MAX_ONE_OFF_MS = SPECIAL_LIMITS.oneOffDays * 86_400_000;

/** The schedule a body sends, null when it sends none; throws a sentence when it sends half of one or both. */
function scheduleOf(body: Fields): SpecialSchedule | null | string {
  const weekly = body.days !== undefined || body.from !== undefined || body.to !== undefined;
  const once = body.starts_at !== undefined || body.ends_at !== undefined;
  if (!weekly && !once) return null;
  if (weekly && once) return SPECIAL_MESSAGES.schedule;
  if (weekly) {
    if (!body.days || !body.from || !body.to) return SPECIAL_MESSAGES.schedule;
    if (body.from === body.to) return SPECIAL_MESSAGES.sameTimes;
    return { kind: "weekly", days: body.days, from: body.from, to: body.to };
  }
  if (!body.starts_at || !body.ends_at) return SPECIAL_MESSAGES.schedule;
  const length = Date.parse(body.ends_at) - Date.parse(body.starts_at);
  if (length <= 0) return SPECIAL_MESSAGES.endAfterStart;
  if (length > MAX_ONE_OFF_MS) return SPECIAL_MESSAGES.tooLong;
  return { kind: "once", starts_at: body.starts_at, ends_at: body.ends_at };
}

const withSchedule = <T extends Fields>(required: boolean) =>
  v.rawTransform<T, { title?: string; text?: string; schedule: SpecialSchedule | null }>(({ dataset, addIssue, NEVER }) => {
    const schedule = scheduleOf(dataset.value);
    if (typeof schedule === "string" || (required && schedule === null)) {
      addIssue({ message: typeof schedule === "string" ? schedule : SPECIAL_MESSAGES.schedule });
      return NEVER;
    }
    return { title: dataset.value.title, text: dataset.value.text, schedule };
  });

/** POST /api/place/{id}/specials: `{title, text, days, from, to}` or `{title, text, starts_at, ends_at}`. */
export const specialCreateSchema = v.pipe(
  v.strictObject({ ...fields, title }),
  withSchedule(true),
  v.transform((body) => ({ title: body.title!, text: body.text ?? "", schedule: body.schedule! })),
);
export type SpecialCreate = v.InferOutput<typeof specialCreateSchema>;

/** PATCH /api/place/{id}/specials/{sid}: any of the fields; a schedule is sent whole (days, from and to, or starts_at and ends_at). */
export const specialUpdateSchema = v.pipe(v.strictObject(fields), withSchedule(false));
export type SpecialUpdate = v.InferOutput<typeof specialUpdateSchema>;

export const specialIdParamSchema = v.pipe(
  v.string("Special id must be a positive whole number."),
  v.regex(/^[1-9]\d{0,9}$/, "Special id must be a positive whole number."),
  v.transform(Number),
  v.maxValue(2 ** 31 - 1, "Special id must be a positive whole number."),
);

// ---- Answers ----------------------------------------------------------------------------------

export const specialSchema = v.strictObject({
  id: v.number(),
  title: v.string(),
  text: v.string(),
  // Weekly: its days (Monday first) and local times; a `to` at or before `from` ends the next morning.
  // One-off: days is empty and from/to are null.
  days: v.array(v.picklist(EVENT_DAYS)),
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
  // One-off: when it starts (ISO, UTC); null for a weekly special.
  starts_at: nullableIso,
  on_now: v.boolean(),
  // The next start after now; null when none is coming (a one-off that started).
  next_start: nullableIso,
  // The end of the current run while on now, else of the next one; null for a one-off that is over.
  ends_at: nullableIso,
});
export type Special = v.InferOutput<typeof specialSchema>;

/** GET /api/places/{id}/specials: the weekly specials and the one-offs not over, on now first, then by next start. */
export const specialsAnswerSchema = v.strictObject({ specials: v.array(specialSchema) });
export type SpecialsAnswer = v.InferOutput<typeof specialsAnswerSchema>;

/** A special as its owners see it: with how it did against the usual (docs/menus-and-specials.md#lift). */
export const ownedSpecialSchema = v.strictObject({
  ...specialSchema.entries,
  // Mean lift of its measured runs, percent over the usual; null until 2 weeks have run or without data.
  lift_percent: v.nullable(v.number()),
  // Runs with a lift behind lift_percent.
  lift_runs: v.number(),
  // "+18% over usual across 8 runs", "Lift shows from Dec 10, after 2 weeks", "No sensor data during its runs".
  lift_text: v.string(),
});
export type OwnedSpecial = v.InferOutput<typeof ownedSpecialSchema>;

/** GET /api/place/{id}/specials: every special of the place, one-offs that are over too. */
export const ownedSpecialsAnswerSchema = v.strictObject({ specials: v.array(ownedSpecialSchema) });
export type OwnedSpecialsAnswer = v.InferOutput<typeof ownedSpecialsAnswerSchema>;
