// "Tell me when" (docs/watches.md): the body of POST /api/me/watches and the answers of the
// watches routes.
import * as v from "valibot";
import { WEEKDAY_NAMES } from "../local-time";
import { isoTime } from "./answers";

/** Most watches one account may keep. */
export const MAX_WATCHES = 50;

export const WATCH_KINDS = ["quiet", "lively", "wait_under", "event_starts", "special_starts", "offer_starts"] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** wait_under's minutes: the reported wait is counted in these steps (worker/lib/live-look-rules.ts), 40 meaning "30+". */
export const WAIT_MINUTES_RANGE = { min: 1, max: 60 } as const;

export const WATCH_KIND_MESSAGE = `when must be one of ${WATCH_KINDS.join(", ")}.`;
export const WATCH_MINUTES_MESSAGE = `wait_under needs minutes, a whole number from ${WAIT_MINUTES_RANGE.min} to ${WAIT_MINUTES_RANGE.max}; other watches take none.`;
export const WATCH_WINDOW_MESSAGE = 'Send window as {days?: ["Friday", …], from: "HH:MM", to: "HH:MM"} in the venue\'s time.';
export const WATCH_CAP_MESSAGE = `You can keep at most ${MAX_WATCHES} watches. Stop one to add this one.`;

export type WatchDay = (typeof WEEKDAY_NAMES)[number];

const clock = v.pipe(v.string(WATCH_WINDOW_MESSAGE), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, WATCH_WINDOW_MESSAGE));

/** A day name in any case ("friday", "Friday"), answered as WEEKDAY_NAMES spells it. */
const day = v.pipe(
  v.string(WATCH_WINDOW_MESSAGE),
  v.transform((name) => name.charAt(0).toUpperCase() + name.slice(1).toLowerCase()),
  v.picklist(WEEKDAY_NAMES, WATCH_WINDOW_MESSAGE),
);

/**
 * When a watch may notify, in the venue's local time: from `from` up to `to` (across midnight when
 * `to` is not after `from`; equal means the whole day) on the `days` the window starts (all days
 * when left out).
 */
export const watchWindowSchema = v.strictObject(
  {
    days: v.optional(
      v.pipe(
        v.array(day, WATCH_WINDOW_MESSAGE),
        v.nonEmpty("window.days must name at least one day, or be left out for every day."),
        v.maxLength(7, WATCH_WINDOW_MESSAGE),
        v.transform((days) => WEEKDAY_NAMES.filter((name) => days.includes(name))),
      ),
    ),
    from: clock,
    to: clock,
  },
  WATCH_WINDOW_MESSAGE,
);
export type WatchWindow = v.InferOutput<typeof watchWindowSchema>;

/** POST /api/me/watches. */
export const watchBodySchema = v.pipe(
  v.strictObject(
    {
      place_id: v.pipe(v.number("place_id must be a place id."), v.integer("place_id must be a place id."), v.minValue(1, "place_id must be a place id.")),
      when: v.picklist(WATCH_KINDS, WATCH_KIND_MESSAGE),
      minutes: v.optional(
        v.pipe(
          v.number(WATCH_MINUTES_MESSAGE),
          v.integer(WATCH_MINUTES_MESSAGE),
          v.minValue(WAIT_MINUTES_RANGE.min, WATCH_MINUTES_MESSAGE),
          v.maxValue(WAIT_MINUTES_RANGE.max, WATCH_MINUTES_MESSAGE),
        ),
      ),
      window: v.optional(v.nullable(watchWindowSchema)),
    },
    "Send a JSON object { place_id, when, minutes?, window? }.",
  ),
  v.check((body) => (body.when === "wait_under") === (body.minutes !== undefined), WATCH_MINUTES_MESSAGE),
);
export type WatchBody = v.InferOutput<typeof watchBodySchema>;

export const watchSchema = v.strictObject({
  id: v.number(),
  place_id: v.number(),
  /** The place's name and profile path, for the list. */
  place_name: v.string(),
  place_url: v.string(),
  when: v.picklist(WATCH_KINDS),
  /** wait_under's threshold; null for the others. */
  minutes: v.nullable(v.number()),
  /** Null: any time. */
  window: v.nullable(v.strictObject({ days: v.nullable(v.array(v.picklist(WEEKDAY_NAMES))), from: v.string(), to: v.string() })),
  created_at: isoTime,
});
export type WatchAnswer = v.InferOutput<typeof watchSchema>;

/** GET /api/me/watches: the newest first. */
export const watchListSchema = v.strictObject({ watches: v.array(watchSchema) });
export type WatchList = v.InferOutput<typeof watchListSchema>;
