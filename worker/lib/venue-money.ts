// The currency and locale of a venue's prices, from its city (docs/menus-and-specials.md#currency,
// docs/cities.md), or from its country for a place without a city: a bar prices in its city's money
// and writes prices as its city does, so neither is a field an owner could set against the other.

export interface Money {
  currency: string;
  locale: string;
}

/** Countries as places store them (the add-place form's words), with their money. */
const BY_COUNTRY: Record<string, Money> = {
  "united states": { currency: "USD", locale: "en-US" },
  usa: { currency: "USD", locale: "en-US" },
  us: { currency: "USD", locale: "en-US" },
  canada: { currency: "CAD", locale: "en-CA" },
  mexico: { currency: "MXN", locale: "es-MX" },
  "united kingdom": { currency: "GBP", locale: "en-GB" },
  uk: { currency: "GBP", locale: "en-GB" },
  ireland: { currency: "EUR", locale: "en-IE" },
  france: { currency: "EUR", locale: "fr-FR" },
  germany: { currency: "EUR", locale: "de-DE" },
  spain: { currency: "EUR", locale: "es-ES" },
  italy: { currency: "EUR", locale: "it-IT" },
  netherlands: { currency: "EUR", locale: "nl-NL" },
  switzerland: { currency: "CHF", locale: "de-CH" },
  australia: { currency: "AUD", locale: "en-AU" },
  japan: { currency: "JPY", locale: "ja-JP" },
};

/** Every venue so far is in New York: a country we do not know prices in dollars, written the US way. */
export const DEFAULT_MONEY: Money = BY_COUNTRY["united states"];

function moneyOfCountry(country: string): Money {
  return BY_COUNTRY[country.trim().toLowerCase()] ?? DEFAULT_MONEY;
}

/** A place's money: its city's currency and locale, else (no city) its country's. */
export function moneyOfPlace(place: { country: string; currency: string | null; locale: string | null }): Money {
  return place.currency !== null && place.locale !== null ? { currency: place.currency, locale: place.locale } : moneyOfCountry(place.country);
}
