// Near me's words (docs/app.md#near-me).
import { OFFER_MESSAGES } from "../../offers/offerMessages";
import { formatHour } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";
import type { NearFilter, OriginSource } from "./nearMe";

/** The page's heading once the account is known: "Good to see you, Robin". */
export const greeting = (name: string) => `Good to see you, ${name.split(" ")[0]}`;

export const NEAR_MESSAGES = {
  title: "Near me",
  dashboard: "Open your venue dashboard",
  whenLabel: "When",
  now: "Now",
  later: "At 9 PM",
  hourLabel: "Another hour",
  hour: (hour: number) => formatHour(hour, 0, SITE_LOCALE),
  filtersLabel: "Show only",
  filters: { open: "Open", relaxed: "Relaxed", specials: "Specials on", offers: OFFER_MESSAGES.filterNear, friends: "Friends there" } satisfies Record<NearFilter, string>,
  from: { here: "Near you now.", home: "Near your home area.", city: "Around the city centre." } satisfies Record<OriginSource, string>,
  useLocation: "Use my location",
  noGeolocation: "This browser cannot tell where you are.",
  locationFailed: "We could not get your location. Your home area is used instead, if you set one.",
  unavailable: "Places near you are unavailable at the moment.",
  none: "No places match those chips nearby. Turn one off, or try another time.",
  listNow: "Places near you now",
  listAt: (hour: number) => `Places near you at ${formatHour(hour, 0, SITE_LOCALE)}`,
  close: "Close",
  planHere: "Plan here",
  profile: "Open the profile",
} as const;
