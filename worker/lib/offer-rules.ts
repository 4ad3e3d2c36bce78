// When an offer is on, its claim codes and its QR code (docs/offers.md): pure. The schedule is a
// special's (worker/lib/special-schedule.ts: days and hours on the venue's clock, across DST and
// midnight), limited to the offer's dates; then its condition: always, while quiet (live), or in
// the hours the forecast calls quiet. Closed wins: never on while the venue is closed by its hours.
import { DAY_MS, dayOfDate, toWall } from "../../common/local-time";
import { API_LOCALE, formatHour } from "../../common/formats";
import { whenText } from "../../common/live-summary";
import { closedAt } from "../../common/opening-hours";
import type { PlaceHours } from "../../common/schemas/answers";
import { qrPath } from "../../common/qr";
import { CODE_ALPHABET, CODE_LENGTH, type OfferInput } from "../../common/schemas/offers";
import type { Level } from "../../common/vocabulary";
import { levelOfPercent, livelyEdge } from "../../common/venue-hour";
import { usualPercentAt, type UsualProfile, type WhenPlace } from "../occupancy/popular-times";
import { runsAround, weeklyRunOn, type Run } from "./special-schedule";

export type OfferRules = Pick<OfferInput, "days" | "from" | "to" | "starts_on" | "ends_on" | "when" | "quiet_below_percent">;

export interface OfferContext {
  now: number;
  timeZone: string;
  hours: PlaceHours;
  /** The venue's live numbers while fresh (and open); null when it has none now. */
  live: { level: Level; percent: number } | null;
  /** The forecast of the current hour (its usual: docs/offers.md#when), null without one. */
  forecast: { level: Level; percent: number } | null;
  /** Whether the sentence may name percents: not to the public where the owners hide counts (docs/when-to-go.md#public-counts). */
  numbers: boolean;
}

export interface OnNow {
  on: boolean;
  why: string;
}

/**
 * The forecast of the current hour as an offer reads it (docs/offers.md#when): the usual of the
 * weekday's hour, the forecast before today's level, known a day ahead and steady through the day;
 * null without a profile or enough history.
 */
export function forecastFromProfile(profile: UsualProfile | null, place: WhenPlace & { livelyThreshold: number }, now: number): OfferContext["forecast"] {
  const percent = profile?.enough_data ? usualPercentAt(profile.days, place, now) : null;
  return percent === null ? null : { percent, level: levelOfPercent(percent, livelyEdge(place)) };
}

/** What an offer reads of a place at now: its hours, its fresh live numbers, and the forecast found for it. */
export function placeContext(
  place: { timeZone: string; hours: PlaceHours; live: { level: Level; percent: number } | null; publicCounts: boolean },
  now: number,
  forecast: OfferContext["forecast"],
  forOwners = false,
): OfferContext {
  return { now, timeZone: place.timeZone, hours: place.hours, live: place.live && { level: place.live.level, percent: place.live.percent }, forecast, numbers: forOwners || place.publicCounts };
}

/** The calendar date (days since 1970 on the venue's clock) a run starts on. */
const dateOfRun = (run: Run, timeZone: string) => Math.floor(toWall(timeZone, run.start) / DAY_MS);

/** Whether a run's start date is within the offer's dates (both included). */
function withinDates(offer: OfferRules, run: Run, timeZone: string): boolean {
  const date = dateOfRun(run, timeZone);
  return (offer.starts_on === null || date >= dayOfDate(offer.starts_on)!) && (offer.ends_on === null || date <= dayOfDate(offer.ends_on)!);
}

const scheduleOf = (offer: OfferRules) => ({ kind: "weekly" as const, days: offer.days, from: offer.from, to: offer.to });

/** The offer's runs around now (from yesterday's to 8 days ahead) within its dates. */
export function offerRuns(offer: OfferRules, timeZone: string, now: number): Run[] {
  return runsAround(scheduleOf(offer), timeZone, now).filter((run) => withinDates(offer, run, timeZone));
}

/** The offer's run starting on a local calendar date (days since 1970), or null. */
export function offerRunOn(offer: OfferRules, timeZone: string, date: number): Run | null {
  const run = weeklyRunOn(scheduleOf(offer), timeZone, date);
  return run && withinDates(offer, run, timeZone) ? run : null;
}

/** Whether an offer's last date is over on the venue's clock (it shows no more). */
export function offerOver(offer: Pick<OfferRules, "ends_on">, timeZone: string, now: number): boolean {
  return offer.ends_on !== null && Math.floor(toWall(timeZone, now) / DAY_MS) > dayOfDate(offer.ends_on)!;
}

const timeText = (time: string) => formatHour(Number(time.slice(0, 2)), Number(time.slice(3, 5)), API_LOCALE);

/** Whether the offer is on at ctx.now, and the sentence that says why (or why not). */
export function offerOnNow(offer: OfferRules, ctx: OfferContext): OnNow {
  if (closedAt(ctx.hours, ctx.timeZone, ctx.now)) return { on: false, why: "Off: the venue is closed now." };
  if (offerOver(offer, ctx.timeZone, ctx.now)) return { on: false, why: `Off: it ended on ${offer.ends_on}.` };
  const runs = offerRuns(offer, ctx.timeZone, ctx.now);
  const current = runs.find((run) => run.start <= ctx.now && ctx.now < run.end);
  if (!current) {
    const next = runs.find((run) => run.start > ctx.now);
    const hours = `${timeText(offer.from)}–${timeText(offer.to)}`;
    return { on: false, why: next ? `Off: outside its hours (${hours}); next from ${whenText(new Date(next.start).toISOString(), ctx.timeZone, ctx.now, API_LOCALE)}.` : `Off: outside its hours (${hours}).` };
  }
  const until = `until ${whenText(new Date(current.end).toISOString(), ctx.timeZone, ctx.now, API_LOCALE)}`;
  if (offer.when === "always") return { on: true, why: `On in its hours, ${until}.` };
  if (offer.when === "quiet") {
    if (!ctx.live) return { on: false, why: "Off: only while quiet, and there is no live count now." };
    const below = offer.quiet_below_percent;
    if (below !== null) {
      if (!ctx.numbers) return ctx.live.percent < below ? { on: true, why: "On while quiet now." } : { on: false, why: `Off: only while quiet, and it is ${ctx.live.level} now.` };
      return ctx.live.percent < below
        ? { on: true, why: `On while quiet: ${ctx.live.percent}% full, below ${below}%.` }
        : { on: false, why: `Off: only while below ${below}% full, and it is ${ctx.live.percent}% now.` };
    }
    return ctx.live.level === "Relaxed"
      ? { on: true, why: "On while quiet: Relaxed now." }
      : { on: false, why: `Off: only while quiet, and it is ${ctx.live.level} now.` };
  }
  if (!ctx.forecast) return { on: false, why: "Off: only in hours the forecast calls quiet, and there is no forecast for this hour." };
  const about = ctx.numbers ? ` (about ${ctx.forecast.percent}%)` : "";
  return ctx.forecast.level === "Relaxed"
    ? { on: true, why: `On: the forecast calls this hour quiet${about}, ${until}.` }
    : { on: false, why: `Off: only in hours the forecast calls quiet, and it expects ${ctx.forecast.level}${about}.` };
}

/** A claim code from `random` bytes (crypto.getRandomValues in the route): unbiased, by rejection. */
export function claimCode(random: (count: number) => Uint8Array): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of random(CODE_LENGTH * 2)) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** The claim's QR code as a standalone SVG document (dark modules on white), encoding the code only. */
export function qrSvg(code: string): string {
  const { size, path } = qrPath(code);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
