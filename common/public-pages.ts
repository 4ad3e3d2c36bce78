// The public pages that are the same for everyone (client/routes.tsx), with the title each shows
// in its tab and the description search results and link previews show
// (docs/search-and-previews.md). One list: the pages set their tab's title from it, the worker
// writes both into the HTML it serves (worker/page-heads.ts), and the sitemap lists its paths.

export const SITE_NAME = "Third Place";

/** A page's title as the tab and search results show it. */
export const pageTitle = (title: string) => `${title} · ${SITE_NAME}`;

export const PUBLIC_PAGE_HEADS = {
  "/": {
    title: "Know the vibe before you go",
    description: "Third Place shows how busy bars and restaurants are right now, before you go out: live levels, when each is usually busiest, and what's on tonight.",
  },
  "/about": {
    title: "About Us",
    description: "Who makes Third Place and why: live, anonymous crowd levels for bars and restaurants, measured by sensors that count devices, never people.",
  },
  "/bars": {
    title: "For Businesses",
    description: "Show guests how busy your bar or restaurant is right now, see your own busiest hours, forecasts and events, and fill quiet nights with specials.",
  },
  "/consumers": {
    title: "For Consumers",
    description: "Find a bar with room tonight: live crowd levels, usually-busiest hours, specials and events for venues near you, free in your browser or as an app.",
  },
  "/faq": {
    title: "FAQs",
    description: "How Third Place measures how busy a venue is, what it never collects, and how venues and visitors use it.",
  },
  "/businesses": {
    title: "Partner Log-In",
    description: "Sign in to Third Place to see your venue's live numbers, history, forecasts and events.",
  },
  "/submit-business": {
    title: "Submit a Business",
    description: "Tell us about a bar or restaurant that should show its live crowd level on Third Place.",
  },
  "/live-look": {
    title: "Live Look",
    description: "A live map of how busy bars and restaurants are right now, with what's open, specials on now and where there's room.",
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_HEADS;

/** The paths, in the order the sitemap lists them. */
export const PUBLIC_PAGES = Object.keys(PUBLIC_PAGE_HEADS) as PublicPagePath[];

export const isPublicPage = (path: string): path is PublicPagePath => Object.hasOwn(PUBLIC_PAGE_HEADS, path);
