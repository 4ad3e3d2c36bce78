// How a special did against the usual (docs/menus-and-specials.md#lift): each run is an occurrence
// measured by the popular-events method (worker/occupancy/event-insights.ts: the same wall hours
// of earlier weeks without a run, up to 4 of them), shown once the special has run for 2 weeks.
import { API_LOCALE, formatInstant } from "../../common/formats";
import { DAY_MS } from "../../common/local-time";
import type { SpecialSchedule } from "../../common/schemas/special";
import { runsAround } from "../lib/special-schedule";
import { eventInsights, NO_SENSOR_DATA, type InsightEvent } from "./event-insights";
import type { HourTotal, PlaceScale } from "./hours";

/** A special's lift shows once its first run started this long ago. */
export const LIFT_AFTER_DAYS = 14;

export interface LiftSpecial {
  id: number;
  title: string;
  schedule: SpecialSchedule;
  scheduleSince: number;
}

export interface SpecialLift {
  percent: number | null;
  runs: number;
  text: string;
}

/** The first run at or after the schedule was set; null for a weekly special that never runs (it always does). */
function firstRun(special: LiftSpecial, timeZone: string) {
  const runs = runsAround(special.schedule, timeZone, special.scheduleSince - 1);
  return special.schedule.kind === "once" ? runs[0] : (runs.find((run) => run.start >= special.scheduleSince) ?? null);
}

/** The special as the event insights read an event: a weekly one repeats from its first run, at its start's local time. */
export function specialAsEvent(special: LiftSpecial, timeZone: string): InsightEvent | null {
  const run = firstRun(special, timeZone);
  if (!run) return null;
  const weekly = special.schedule.kind === "weekly";
  return {
    id: special.id,
    name: special.title,
    categoryId: null,
    categoryName: null,
    start: run.start,
    end: run.end,
    recurring: weekly,
    repeatingDays: special.schedule.kind === "weekly" ? special.schedule.days : [],
  };
}

/** When a special's lift starts to show: LIFT_AFTER_DAYS after its first run began. */
export function liftFrom(special: LiftSpecial, timeZone: string): number | null {
  const run = firstRun(special, timeZone);
  return run ? run.start + LIFT_AFTER_DAYS * DAY_MS : null;
}

const signedPercent = (value: number) => (value > 0 ? `+${value}%` : value < 0 ? `−${-value}%` : "±0%");

/**
 * Each special's lift: the mean lift_percent of its runs that have one, over the specials' own
 * hours only (`hours` as eventInsights reads them). Specials younger than 2 weeks say when theirs shows.
 */
export function specialLifts(specials: readonly LiftSpecial[], hours: readonly HourTotal[], place: PlaceScale, now: number): Map<number, SpecialLift> {
  const events = measuredSpecialEvents(specials, place.timeZone, now);
  const occurrences = events.length === 0 ? [] : eventInsights(events, hours, place, now).occurrences;
  const dateText = (ms: number) => formatInstant(ms, API_LOCALE, { timeZone: place.timeZone, month: "short", day: "numeric" });
  const lifts = new Map<number, SpecialLift>();
  for (const special of specials) {
    const from = liftFrom(special, place.timeZone);
    if (from === null || from > now) {
      lifts.set(special.id, { percent: null, runs: 0, text: from === null ? "It has not run yet." : `Lift shows from ${dateText(from)}, after 2 weeks of runs.` });
      continue;
    }
    const runs = occurrences.filter((occurrence) => occurrence.event_id === special.id);
    const measured = runs.filter((occurrence) => occurrence.lift_percent !== null);
    if (measured.length === 0) {
      const silent = runs.length > 0 && runs.every((occurrence) => occurrence.note === NO_SENSOR_DATA);
      lifts.set(special.id, { percent: null, runs: 0, text: silent || runs.length === 0 ? "No sensor data during its runs." : "No usual to compare with: too little data before it started." });
      continue;
    }
    const percent = Math.round(measured.reduce((sum, occurrence) => sum + occurrence.lift_percent!, 0) / measured.length);
    lifts.set(special.id, { percent, runs: measured.length, text: `${signedPercent(percent)} against usual across ${measured.length} ${measured.length === 1 ? "run" : "runs"}` });
  }
  return lifts;
}

/** The events a route passes to hoursOfWeekNeeded: the specials old enough to measure. */
export function measuredSpecialEvents(specials: readonly LiftSpecial[], timeZone: string, now: number): InsightEvent[] {
  return specials.filter((special) => (liftFrom(special, timeZone) ?? Infinity) <= now).flatMap((special) => specialAsEvent(special, timeZone) ?? []);
}
