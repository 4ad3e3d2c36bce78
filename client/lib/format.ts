// Small display helpers shared by the dashboard and the public pages.
import { formatCount, formatHour, formatInstant } from "../../common/formats";
import type { WaitSummary, Weekday } from "../../common/schemas/answers";

/**
 * The locale of screens that do not have the visitor's yet (docs/cities.md#formats): the dashboard's
 * and the app's module-level helpers, until the account's language is stored. Components ask
 * `useLocale()` (client/lib/i18n.tsx).
 */
export const SITE_LOCALE = "en-US";

/** This browser's time zone: a venue's times name their zone when it differs (read once hydrated: the worker's render cannot know it). */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "1 device", "2,340 readings": a count with its noun, in the singular for one. */
export const plural = (count: number, word: string) => `${formatCount(count, SITE_LOCALE)} ${word}${count === 1 ? "" : "s"}`;

/** "monday" → "Monday". */
export const weekdayLabel = (day: Weekday) => capitalize(day);

/**
 * "21:00" → "9 PM" (en-US), "21 Uhr" (de-DE), for hour labels on axes and tiles where minutes are
 * always :00. A zone name after the hour (the two 01:00 hours of an autumn night: "01:00 EDT") is
 * kept: "1 AM EDT". Anything else is shown as it came.
 */
export function formatHourLabel(time: string, locale: string): string {
  const match = /^(\d{1,2}):00(?::00)?(\s+\S+)?$/.exec(time);
  if (!match) return time;
  return formatHour(Number(match[1]), 0, locale) + (match[2] ?? "");
}

/**
 * An ISO instant as a short date and time in the browser's locale, or in `locale` (the public pages
 * the worker renders name theirs, the site's English, so the server's text is the browser's).
 */
export function formatDateTime(iso: string, timeZone?: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
}

/** "2026-03-06" → "Friday, March 6, 2026" (en-US), "Freitag, 6. März 2026" (de-DE): a calendar date, so no time zone shifts it. */
export function formatLongDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return formatInstant(Date.UTC(year, month - 1, day), locale, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** How long ago an instant was, from `now`: "just now", "12 min ago", "2 hours ago", "3 days ago". */
export function timeAgo(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, "hour")} ago`;
  return `${plural(Math.floor(hours / 24), "day")} ago`;
}

// Live Looks' words (docs/live-looks.md), here rather than in a module of their own: the profile and
// the live map already load this one, and one more chunk would be one more request on first view.
// Reports are shown as reports, beside the sensor's numbers, never mixed into them.

/** "Reported wait about 10 min (3 reports in the last hour)"; "Reported wait: none (…)" for 0. */
export function waitSummaryText(summary: WaitSummary): string {
  const wait = summary.minutes === 0 ? "Reported wait: none" : `Reported wait about ${summary.minutes} min`;
  return `${wait} (${plural(summary.reports, "report")} in the last hour)`;
}

/** "2 Live Looks in the last hour", or null for none (the list then says nothing). */
export const liveLooksLastHourText = (count: number): string | null => (count > 0 ? `${plural(count, "Live Look")} in the last hour` : null);
