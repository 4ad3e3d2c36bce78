// The specials manager's form and the quiet-hour suggestions (docs/menus-and-specials.md#quiet-hours).
import * as v from "valibot";
import { EVENT_DAYS, type EventDay } from "../../../common/schemas/event";
import type { ForecastDay } from "../../../common/schemas/insights";
import { specialCreateSchema, type OwnedSpecial } from "../../../common/schemas/special";
import { toDateTimeLocal, toIsoInstant } from "../../lib/eventForm";
import { localHour } from "../../live/whenToGo";

export interface SpecialFormValues {
  title: string;
  text: string;
  kind: "weekly" | "once";
  days: EventDay[];
  from: string;
  to: string;
  /** datetime-local values, the browser's time zone (as the events form). */
  startsAt: string;
  endsAt: string;
}

export const EMPTY_SPECIAL: SpecialFormValues = { title: "", text: "", kind: "weekly", days: [], from: "17:00", to: "19:00", startsAt: "", endsAt: "" };

export function formOf(special: OwnedSpecial): SpecialFormValues {
  if (special.from && special.to) return { ...EMPTY_SPECIAL, title: special.title, text: special.text, days: special.days, from: special.from, to: special.to };
  return {
    ...EMPTY_SPECIAL,
    title: special.title,
    text: special.text,
    kind: "once",
    startsAt: special.starts_at ? toDateTimeLocal(new Date(special.starts_at)) : "",
    endsAt: special.ends_at ? toDateTimeLocal(new Date(special.ends_at)) : "",
  };
}

/** What POST (or PATCH, whole) sends for the form. */
export function specialBody(values: SpecialFormValues) {
  const common = { title: values.title, text: values.text };
  return values.kind === "weekly"
    ? { ...common, days: values.days, from: values.from, to: values.to }
    : { ...common, starts_at: toIsoInstant(values.startsAt), ends_at: toIsoInstant(values.endsAt) };
}

/** The body checked with the server's schema: the first problem's sentence, or null. */
export function specialProblem(values: SpecialFormValues): string | null {
  const result = v.safeParse(specialCreateSchema, specialBody(values), { abortPipeEarly: true });
  return result.success ? null : result.issues[0].message;
}

export interface QuietRun {
  weekday: EventDay;
  /** Local "HH:00" of the first hour and of the end of the last. */
  from: string;
  to: string;
  /** Mean forecast percent over the run, rounded. */
  percent: number;
}

/** Suggested at most this many runs, the longest and quietest first. */
export const QUIET_RUNS_SHOWN = 3;

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * The quiet hours of the week ahead: runs of at least 2 consecutive open hours of a venue day whose
 * forecast is under half the venue's lively percent (well inside Relaxed). Longest first, then
 * quietest, at most QUIET_RUNS_SHOWN.
 */
export function quietRuns(days: readonly ForecastDay[], livelyPercent: number, timeZone: string): QuietRun[] {
  const limit = livelyPercent / 2;
  const runs: (QuietRun & { hours: number })[] = [];
  for (const day of days) {
    let run: number[] = [];
    let startHour = 0;
    const close = (endHour: number) => {
      if (run.length >= 2) {
        runs.push({
          weekday: day.weekday as EventDay,
          from: hh(startHour),
          to: hh(endHour % 24),
          percent: Math.round(run.reduce((sum, value) => sum + value, 0) / run.length),
          hours: run.length,
        });
      }
      run = [];
    };
    for (const hour of day.hours) {
      const local = localHour(timeZone, Date.parse(hour.start));
      if (!hour.closed && hour.percent !== null && hour.percent < limit) {
        if (run.length === 0) startHour = local;
        run.push(hour.percent);
      } else close(local);
    }
    if (run.length > 0) close(startHour + run.length);
  }
  return runs
    .filter((run) => EVENT_DAYS.includes(run.weekday))
    .sort((a, b) => b.hours - a.hours || a.percent - b.percent)
    .slice(0, QUIET_RUNS_SHOWN)
    .map(({ hours: _hours, ...run }) => run);
}
