// When a special is on (docs/menus-and-specials.md#schedule): pure, on the venue's clock through
// common/local-time.ts, so weekly specials keep their wall-clock times across DST changes.
import { DAY_MS, fromWall, toWall, weekdayIndexOfDay } from "../../common/local-time";
import { EVENT_DAYS } from "../../common/schemas/event";
import type { Special, SpecialSchedule } from "../../common/schemas/special";

export interface Run {
  start: number;
  end: number;
}

export interface ScheduleState {
  onNow: boolean;
  /** The next start after now, or null. */
  nextStart: number | null;
  /** The end of the current run while on, else of the next run; null when none is left. */
  endsAt: number | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The run of a weekly special that starts on a local calendar date (days since 1970 on the venue's
 * clock), or null when the date's weekday is not one of its days. A `to` at or before `from` ends
 * on the next date. A start or end that a spring-forward night skips happens an hour later on the
 * wall clock; one that an autumn night repeats happens the first time (fromWall).
 */
export function weeklyRunOn(schedule: Extract<SpecialSchedule, { kind: "weekly" }>, timeZone: string, date: number): Run | null {
  if (!schedule.days.includes(EVENT_DAYS[weekdayIndexOfDay(date)])) return null;
  const from = minutesOf(schedule.from);
  const to = minutesOf(schedule.to);
  const start = fromWall(timeZone, date * DAY_MS + from * 60_000);
  const end = fromWall(timeZone, (date + (to <= from ? 1 : 0)) * DAY_MS + to * 60_000);
  return end > start ? { start, end } : null;
}

/** A weekly special runs at least once a week: 8 dates ahead always hold a start. */
const LOOK_AHEAD_DAYS = 8;

/** Runs overlapping or following now, in order: from the run that may have started yesterday to 8 days ahead. */
export function runsAround(schedule: SpecialSchedule, timeZone: string, now: number): Run[] {
  if (schedule.kind === "once") return [{ start: Date.parse(schedule.starts_at), end: Date.parse(schedule.ends_at) }];
  const today = Math.floor(toWall(timeZone, now) / DAY_MS);
  const runs: Run[] = [];
  for (let date = today - 1; date <= today + LOOK_AHEAD_DAYS; date++) {
    const run = weeklyRunOn(schedule, timeZone, date);
    if (run) runs.push(run);
  }
  return runs;
}

export function scheduleState(schedule: SpecialSchedule, timeZone: string, now: number): ScheduleState {
  const runs = runsAround(schedule, timeZone, now);
  const current = runs.find((run) => run.start <= now && now < run.end);
  const next = runs.find((run) => run.start > now);
  return {
    onNow: current !== undefined,
    nextStart: next?.start ?? null,
    endsAt: current?.end ?? next?.end ?? null,
  };
}

/** The first moment after now when the state may change (a start or an end), or null: how long an answer may be kept. */
export function nextChange(schedule: SpecialSchedule, timeZone: string, now: number): number | null {
  const moments = runsAround(schedule, timeZone, now).flatMap((run) => [run.start, run.end]).filter((moment) => moment > now);
  return moments.length === 0 ? null : Math.min(...moments);
}

/** A special as the API answers it at `now` (worker/db/specials.ts reads the record). */
export function specialAnswer(
  special: { id: number; title: string; text: string; schedule: SpecialSchedule },
  timeZone: string,
  now: number,
): Special {
  const state = scheduleState(special.schedule, timeZone, now);
  const { schedule } = special;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: special.id,
    title: special.title,
    text: special.text,
    days: schedule.kind === "weekly" ? schedule.days : [],
    from: schedule.kind === "weekly" ? schedule.from : null,
    to: schedule.kind === "weekly" ? schedule.to : null,
    starts_at: schedule.kind === "once" ? schedule.starts_at : null,
    on_now: state.onNow,
    next_start: iso(state.nextStart),
    ends_at: iso(state.endsAt),
  };
}

/** On now first, then by next start (none last), then oldest first. */
export function bySchedule(a: Special, b: Special): number {
  if (a.on_now !== b.on_now) return a.on_now ? -1 : 1;
  const next = (special: Special) => (special.next_start === null ? Infinity : Date.parse(special.next_start));
  return next(a) - next(b) || a.id - b.id;
}
