// Offers' words for people going out (docs/offers.md): the profile's section, the code screen and
// the lists' chips. Times are on the venue's clock.
import type { Offer } from "../../common/schemas/offers";
import { daysText, timeText } from "../live/specials";
import { formatPrice } from "../../common/formats";

export const OFFER_MESSAGES = {
  heading: "Offers",
  onNow: "On now",
  claim: "Claim",
  claiming: "Claiming…",
  showCode: "Show my code",
  signInToClaim: "Sign in to claim",
  claimFailed: "Could not claim the offer.",
  offline: "Could not reach Third Place. Try again.",
  codeLabel: "Your code",
  showStaff: "Show this to the staff.",
  qrLabel: (code: string) => `QR code of the code ${code}`,
  timeLeft: (left: string) => `Valid for ${left}`,
  expired: "This code has expired.",
  noClaim: "No claimed code on this phone for that offer.",
  back: "Back",
  filterLive: "Offers now",
  filterNear: "Offers now",
  rowOn: "Offer on now",
  noneOnMap: "No venue has an offer on right now.",
} as const;

/**
 * "50% off", "Only $5.00" (a price in the venue's currency, written the visitor's way:
 * docs/cities.md#formats), "Free item", or nothing for "other". An answer kept offline from before
 * currencies has none: its price is the number alone.
 */
export function valueText(offer: Pick<Offer, "kind" | "value">, currency: string | undefined, locale: string): string | null {
  if (offer.kind === "percent" && offer.value !== null) return `${offer.value}% off`;
  if (offer.kind === "price" && offer.value !== null) return `Only ${currency ? formatPrice(offer.value, currency, locale) : offer.value.toFixed(2).replace(/\.00$/, "")}`;
  if (offer.kind === "free_item") return "Free";
  return null;
}

/** "Mon–Fri 2 PM–6 PM" (times in the visitor's locale), with "only while quiet" or "in quiet hours" after it. */
export function whenLine(offer: Pick<Offer, "days" | "from" | "to" | "when">, locale: string): string {
  const condition = offer.when === "quiet" ? " · only while quiet" : offer.when === "forecast_quiet" ? " · in quiet hours" : "";
  return `${daysText(offer.days)} ${timeText(offer.from, locale)}–${timeText(offer.to, locale)}${condition}`;
}
