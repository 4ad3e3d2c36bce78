// A venue's live level for other websites (docs/embeds.md#badge-and-widget): a small SVG badge for
// an <img> and a tiny HTML widget for an <iframe>, neither with any script. Pure text building from
// a live entry as the live map answers it, so a venue that hides its counts shows its level only,
// and a closed or silent one says so rather than showing a level it does not have.
import { API_LOCALE } from "../../common/formats";
import { liveSummary, whenText } from "../../common/live-summary";
import type { LivePlace } from "../../common/schemas/answers";
import { escapeMarkup, xmlText } from "../../common/markup";

/** What the badge and widget read of a live entry (toLivePlace: people already null where counts are hidden). */
export type WidgetPlace = Pick<LivePlace, "name" | "level" | "people" | "open_now" | "opens_at" | "updated_at" | "timezone" | "vs_usual">;

export type WidgetState = "Relaxed" | "Lively" | "Packed" | "silent" | "closed";

export interface WidgetStatus {
  state: WidgetState;
  /** "Lively", "Closed", "No live data". */
  label: string;
  /** "About 45 people", "Opens 4 PM", the sensor's last report; null when there is nothing more to say. */
  detail: string | null;
  /** When the level shown was measured, "Updated 9:10 PM" (venue time), for a live level only. */
  asOf: string | null;
}

/**
 * Background per state, the public site's level colours (client/styles: --relaxed, --lively,
 * --packed, and the unknown and closed greys); white text on each is at least 4.5:1.
 */
export const STATE_COLOURS: Record<WidgetState, string> = {
  Relaxed: "#15803d",
  Lively: "#b45309",
  Packed: "#b91c1c",
  silent: "#57534e",
  closed: "#78716c",
};
export const TEXT_COLOUR = "#ffffff";
/** The badge's left half ("Right now"): the site's ink. */
export const LABEL_COLOUR = "#111827";

/** The venue's state right now, in the live map's words. */
export function widgetStatus(place: WidgetPlace, now: number): WidgetStatus {
  const summary = liveSummary(place, now, API_LOCALE);
  if (summary.closed) {
    const opens = summary.closed.replace(/^Closed( · )?/, "");
    return { state: "closed", label: "Closed", detail: opens ? `${opens[0].toUpperCase()}${opens.slice(1)}` : null, asOf: null };
  }
  if (place.level === null || place.updated_at === null) return { state: "silent", label: "No live data", detail: summary.silent, asOf: null };
  return { state: place.level, label: place.level, detail: summary.people, asOf: `Updated ${whenText(place.updated_at, place.timezone, now, API_LOCALE)}` };
}

/** One sentence for screen readers and tooltips: "The Night Owl right now: Lively, about 45 people (Third Place)". */
export function statusSentence(place: WidgetPlace, status: WidgetStatus): string {
  const detail = status.detail && status.state !== "silent" ? `, ${status.detail[0].toLowerCase()}${status.detail.slice(1)}` : "";
  return `${place.name} right now: ${status.label}${detail} (Third Place)`;
}

const BADGE_FONT_SIZE = 12;
const BADGE_HEIGHT = 22;
const BADGE_PADDING = 8;

/** About how wide a text is in the badge's font (textLength then fits it exactly, whatever font draws it). */
function textWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    if (/[ilIj.,:;|!'’ ·]/.test(character)) width += 3.6;
    else if (/[mwMW@]/.test(character)) width += 10;
    else if (/[A-Z0-9]/.test(character)) width += 7.6;
    else width += 6.6;
  }
  return Math.ceil((width * BADGE_FONT_SIZE) / 11);
}

/**
 * The badge: "Right now | Lively · about 45 people" on the level's colour, with the whole sentence
 * as its accessible name (role img, <title>). Only the level's words carry its meaning; the colour
 * repeats it.
 */
export function badgeSvg(venue: WidgetPlace, now: number): string {
  const place = { ...venue, name: xmlText(venue.name) };
  const status = widgetStatus(place, now);
  const left = "Right now";
  const right = status.detail && status.state !== "silent" ? `${status.label} · ${status.detail[0].toLowerCase()}${status.detail.slice(1)}` : status.label;
  const leftWidth = textWidth(left) + 2 * BADGE_PADDING;
  const rightWidth = textWidth(right) + 2 * BADGE_PADDING;
  const width = leftWidth + rightWidth;
  const baseline = Math.round(BADGE_HEIGHT / 2 + BADGE_FONT_SIZE * 0.35);
  const text = (x: number, content: string) =>
    `<text x="${x}" y="${baseline}" textLength="${textWidth(content)}" lengthAdjust="spacingAndGlyphs">${escapeMarkup(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeMarkup(statusSentence(place, status))}</title>`,
    `<rect width="${leftWidth}" height="${BADGE_HEIGHT}" fill="${LABEL_COLOUR}"/>`,
    `<rect x="${leftWidth}" width="${rightWidth}" height="${BADGE_HEIGHT}" fill="${STATE_COLOURS[status.state]}"/>`,
    `<g fill="${TEXT_COLOUR}" font-family="Verdana,'DejaVu Sans',Arial,sans-serif" font-size="${BADGE_FONT_SIZE}" aria-hidden="true">`,
    text(BADGE_PADDING, left),
    text(leftWidth + BADGE_PADDING, right),
    "</g>",
    "</svg>",
  ].join("");
}

/** The widget's only style, allowed by its hash in the widget's Content-Security-Policy. */
export const WIDGET_STYLE = [
  ":root{color-scheme:light}",
  "body{margin:0;font:15px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;background:#fff}",
  "main{padding:12px 14px;border:1px solid #d6d3d1;border-radius:10px}",
  "h1{font-size:16px;margin:0 0 6px}",
  "a{color:#92400e}",
  "a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}",
  ".level{display:inline-block;margin:0;padding:2px 10px;border-radius:999px;color:#fff;font-weight:700}",
  ".detail{margin:6px 0 0}",
  ".more{margin:8px 0 0;font-size:13px}",
  ...Object.entries(STATE_COLOURS).map(([state, colour]) => `.state-${state}{background:${colour}}`),
].join("");

/**
 * The widget's page: the venue (a link to its profile), its level or state, the detail, and a link
 * to see it live. Links open in a new tab, since the page lives in someone else's frame.
 */
export function widgetHtml(venue: WidgetPlace, profileUrl: string, now: number): string {
  const place = { ...venue, name: xmlText(venue.name) };
  const status = widgetStatus(place, now);
  const link = (text: string) => `<a href="${escapeMarkup(profileUrl)}" target="_blank" rel="noopener">${escapeMarkup(text)}</a>`;
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeMarkup(`${place.name} right now · Third Place`)}</title>`,
    `<style>${WIDGET_STYLE}</style>`,
    "</head><body><main>",
    `<h1>${link(place.name)}</h1>`,
    `<p class="level state-${status.state}">${escapeMarkup(status.label)}</p>`,
    status.detail ? `<p class="detail">${escapeMarkup(status.detail)}</p>` : "",
    status.asOf ? `<p class="detail">${escapeMarkup(status.asOf)}</p>` : "",
    `<p class="more">${link("See it live on Third Place")}</p>`,
    "</main></body></html>",
  ].join("");
}
