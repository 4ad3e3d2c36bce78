// What search engines and chat apps read of a public page (docs/search-and-previews.md): its title,
// description, canonical address, Open Graph and Twitter card, and a venue's JSON-LD. Pure: the
// worker reads the data and puts the head into the HTML it serves (worker/page-heads.ts).
import { languageAlternates, localizedPath, PSEUDO_LANGUAGE, type PageLanguage } from "../../common/languages";
import { escapeMarkup } from "../../common/markup";
import { pageTitle, SITE_NAME } from "../../common/page-title";
import { PUBLIC_PAGE_TITLES, type PublicPagePath } from "../../common/public-pages";
import { PUBLIC_PAGE_DESCRIPTIONS } from "./public-page-descriptions";
import { categoryLabel } from "../../common/vocabulary";
import type { PublicPlace } from "../../common/schemas/answers";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./share-image-rules";

/** An image link previews show, absolute, with its size (previews draw the card before fetching it). */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageHead {
  /** The whole <title>. */
  title: string;
  /** og:title and twitter:title: the page's own name, without the site's. */
  shortTitle: string;
  description: string;
  /** Absolute; null where the page is not the one to index (a venue that does not exist). */
  canonical: string | null;
  image: ShareImage;
  /** A venue's structured data, or null. */
  jsonLd: object | null;
  /** Kept out of search results. */
  noindex: boolean;
  /** The page in each language, itself included, and x-default (docs/languages.md#search-engines). */
  alternates?: { hreflang: string; href: string }[];
}

/** The site's share image (public/images/share.jpg), for pages and venues without their own. */
export const SITE_SHARE_IMAGE_PATH = "/images/share.jpg";

/** Search results cut descriptions at about 160 characters; longer ones end in "…" at a word. */
export const DESCRIPTION_MAX = 160;

export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

export const siteShareImage = (origin: string): ShareImage => ({
  url: `${origin}${SITE_SHARE_IMAGE_PATH}`,
  width: SHARE_IMAGE_WIDTH,
  height: SHARE_IMAGE_HEIGHT,
  alt: `${SITE_NAME}: how busy bars and restaurants are right now`,
});

/** The head of a page that is the same for everyone. */
export function publicPageHead(path: PublicPagePath, origin: string): PageHead {
  const title = PUBLIC_PAGE_TITLES[path];
  return {
    title: pageTitle(title),
    shortTitle: path === "/" ? SITE_NAME : title,
    description: PUBLIC_PAGE_DESCRIPTIONS[path],
    canonical: `${origin}${path}`,
    image: siteShareImage(origin),
    jsonLd: null,
    noindex: false,
  };
}

/** A profile whose venue does not exist: the page says so and is not indexed. */
export function missingVenueHead(origin: string): PageHead {
  return {
    title: pageTitle("Venue not found"),
    shortTitle: "Venue not found",
    description: PUBLIC_PAGE_DESCRIPTIONS["/"],
    canonical: null,
    image: siteShareImage(origin),
    jsonLd: null,
    noindex: true,
  };
}

/**
 * A city's live map (`/city/{slug}`, docs/cities.md#city-pages): its title as the hydrated page
 * writes it ("Berlin: Live map"), a description naming the city and how many venues it has live,
 * and its own address as the canonical. `city` null is a slug we do not serve: the page says so and
 * is not indexed.
 */
export function cityHead(city: { slug: string; name: string; places: number } | null, origin: string): PageHead {
  if (!city) {
    const title = "Not live in that city yet";
    return { title: pageTitle(title), shortTitle: title, description: PUBLIC_PAGE_DESCRIPTIONS["/live-look"], canonical: null, image: siteShareImage(origin), jsonLd: null, noindex: true };
  }
  const title = `${city.name}: ${PUBLIC_PAGE_TITLES["/live-look"]}`;
  const venues = `${city.places} ${city.places === 1 ? "venue" : "venues"}`;
  return {
    title: pageTitle(title),
    shortTitle: title,
    description: clip(`How busy bars and restaurants in ${city.name} are right now: a live map of ${venues}, with what's open, specials on now and where there's room.`),
    canonical: `${origin}/city/${encodeURIComponent(city.slug)}`,
    image: siteShareImage(origin),
    jsonLd: null,
    noindex: false,
  };
}

/**
 * A venue's description: "Cocktail bar in New York, usually busiest Fri 10 PM–12 AM." and then its
 * own description, clipped. `busiest` is weekBusiestText of its public popular times (null without
 * enough data, or where the owners hide counts, as the profile says nothing of it then).
 */
export function venueDescription(place: Pick<PublicPlace, "category" | "city" | "description">, busiest: string | null): string {
  const where = [categoryLabel(place.category), place.city ? `in ${place.city}` : ""].filter(Boolean).join(" ");
  const first = `${where}${busiest ? `, ${busiest}` : ""}.`;
  return clip(place.description ? `${first} ${place.description}` : first);
}

/** A venue profile's head: `canonical` is its profile by slug, `image` its share image (or the site's). */
export function venueHead(input: {
  place: Pick<PublicPlace, "name" | "category" | "city" | "description">;
  busiest: string | null;
  canonical: string;
  image: ShareImage;
  jsonLd: object;
}): PageHead {
  return {
    title: pageTitle(input.place.name),
    shortTitle: input.place.name,
    description: venueDescription(input.place, input.busiest),
    canonical: input.canonical,
    image: input.image,
    jsonLd: input.jsonLd,
    noindex: false,
  };
}

/**
 * JSON for inside a <script> element: "<", ">" and "&" as \u escapes (still the same JSON), so no
 * value can close the element ("</script>") or open a comment ("<!--"); U+2028 and U+2029 too, which
 * older JavaScript parsers took for line ends.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * `head` (built for the English page at the root) for the page in `language`: its canonical is its
 * own address, with every language's as alternates. The pseudo-locale is for tests: kept out of
 * search results, canonical the English page.
 */
export function localizedHead(head: PageHead, language: PageLanguage, origin: string): PageHead {
  if (!head.canonical?.startsWith(origin)) return head;
  const path = head.canonical.slice(origin.length);
  if (language === PSEUDO_LANGUAGE) return { ...head, noindex: true };
  return { ...head, canonical: `${origin}${localizedPath(language, path)}`, alternates: languageAlternates(origin, path) };
}

const meta = (attribute: "name" | "property", key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(String(content))}" />`;

/**
 * The page's head tags: title, description, canonical, robots, Open Graph, Twitter card and
 * JSON-LD. Every value is escaped.
 */
export function headTags(head: PageHead): string {
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta("name", "description", head.description),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`] : []),
    ...(head.alternates ?? []).map(({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeMarkup(hreflang)}" href="${escapeMarkup(href)}" />`),
    ...(head.noindex ? [meta("name", "robots", "noindex")] : []),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", "website"),
    meta("property", "og:title", head.shortTitle),
    meta("property", "og:description", head.description),
    ...(head.canonical ? [meta("property", "og:url", head.canonical)] : []),
    meta("property", "og:image", head.image.url),
    meta("property", "og:image:type", "image/jpeg"),
    meta("property", "og:image:width", head.image.width),
    meta("property", "og:image:height", head.image.height),
    meta("property", "og:image:alt", head.image.alt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.shortTitle),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.image.url),
    meta("name", "twitter:image:alt", head.image.alt),
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ];
  return tags.join("\n    ");
}
