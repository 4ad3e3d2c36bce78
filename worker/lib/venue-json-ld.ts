// A venue profile's structured data for search engines (docs/search-and-previews.md#json-ld):
// schema.org BarOrPub or Restaurant with its address, position, hours, menu and upcoming events,
// typed by schema-dts so a misspelt property or a wrong nesting fails the typecheck. Pure: the
// page head (worker/page-heads.ts) reads the place's public answers and passes them in.
import type { BarOrPub, Event, Menu, MenuItem, OpeningHoursSpecification, Place, PostalAddress, Restaurant, RestrictedDiet, WithContext } from "schema-dts";
import { isoWithOffset } from "../../common/local-time";
import { WEEKDAYS, type EventAnswer, type PublicPlace } from "../../common/schemas/answers";
import type { MenuAnswer } from "../../common/schemas/menu";
import type { DietaryTag } from "../../common/menu-vocabulary";
import { DEFAULT_EVENT_LENGTH_MS } from "../db/events";
import { hoursOf } from "../../common/opening-hours";

/** What the structured data says of a venue: its public answers and where its page and images are. */
export interface VenueLdInput {
  place: PublicPlace;
  menu: MenuAnswer;
  /** One-off events still to come or under way, soonest first. */
  events: readonly EventAnswer[];
  /** The profile's canonical address. */
  url: string;
  /** The site's origin, for absolute image addresses. */
  origin: string;
  /** The venue's share image (absolute), or null. */
  image: string | null;
}

const DAY_NAMES = { monday: "Monday", tuesday: "Tuesday", wednesday: "Wednesday", thursday: "Thursday", friday: "Friday", saturday: "Saturday", sunday: "Sunday" } as const;

/** The diets schema.org names; the menu's other tags (dairy-free, contains nuts, spicy) have none. */
const DIETS: Partial<Record<DietaryTag, RestrictedDiet>> = {
  vegetarian: "https://schema.org/VegetarianDiet",
  vegan: "https://schema.org/VeganDiet",
  "gluten-free": "https://schema.org/GlutenFreeDiet",
  halal: "https://schema.org/HalalDiet",
  kosher: "https://schema.org/KosherDiet",
};

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * One specification per open weekday. A close before the open runs past midnight and stays on the
 * weekday it opened (Friday 18:00–02:00 is Friday, opens 18:00, closes 02:00), which is how
 * schema.org reads it: "if closes is less than opens, the range spans over the next day". A close
 * equal to the open is the hours table's 24 hours, written 00:00–23:59 as Google asks for a day
 * open around the clock.
 */
export function openingHours(place: PublicPlace): OpeningHoursSpecification[] {
  return WEEKDAYS.flatMap((weekday): OpeningHoursSpecification[] => {
    const hours = hoursOf(place, weekday);
    if (!hours) return [];
    const allDay = hours.open === hours.close;
    return [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${DAY_NAMES[weekday]}`,
        opens: allDay ? "00:00" : hhmm(hours.open),
        closes: allDay ? "23:59" : hhmm(hours.close),
      },
    ];
  });
}

const absolute = (origin: string, path: string | null) => (path === null ? undefined : new URL(path, `${origin}/`).toString());

/** The menu as schema.org's Menu → MenuSection → MenuItem, each item's price an Offer in the venue's currency. */
export function menuLd(menu: MenuAnswer, origin: string): Menu | undefined {
  if (menu.sections.length === 0) return undefined;
  return {
    "@type": "Menu",
    hasMenuSection: menu.sections.map((section) => ({
      "@type": "MenuSection",
      name: section.name,
      hasMenuItem: section.items.map((item): MenuItem => {
        const diets = item.dietary.flatMap((tag) => DIETS[tag] ?? []);
        return {
          "@type": "MenuItem",
          name: item.name,
          ...(item.description ? { description: item.description } : {}),
          ...(item.photo_url ? { image: absolute(origin, item.photo_url) } : {}),
          ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
          offers: { "@type": "Offer", price: item.price.toFixed(2), priceCurrency: menu.currency },
        };
      }),
    })),
  };
}

function addressLd(place: PublicPlace): PostalAddress {
  return {
    "@type": "PostalAddress",
    streetAddress: place.address,
    addressLocality: place.city,
    addressRegion: place.state,
    postalCode: place.postal_code,
    addressCountry: place.country,
  };
}

/**
 * An event at the venue, its times in the venue's offset on that date (a 9 PM start in New York in
 * November is 2026-11-27T21:00:00-05:00, in July -04:00). An event without an end lasts
 * DEFAULT_EVENT_LENGTH_MS, as everywhere else it is read.
 */
export function eventLd(event: EventAnswer, place: PublicPlace, input: Pick<VenueLdInput, "url" | "origin">): Event {
  const start = Date.parse(event.start_time);
  const end = event.end_time ? Date.parse(event.end_time) : start + DEFAULT_EVENT_LENGTH_MS;
  const location: Place = { "@type": "Place", name: place.name, address: addressLd(place) };
  return {
    "@type": "Event",
    name: event.name,
    ...(event.description ? { description: event.description } : {}),
    startDate: isoWithOffset(place.timezone, start),
    endDate: isoWithOffset(place.timezone, end),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location,
    ...(event.cover_image ? { image: absolute(input.origin, event.cover_image) } : {}),
    url: input.url,
  };
}

/** BarOrPub for a bar, Restaurant for a restaurant: the venue's type (Bar or Restaurant) picks it. */
export function venueJsonLd(input: VenueLdInput): WithContext<Exclude<BarOrPub, string>> | WithContext<Exclude<Restaurant, string>> {
  const { place } = input;
  const hasMenu = menuLd(input.menu, input.origin);
  const hours = openingHours(place);
  const body = {
    name: place.name,
    ...(place.description ? { description: place.description } : {}),
    url: input.url,
    ...(input.image ? { image: input.image } : {}),
    address: addressLd(place),
    ...(place.latitude !== null && place.longitude !== null
      ? { geo: { "@type": "GeoCoordinates" as const, latitude: place.latitude, longitude: place.longitude } }
      : {}),
    ...(place.phone_number ? { telephone: place.phone_number } : {}),
    ...(place.website ? { sameAs: place.website } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(hasMenu ? { hasMenu } : {}),
    ...(input.events.length > 0 ? { event: input.events.map((event) => eventLd(event, place, input)) } : {}),
  };
  return place.type === "Restaurant"
    ? { "@context": "https://schema.org", "@type": "Restaurant", ...body }
    : { "@context": "https://schema.org", "@type": "BarOrPub", ...body };
}
