// The pure builders of a page's head (worker/lib/page-head.ts) and a venue's JSON-LD
// (worker/lib/venue-json-ld.ts), and the words and times they use from common/: no D1, no clock.
import { describe, expect, it } from "vitest";
import { weekBusiestText } from "../../common/live-summary";
import { isoWithOffset } from "../../common/local-time";
import type { EventAnswer, PopularTimesAnswer, PublicPlace } from "../../common/schemas/answers";
import type { MenuAnswer } from "../../common/schemas/menu";
import { WEEKDAYS } from "../../common/vocabulary";
import { clip, headTags, missingVenueHead, publicPageHead, scriptJson, venueDescription } from "../../worker/lib/page-head";
import { eventLd, menuLd, openingHours, venueJsonLd } from "../../worker/lib/venue-json-ld";

const origin = "https://third-place.test";

const closedWeek = Object.fromEntries(WEEKDAYS.flatMap((day) => [[`${day}_open`, ""], [`${day}_close`, ""]]));

const place = (overrides: Partial<PublicPlace> = {}): PublicPlace => ({
  id: 7,
  slug: "the-copper-lantern",
  name: "The Copper Lantern",
  address: "112 Avenue A",
  city: "New York",
  state: "NY",
  country: "United States",
  postal_code: "10009",
  latitude: 40.7262,
  longitude: -73.9838,
  type: "Bar",
  category: "cocktail-bar",
  website: "",
  phone_number: "",
  description: "",
  cover_photo_url: null,
  cover_image: null,
  ...(closedWeek as Pick<PublicPlace, `${(typeof WEEKDAYS)[number]}_open` | `${(typeof WEEKDAYS)[number]}_close`>),
  open_time: "",
  close_time: "",
  lively_threshold: 40,
  packed_threshold: 100,
  timezone: "America/New_York",
  day_start_hour: 5,
  tags: [],
  ...overrides,
});

const event = (overrides: Partial<EventAnswer>): EventAnswer => ({
  id: 1,
  place_id: 7,
  place_name: "The Copper Lantern",
  name: "Jazz",
  description: "",
  start_time: "2031-11-28T02:00:00.000Z",
  end_time: null,
  max_capacity: null,
  category: null,
  category_name: null,
  is_recurring: false,
  repeats: false,
  repeating_days: [],
  frequency: "",
  host_name: "",
  additional_details: "",
  photo_url: null,
  cover_image: null,
  flyer_image: null,
  ...overrides,
});

describe("isoWithOffset", () => {
  it("writes the venue's local time with that date's offset", () => {
    expect(isoWithOffset("America/New_York", Date.parse("2031-11-28T02:00:00Z"))).toBe("2031-11-27T21:00:00-05:00");
    expect(isoWithOffset("America/New_York", Date.parse("2031-07-04T01:00:00Z"))).toBe("2031-07-03T21:00:00-04:00");
    // Either side of the autumn change: 01:30 happens twice.
    expect(isoWithOffset("America/New_York", Date.parse("2031-11-02T05:30:00Z"))).toBe("2031-11-02T01:30:00-04:00");
    expect(isoWithOffset("America/New_York", Date.parse("2031-11-02T06:30:00Z"))).toBe("2031-11-02T01:30:00-05:00");
    expect(isoWithOffset("Asia/Kolkata", Date.parse("2031-01-01T00:00:00Z"))).toBe("2031-01-01T05:30:00+05:30");
    expect(isoWithOffset("UTC", Date.parse("2031-01-01T12:34:56.789Z"))).toBe("2031-01-01T12:34:56+00:00");
  });
});

describe("weekBusiestText", () => {
  const day = (weekday: string, usual: (hour: number) => number | null) => ({
    weekday,
    hours: Array.from({ length: 24 }, (_, i) => (5 + i) % 24).map((hour) => ({ hour, usual: usual(hour), closed: false })),
  });
  const answer = (days: PopularTimesAnswer["days"], enough = true) => ({ days, enough_data: enough });
  const quiet = (hour: number) => (hour >= 17 ? 20 : null);

  it("says the weekday whose peak is highest, and its run", () => {
    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((weekday) =>
      day(weekday, weekday === "Friday" ? (hour) => (hour >= 22 ? 90 : quiet(hour)) : quiet),
    ) as PopularTimesAnswer["days"];
    expect(weekBusiestText(answer(days), "en-US")).toBe("usually busiest Fri 10 PM–12 AM");
  });

  it("says nothing without enough data or any usual", () => {
    const days = [day("Monday", () => null)] as PopularTimesAnswer["days"];
    expect(weekBusiestText(answer(days), "en-US")).toBeNull();
    expect(weekBusiestText(answer([day("Monday", quiet)] as PopularTimesAnswer["days"], false), "en-US")).toBeNull();
  });
});

describe("descriptions", () => {
  it("say the category, the city and the busiest run, then the venue's own words", () => {
    expect(venueDescription(place({ description: "Candle-lit." }), "usually busiest Fri 10 PM–12 AM")).toBe(
      "Cocktail bar in New York, usually busiest Fri 10 PM–12 AM. Candle-lit.",
    );
    expect(venueDescription(place({ category: "pub", city: "" }), null)).toBe("Pub.");
  });

  it("are clipped at a word to 160 characters", () => {
    const long = `${"word ".repeat(60)}end`;
    const clipped = clip(long);
    expect(clipped.length).toBeLessThanOrEqual(160);
    expect(clipped).toMatch(/word…$/);
    expect(clip("  short \n text ")).toBe("short text");
  });
});

describe("headTags", () => {
  it("escapes every value it writes", () => {
    const head = { ...publicPageHead("/about", origin), title: `A "quoted" <b> & 'more'`, shortTitle: "</title><script>" };
    const tags = headTags(head);
    expect(tags).toContain("<title>A &quot;quoted&quot; &lt;b&gt; &amp; &#39;more&#39;</title>");
    expect(tags).toContain('<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;" />');
    expect(tags).not.toContain("<script");
  });

  it("marks a missing venue noindex, without a canonical", () => {
    const tags = headTags(missingVenueHead(origin));
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain("canonical");
  });
});

describe("scriptJson", () => {
  it("keeps JSON that no value can close the script with, and that parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script><!-- & \u2028" };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("venue JSON-LD", () => {
  it("writes hours past midnight on the day they open, and 24 hours as 00:00–23:59", () => {
    const hours = openingHours(place({ friday_open: "18:00", friday_close: "02:00", sunday_open: "12:00", sunday_close: "12:00", monday_open: "17:00", monday_close: "" }));
    expect(hours).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "02:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "00:00", closes: "23:59" },
    ]);
  });

  it("writes the menu's prices as offers in its currency, and nothing for an empty menu", () => {
    const menu: MenuAnswer = {
      currency: "EUR",
      locale: "de-DE",
      sections: [{ id: 1, name: "Bier", items: [{ id: 2, name: "Helles", description: "", price: 4.5, dietary: ["spicy"], photo_url: "/api/images/menus/x.jpg" }] }],
      kitchen_hours: null,
      updated_at: null,
    };
    expect(menuLd(menu, origin)).toEqual({
      "@type": "Menu",
      hasMenuSection: [
        {
          "@type": "MenuSection",
          name: "Bier",
          hasMenuItem: [{ "@type": "MenuItem", name: "Helles", image: `${origin}/api/images/menus/x.jpg`, offers: { "@type": "Offer", price: "4.50", priceCurrency: "EUR" } }],
        },
      ],
    });
    expect(menuLd({ ...menu, sections: [] }, origin)).toBeUndefined();
  });

  it("gives an event without an end two hours, in the venue's offset", () => {
    const ld = eventLd(event({}), place(), { url: `${origin}/profile/x`, origin });
    expect([ld.startDate, ld.endDate]).toEqual(["2031-11-27T21:00:00-05:00", "2031-11-27T23:00:00-05:00"]);
  });

  it("is a Restaurant for a restaurant and leaves out what the venue has not filled in", () => {
    const ld = venueJsonLd({ place: place({ type: "Restaurant", latitude: null, longitude: null }), menu: { currency: "USD", locale: "en-US", sections: [], kitchen_hours: null, updated_at: null }, events: [], url: `${origin}/profile/x`, origin, image: null });
    expect(ld["@type"]).toBe("Restaurant");
    expect(Object.keys(ld).sort()).toEqual(["@context", "@type", "address", "name", "url"]);
  });
});
