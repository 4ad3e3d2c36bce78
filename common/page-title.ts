// The site's name in every tab title: its own module, so a page that only sets its title (the
// profile) does not carry the public pages' descriptions (common/public-pages.ts) in its first view.

export const SITE_NAME = "Third Place";

/** A page's title as the tab and search results show it. */
export const pageTitle = (title: string) => `${title} · ${SITE_NAME}`;
