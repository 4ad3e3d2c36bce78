// /robots.txt and /sitemap.xml (docs/embeds.md#sitemap-and-robots): which pages crawlers may read,
// and every public page and venue profile by its slug. Pure text building; worker/site-files.ts
// reads the venues and serves them.
import { languageAlternates, LANGUAGES, localizedPath } from "../../common/languages";
import { escapeMarkup } from "../../common/markup";
import { cityPagePath, PUBLIC_PAGES } from "../../common/public-pages";
import { profileUrl } from "./origin";

/** The public pages of the app that are the same for everyone (common/public-pages.ts); profiles are listed by venue. */
export { PUBLIC_PAGES };

/**
 * What crawlers may fetch under /api/: the badge and widget (so a venue's own page renders whole
 * when a search engine draws it) and the calendars (Google Calendar's importer has refused feeds
 * that robots.txt disallows).
 */
export const ALLOWED_API_PATHS = ["/api/places/*/badge.svg", "/api/places/*/embed", "/api/places/*/events.ics", "/api/events.ics", "/api/events/*/calendar.ics"] as const;

/** Pages for one person (accounts, owners, the admin, invites) and the rest of the API. */
export const DISALLOWED_PATHS = ["/api/", "/dashboard", "/place_info", "/place_dashboard", "/admin", "/app", "/invite/", "/auth", "/signin", "/signup"] as const;

export function robotsTxt(origin: string): string {
  return [
    "# Third Place: public pages and venue profiles are for everyone; accounts, owners' and admin pages and the API are not.",
    "User-agent: *",
    ...ALLOWED_API_PATHS.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** A venue in the sitemap: its slug, its city's slug (null without one) and when its profile last changed (ms). */
export interface SitemapVenue {
  slug: string;
  city: string | null;
  changed: number;
}

const w3cDateTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The latest change among venues; null for none. */
const latestOf = (venues: readonly SitemapVenue[]) => (venues.length > 0 ? Math.max(...venues.map((venue) => venue.changed)) : null);

/**
 * The sitemap: each public page, each city's page (docs/cities.md) and each venue's profile by slug
 * with its lastmod, in every language, each address with all its alternates, itself included, and
 * x-default (Google Search Central's rules, docs/languages.md#pages-heads-sitemap). The live map
 * lists every venue, so it changed when the latest of them did, and a city's page when the latest
 * of its own did (none without venues); the other pages change only with a release, which the
 * worker does not know the date of, so they have no lastmod rather than a wrong one.
 */
export function sitemapXml(origin: string, venues: readonly SitemapVenue[], cities: readonly string[]): string {
  const latest = latestOf(venues);
  const urls = (path: string, changed: number | null) => {
    const alternates = languageAlternates(origin, path)
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(href)}"/>`)
      .join("");
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeMarkup(`${origin}${localizedPath(language, path)}`)}</loc>${changed === null ? "" : `<lastmod>${w3cDateTime(changed)}</lastmod>`}${alternates}</url>`,
    );
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.flatMap((path) => urls(path, path === "/live-look" ? latest : null)),
    ...cities.flatMap((city) => urls(cityPagePath(city), latestOf(venues.filter((venue) => venue.city === city)))),
    ...venues.flatMap((venue) => urls(profileUrl(origin, venue.slug).slice(origin.length), venue.changed)),
    "</urlset>",
    "",
  ].join("\n");
}
