// What search results and link previews say of each public page (docs/search-and-previews.md).
// Only the worker needs these, so they live apart from the titles the pages' own code carries;
// the type makes a page without a description fail to compile.
import type { PublicPagePath } from "../../common/public-pages";

export const PUBLIC_PAGE_DESCRIPTIONS: Record<PublicPagePath, string> = {
  "/":
    "Third Place shows how busy bars and restaurants are right now, before you go out: live levels, when each is usually busiest, and what's on tonight.",
  "/about":
    "Who makes Third Place and why: live, anonymous crowd levels for bars and restaurants, measured by sensors that count devices, never people.",
  "/bars":
    "Show guests how busy your bar or restaurant is right now, see your own busiest hours, forecasts and events, and fill quiet nights with specials.",
  "/consumers":
    "Find a bar with room tonight: live crowd levels, usually-busiest hours, specials and events for venues near you, free in your browser or as an app.",
  "/faq":
    "How Third Place measures how busy a venue is, what it never collects, and how venues and visitors use it.",
  "/businesses":
    "Sign in to Third Place to see your venue's live numbers, history, forecasts and events.",
  "/submit-business":
    "Tell us about a bar or restaurant that should show its live crowd level on Third Place.",
  "/live-look":
    "A live map of how busy bars and restaurants are right now, with what's open, specials on now and where there's room.",
};
