// The public pages that are the same for everyone (client/routes.tsx), with the title each shows
// in its tab (docs/search-and-previews.md). One list: the pages set their tab's title from it, the
// worker writes it and each page's description (worker/lib/public-page-descriptions.ts, kept out
// of the pages' code) into the HTML it serves, and the sitemap lists its paths.

export const PUBLIC_PAGE_TITLES = {
  "/": "Know the vibe before you go",
  "/about": "About Us",
  "/bars": "For Businesses",
  "/consumers": "For Consumers",
  "/faq": "FAQs",
  "/businesses": "Partner Log-In",
  "/submit-business": "Submit a Business",
  "/live-look": "Live map",
} as const satisfies Record<string, string>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_TITLES;

/** The paths, in the order the sitemap lists them. */
export const PUBLIC_PAGES = Object.keys(PUBLIC_PAGE_TITLES) as PublicPagePath[];

export const isPublicPage = (path: string): path is PublicPagePath => Object.hasOwn(PUBLIC_PAGE_TITLES, path);

/** A city's live page (docs/cities.md): `/city/berlin`. */
export const cityPagePath = (slug: string) => `/city/${encodeURIComponent(slug)}`;
