// The head of the public pages' HTML (worker/page-heads.ts, docs/search-and-previews.md), through
// the worker's own fetch: each public page's title, description, canonical, Open Graph and Twitter
// card; a venue profile's, with its JSON-LD parsed back out of the served HTML; pages of one person
// keep the shell's head; and a profile's head, kept at the edge, changes at once when its venue does.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import indexHtml from "../../index.html?raw";
import { PUBLIC_PAGE_TITLES, PUBLIC_PAGES } from "../../common/public-pages";
import { PUBLIC_PAGE_DESCRIPTIONS } from "../../worker/lib/public-page-descriptions";
import worker from "../../worker/index";
import { insertCategory, insertEvent, ownedPlace, sendForm } from "./fixtures";
import { api } from "./helpers";
import { eveningsBeforeJune10th2031, useFixedClock } from "./occupancy-fixtures";

const origin = "https://third-place.test";
// Noon on Tuesday 10 June 2031 in New York (EDT), after four weeks of evenings of history.
const NOW = Date.UTC(2031, 5, 10, 16);
useFixedClock(NOW);

// The test pool serves no built assets: the shell is the repository's index.html.
const ASSETS = { fetch: async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } }) };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

interface Head {
  titles: string[];
  meta: Map<string, string[]>;
  canonical: string[];
  jsonLd: string[];
  scripts: number;
}

/** The head as a parser reads it (HTMLRewriter: the runtime's own HTML parser). */
async function parseHead(html: string): Promise<Head> {
  const head: Head = { titles: [], meta: new Map(), canonical: [], jsonLd: [], scripts: 0 };
  await new HTMLRewriter()
    .on("title", {
      element() {
        head.titles.push("");
      },
      text(chunk) {
        head.titles[head.titles.length - 1] += chunk.text;
      },
    })
    .on("meta", {
      element(element) {
        const key = element.getAttribute("property") ?? element.getAttribute("name");
        if (key) head.meta.set(key, [...(head.meta.get(key) ?? []), decode(element.getAttribute("content") ?? "")]);
      },
    })
    .on('link[rel="canonical"]', {
      element(element) {
        head.canonical.push(decode(element.getAttribute("href") ?? ""));
      },
    })
    .on("script", {
      element() {
        head.scripts++;
      },
    })
    .on('script[type="application/ld+json"]', {
      element() {
        head.jsonLd.push("");
      },
      text(chunk) {
        head.jsonLd[head.jsonLd.length - 1] += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  head.titles = head.titles.map(decode);
  return head;
}

/** A page as the worker serves it, its head parsed; waits for the edge cache's writes. */
async function page(path: string, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${origin}${path}`), { ...env, ASSETS, ...vars } as unknown as Env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  const head = await parseHead(html);
  const one = (key: string) => {
    expect(head.meta.get(key), key).toHaveLength(1);
    return head.meta.get(key)![0];
  };
  return { response, html, head, one };
}

/** A venue like the seed's: Friday past midnight, a menu with a price, events either side of DST, busiest late on Fridays. */
async function seededLikeVenue(name = "The Copper Lantern") {
  const { owner, placeId } = await ownedPlace({
    name,
    slug: `copper-${crypto.randomUUID().slice(0, 8)}`,
    type: "Bar",
    category: "cocktail-bar",
    address: "112 Avenue A",
    city: "New York",
    state: "NY",
    postal_code: "10009",
    latitude: 40.7262,
    longitude: -73.9838,
    phone_number: "(212) 555-0141",
    website: "https://copperlantern.example.com",
    description: "Candle-lit cocktail bar with a seasonal menu.",
    timezone: "America/New_York",
    monday_open: "17:00",
    monday_close: "23:00",
    friday_open: "18:00",
    friday_close: "02:00",
    saturday_open: "12:00",
    saturday_close: "12:00",
  });
  // Usually 20 people; 90 from 10 PM to midnight on Fridays.
  await eveningsBeforeJune10th2031(placeId, (hour, weekday) => (weekday === 4 && hour >= 22 ? 90 : 20));
  const menu = { sections: [{ name: "Cocktails", items: [{ name: "Negroni", description: "Gin, Campari, vermouth", price: 13.5, dietary: ["vegan"] }] }] };
  const put = await api(`/api/place/${placeId}/menu`, { method: "PUT", headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` }, body: JSON.stringify(menu) });
  expect(put.status).toBe(200);
  // 9 PM in New York on 27 November 2031 (EST, UTC−5) and on 3 July 2031 (EDT, UTC−4).
  await insertEvent({ place_id: placeId, name: "Thanksgiving Eve Jazz", start_time: "2031-11-28T02:00:00.000Z", end_time: "2031-11-28T05:00:00.000Z" });
  await insertEvent({ place_id: placeId, name: "Fireworks Warm-up", start_time: "2031-07-04T01:00:00.000Z" });
  await insertEvent({ place_id: placeId, name: "Already Over", start_time: "2031-06-01T01:00:00.000Z" });
  await insertEvent({ place_id: placeId, name: "Quiz Night", start_time: "2031-01-07T00:00:00.000Z", is_recurring: 1, repeating_days: '["Tuesday"]' });
  const { slug } = (await env.DB.prepare("SELECT slug FROM places WHERE id = ?").bind(placeId).first<{ slug: string }>())!;
  return { owner, placeId, slug };
}

describe("the public pages' heads", () => {
  it.each(PUBLIC_PAGES)("%s has its title, description, canonical, Open Graph and Twitter card", async (path) => {
    const { head, one, response } = await page(`${path}?utm_source=newsletter`);
    const expected = { title: PUBLIC_PAGE_TITLES[path], description: PUBLIC_PAGE_DESCRIPTIONS[path] };
    expect(head.titles).toEqual([`${expected.title} · Third Place`]);
    expect(one("description")).toBe(expected.description);
    // The canonical drops the query string.
    expect(head.canonical).toEqual([`${origin}${path}`]);
    expect(one("og:url")).toBe(`${origin}${path}`);
    expect(one("og:description")).toBe(expected.description);
    expect(one("og:image")).toBe(`${origin}/images/share.jpg`);
    expect(one("og:image:width")).toBe("1200");
    expect(one("og:image:height")).toBe("630");
    expect(one("twitter:card")).toBe("summary_large_image");
    expect(one("twitter:image")).toBe(one("og:image"));
    expect(head.jsonLd).toEqual([]);
    expect(head.meta.has("robots")).toBe(false);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it.each(["/dashboard", "/admin", "/app", "/app/settings", "/place_info", "/signin", "/invite/abc"])("%s keeps the shell's head: no venue, no card", async (path) => {
    const { head } = await page(path);
    expect(head.titles).toEqual(["Third Place — know the vibe before you go"]);
    expect(head.canonical).toEqual([]);
    expect(head.jsonLd).toEqual([]);
    expect([...head.meta.keys()].filter((key) => key.startsWith("og:") || key.startsWith("twitter:"))).toEqual([]);
  });
});

describe("a city page's head", () => {
  it("names the city and its number of venues, and points at its own address", async () => {
    // ownedPlace writes the row by hand, without a city: file it under New York as the API would.
    const { placeId } = await seededLikeVenue("Avenue A Lantern");
    await env.DB.prepare("UPDATE places SET city_id = (SELECT id FROM cities WHERE slug = 'new-york') WHERE id = ?").bind(placeId).run();
    const newYork = (await env.DB.prepare("SELECT count(*) AS places FROM places JOIN cities ON cities.id = places.city_id WHERE cities.slug = 'new-york'").first<{ places: number }>())!;
    expect(newYork.places).toBeGreaterThan(0);
    const { head, one } = await page("/city/new-york?utm_source=newsletter");
    expect(head.titles).toEqual(["New York: Live map · Third Place"]);
    expect(one("og:title")).toBe("New York: Live map");
    const venues = `${newYork.places} ${newYork.places === 1 ? "venue" : "venues"}`;
    expect(one("description")).toBe(`How busy bars and restaurants in New York are right now: a live map of ${venues}, with what's open, specials on now and where there's room.`);
    expect(head.canonical).toEqual([`${origin}/city/new-york`]);
    expect(one("og:url")).toBe(`${origin}/city/new-york`);
    expect(head.meta.has("robots")).toBe(false);
    expect((await page("/city/berlin")).head.titles).toEqual(["Berlin: Live map · Third Place"]);
  });

  it("keeps a city we do not serve out of search results", async () => {
    const { head, one } = await page("/city/atlantis");
    expect(head.titles).toEqual(["Not live in that city yet · Third Place"]);
    expect(one("robots")).toBe("noindex");
    expect(head.canonical).toEqual([]);
  });
});

describe("a venue profile's head", () => {
  it("names the venue, says when it is usually busiest, and points at its profile by slug", async () => {
    const { placeId, slug } = await seededLikeVenue();
    for (const path of [`/profile/${slug}`, `/profile/${placeId}`]) {
      const { head, one } = await page(path);
      expect(head.titles).toEqual(["The Copper Lantern · Third Place"]);
      expect(one("description")).toBe("Cocktail bar in New York, usually busiest Fri 10 PM–12 AM. Candle-lit cocktail bar with a seasonal menu.");
      expect(head.canonical).toEqual([`${origin}/profile/${slug}`]);
      expect(one("og:title")).toBe("The Copper Lantern");
      expect(one("og:url")).toBe(`${origin}/profile/${slug}`);
      expect(one("og:image")).toMatch(/^https:\/\/third-place\.test\//);
      expect(one("og:image:width")).toBe("1200");
      expect(one("twitter:card")).toBe("summary_large_image");
    }
  });

  it("carries its JSON-LD: BarOrPub with address, geo, hours past midnight, the menu with prices and upcoming events in the venue's offset", async () => {
    const { slug } = await seededLikeVenue();
    const { head } = await page(`/profile/${slug}`);
    expect(head.jsonLd).toHaveLength(1);
    const ld = JSON.parse(head.jsonLd[0]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BarOrPub",
      name: "The Copper Lantern",
      url: `${origin}/profile/${slug}`,
      telephone: "(212) 555-0141",
      address: { "@type": "PostalAddress", streetAddress: "112 Avenue A", addressLocality: "New York", addressRegion: "NY", postalCode: "10009" },
      geo: { "@type": "GeoCoordinates", latitude: 40.7262, longitude: -73.9838 },
    });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "17:00", closes: "23:00" },
      // Past midnight: on the day it opens, closing earlier than it opens.
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "02:00" },
      // 24 hours.
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Saturday", opens: "00:00", closes: "23:59" },
    ]);
    expect(ld.hasMenu).toEqual({
      "@type": "Menu",
      hasMenuSection: [
        {
          "@type": "MenuSection",
          name: "Cocktails",
          hasMenuItem: [
            {
              "@type": "MenuItem",
              name: "Negroni",
              description: "Gin, Campari, vermouth",
              suitableForDiet: ["https://schema.org/VeganDiet"],
              offers: { "@type": "Offer", price: "13.50", priceCurrency: "USD" },
            },
          ],
        },
      ],
    });
    // One-off events to come, soonest first; neither the one that is over nor the recurring one.
    expect(ld.event.map((event: { name: string; startDate: string; endDate: string }) => [event.name, event.startDate, event.endDate])).toEqual([
      ["Fireworks Warm-up", "2031-07-03T21:00:00-04:00", "2031-07-03T23:00:00-04:00"],
      ["Thanksgiving Eve Jazz", "2031-11-27T21:00:00-05:00", "2031-11-28T00:00:00-05:00"],
    ]);
    expect(ld.event[0].location).toMatchObject({ "@type": "Place", name: "The Copper Lantern", address: { streetAddress: "112 Avenue A" } });
  });

  it("shows the venue's share image when its cover has one, and is absolute from PUBLIC_ORIGIN when set", async () => {
    const { placeId } = await ownedPlace({ name: "Shared Bar", share_image_key: "places/0e0e0e0e-share.jpg", cover_image_key: "places/0e0e0e0e-cover.png" });
    const { head, one } = await page(`/profile/${placeId}`, { PUBLIC_ORIGIN: "https://thirdplace.example" });
    expect(one("og:image")).toBe("https://thirdplace.example/api/images/places/0e0e0e0e-share.jpg");
    expect(one("og:image:width")).toBe("1200");
    expect(one("og:image:alt")).toBe("Shared Bar");
    expect(one("twitter:image")).toBe(one("og:image"));
    expect(head.canonical[0]).toMatch(/^https:\/\/thirdplace\.example\/profile\/test-bar-/);
    expect(JSON.parse(head.jsonLd[0]).image).toBe(one("og:image"));
  });

  it("is a Restaurant for a restaurant", async () => {
    const { placeId } = await ownedPlace({ name: "Dumpling Hall", type: "Restaurant", category: "restaurant-bar" });
    const { head } = await page(`/profile/${placeId}`);
    expect(JSON.parse(head.jsonLd[0])["@type"]).toBe("Restaurant");
  });

  it("cannot be broken out of by a venue's name", async () => {
    const name = `Bar </script><script>alert(1)</script><!-- "quoted" & 'single'`;
    const { slug } = await seededLikeVenue(name);
    const { html, head, one } = await page(`/profile/${slug}`);
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).not.toContain("<!-- \"quoted\"");
    // The shell's module script, the JSON-LD and the rendered page's data island
    // (docs/server-rendering.md), which holds the name too: no script more.
    expect(head.scripts).toBe(3);
    expect(head.jsonLd).toHaveLength(1);
    expect(JSON.parse(head.jsonLd[0]).name).toBe(name);
    expect(head.titles).toEqual([`${name} · Third Place`]);
    expect(one("og:title")).toBe(name);
  });

  it("says a missing venue is not one to index", async () => {
    for (const path of ["/profile/no-such-venue-anywhere", "/profile/999999999", "/profile/NOT%20A%20SLUG"]) {
      const { head, one } = await page(path);
      expect(head.titles).toEqual(["Venue not found · Third Place"]);
      expect(one("robots")).toBe("noindex");
      expect(head.canonical).toEqual([]);
      expect(head.jsonLd).toEqual([]);
    }
  });
});

describe("a profile's head at the edge", () => {
  const rename = (placeId: number, name: string) => env.DB.prepare("UPDATE places SET name = ? WHERE id = ?").bind(name, placeId).run();

  it("is kept for a minute, and a change to the venue, its menu or its events shows at once, by slug and by id", async () => {
    const { owner, placeId, slug } = await seededLikeVenue("Before");
    const titleOf = async (path: string) => (await page(path)).head.titles[0];
    const ldOf = async (path: string) => JSON.parse((await page(path)).head.jsonLd[0]);
    expect(await titleOf(`/profile/${slug}`)).toBe("Before · Third Place");
    expect(await titleOf(`/profile/${placeId}`)).toBe("Before · Third Place");

    // Changed behind the API's back: the kept head still answers.
    await rename(placeId, "Sneaky");
    expect(await titleOf(`/profile/${slug}`)).toBe("Before · Third Place");

    // The owner renames it through the API: both names of the page show it at once.
    const update = await api(`/api/place/update/${placeId}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ name: "After" }),
    });
    expect(update.status).toBe(200);
    expect(await titleOf(`/profile/${slug}`)).toBe("After · Third Place");
    expect(await titleOf(`/profile/${placeId}`)).toBe("After · Third Place");

    // A menu write purges it too.
    const menu = { sections: [{ name: "Beer", items: [{ name: "Pilsner", price: 7 }] }] };
    const put = await api(`/api/place/${placeId}/menu`, { method: "PUT", headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` }, body: JSON.stringify(menu) });
    expect(put.status).toBe(200);
    expect((await ldOf(`/profile/${slug}`)).hasMenu.hasMenuSection[0].hasMenuItem[0]).toMatchObject({ name: "Pilsner", offers: { price: "7.00" } });
    expect((await ldOf(`/profile/${placeId}`)).hasMenu.hasMenuSection[0].name).toBe("Beer");

    // And so does an event the owner adds.
    const category = String(await insertCategory(`Shows ${crypto.randomUUID()}`));
    const event = { place_id: String(placeId), name: "Late Show", start_time: "2031-06-20T02:00:00.000Z", category, is_recurring: "False" };
    expect((await sendForm("/api/create_user_event", "POST", event, owner.token)).status).toBe(201);
    expect((await ldOf(`/profile/${slug}`)).event.map((event: { name: string }) => event.name)).toContain("Late Show");
  });
});
