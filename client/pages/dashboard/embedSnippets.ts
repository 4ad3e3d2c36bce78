// The HTML owners copy into their own website (docs/embeds.md#badge-and-widget): the live badge as
// a linked image, the widget as an iframe, and the calendar's address. Pure: addresses in, text out.
import { escapeMarkup } from "../../../common/markup";

export interface VenueAddresses {
  name: string;
  profile: string;
  badge: string;
  embed: string;
  calendar: string;
}

/** The widget's size in the snippet: room for its name, level, detail and link at 300 px wide. */
export const WIDGET_SIZE = { width: 300, height: 190 } as const;

/** The badge, linked to the profile. Its alt text is fixed, so it names what the image shows rather than a level. */
export function badgeSnippet(venue: VenueAddresses): string {
  const alt = escapeMarkup(`${venue.name}: how busy it is right now, on Third Place`);
  return `<a href="${escapeMarkup(venue.profile)}"><img src="${escapeMarkup(venue.badge)}" alt="${alt}" height="22"></a>`;
}

/** The widget in a frame with a title (a frame's accessible name), lazy so it never slows the page it sits in. */
export function widgetSnippet(venue: VenueAddresses): string {
  const title = escapeMarkup(`${venue.name} right now, on Third Place`);
  return `<iframe src="${escapeMarkup(venue.embed)}" title="${title}" width="${WIDGET_SIZE.width}" height="${WIDGET_SIZE.height}" style="border:0" loading="lazy"></iframe>`;
}
