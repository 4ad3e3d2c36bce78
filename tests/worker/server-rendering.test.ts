// The public pages rendered by the worker (docs/server-rendering.md): their content in the HTML,
// the data island the browser hydrates from, crawlers, the profile's edge caching, and the pages
// that stay the app's shell.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import indexHtml from "../../index.html?raw";
import { ISLANDS_ENTRY_META } from "../../common/page-render";
import worker from "../../worker/index";
import { placeCachePaths } from "../../worker/lib/public-cache";
import { splitAtRoot } from "../../worker/site/render";
import { forgetCachedPlaces, postJson } from "./helpers";
import { addOwner, bearer, createUser, insertEvent, insertPlace } from "./fixtures";

const ORIGIN = "https://third-place.test";
const PEOPLE = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * A page through the worker's fetch, waiting for what it left to waitUntil (the edge cache's put).
 * The test pool serves no built assets: the app's HTML is the source index.html, or `appHtml`.
 */
async function page(path: string, userAgent = PEOPLE, appHtml = indexHtml): Promise<{ response: Response; html: string }> {
  const ASSETS = { fetch: async () => new Response(appHtml, { headers: { "content-type": "text/html" } }) };
  const waits: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void waits.push(promise), passThroughOnException: () => {}, props: {} };
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { "user-agent": userAgent } }), { ...env, ASSETS } as unknown as Env, ctx as unknown as ExecutionContext);
  const html = await response.text();
  await Promise.all(waits);
  return { response, html };
}

/** The app's HTML as the build writes it: with the islands' entry, which a page of islands loads instead of the app's. */
const ISLANDS_HTML = indexHtml.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1<meta name="${ISLANDS_ENTRY_META}" content="/assets/islands.js">`);

/** The JSON of the page's data island, or null without one. */
function island(html: string): { renderedAt: number; origin: string; answers: Record<string, unknown>; route?: string } | null {
  const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]) : null;
}

/**
 * Scripts the browser would run from the page itself: none may be inline (the CSP allows only
 * files). The data island and a profile's JSON-LD (worker/page-heads.ts) are data, never run.
 */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attributes) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes));

/** The body from the root element on: what the browser draws, apart from the head (page-heads.ts). */
const body = (html: string) => html.slice(html.indexOf('<div id="root">'));

async function venue(story = "") {
  const slug = `ssr-${crypto.randomUUID().slice(0, 8)}`;
  const name = `The Rendered Room ${slug}`;
  const id = await insertPlace({ name, slug, address: "12 Avenue B", city: "New York", state: "NY", city_id: 1, description: `A <quiet> bar with </script> in its story.${story}` });
  return { id, slug, name };
}

describe("a venue's profile", () => {
  it("comes rendered: the venue's name, address, story and live level in the HTML, its answers in the data island", async () => {
    // A long page, as a seeded venue's is: React sends a boundary that comes after the first
    // 12.8 KB out of place unless told not to.
    const place = await venue(" It goes on.".repeat(1200));
    const { response, html } = await page(`/profile/${place.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html).toContain(`<h1 translate="no">${place.name}</h1>`);
    expect(html).toContain("12 Avenue B, New York, NY");
    expect(html).toContain("A &lt;quiet&gt; bar with &lt;/script&gt; in its story.");
    expect(html).toContain("Right now");
    // Not the loading state (the words are in the data island's messages, not on the page).
    expect(html.replace(/<script type="application\/json" id="page-data">.*?<\/script>/s, "")).not.toContain("Loading venue");
    // The reviews, an island, are in the document, whole: not a boundary left pending (<!--$?-->) for a script the CSP would refuse to fill in.
    expect(html).toContain('<h2 id="reviews-heading">Reviews</h2>');
    expect(html).toContain("No reviews yet. Be the first to leave one.");
    expect(html).not.toContain("<!--$?-->");
    const data = island(html)!;
    expect(data.origin).toBe(ORIGIN);
    expect(data.answers[`owner GET /api/place/${place.slug}`]).toMatchObject({ id: place.id, name: place.name });
    expect(Object.keys(data.answers)).toEqual(
      expect.arrayContaining(["owner GET /api/live", `owner GET /api/business/${place.id}/events`, `owner GET /api/places/${place.id}/reviews`]),
    );
    // The story's "</script>" ends no script early: every end tag is a script's own.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    expect(inlineScripts(html)).toEqual([]);
  });

  it("ships in its data island only the answers its islands read; a page that hydrates whole gets all it read", async () => {
    const place = await venue();
    // As built: a page of islands, whose islands read the venue, its menu, Live Looks, popular times, reviews and offers.
    const { html } = await page(`/profile/${place.slug}`, PEOPLE, ISLANDS_HTML);
    expect(html).toContain('src="/assets/islands.js"');
    expect(Object.keys(island(html)!.answers).sort()).toEqual(
      [
        `owner GET /api/place/${place.slug}`,
        `owner GET /api/places/${place.id}/live-looks`,
        `owner GET /api/places/${place.id}/menu`,
        `owner GET /api/places/${place.id}/offers`,
        `owner GET /api/places/${place.id}/popular-times`,
        `owner GET /api/places/${place.id}/reviews`,
      ].sort(),
    );
    // Without the islands' entry the app's entry hydrates the whole page, which reads the rest too
    // (the live levels, events and the forecast the worker rendered as HTML).
    const other = await venue();
    const whole = island((await page(`/profile/${other.slug}`)).html)!;
    expect(Object.keys(whole.answers)).toEqual(
      expect.arrayContaining([
        "owner GET /api/live",
        `owner GET /api/business/${other.id}/events`,
        `owner GET /api/places/${other.id}/forecast`,
        `owner GET /api/places/${other.id}/reviews`,
      ]),
    );
  });

  it("is kept at the edge like its API answers, and a purge of the place drops it", async () => {
    const place = await venue();
    const first = await page(`/profile/${place.slug}`);
    expect(first.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    await env.DB.prepare("UPDATE places SET name = ? WHERE id = ?").bind("Renamed Behind The Cache", place.id).run();
    expect((await page(`/profile/${place.slug}`)).html).toContain(`<h1 translate="no">${place.name}</h1>`);
    expect(placeCachePaths(place)).toEqual(expect.arrayContaining([`/profile/${place.id}`, `/profile/${place.slug}`]));
    await forgetCachedPlaces(place);
    expect((await page(`/profile/${place.slug}`)).html).toContain('<h1 translate="no">Renamed Behind The Cache</h1>');
  });

  it("drops its kept page at an offer's write: the offers are HTML until the first touch (docs/offers.md#on-the-profile)", async () => {
    const place = await venue();
    const owner = await createUser("Olivia Owner");
    await addOwner(place.id, owner.id);
    expect((await page(`/profile/${place.slug}`)).html).not.toContain('class="profile-offers"');
    const offer = { title: "Kept-page pints", terms: "One each.", kind: "other", days: ["Monday"], from: "17:00", to: "19:00", daily_cap: 5, when: "always", audience: "everyone" };
    expect((await postJson(`/api/place/${place.id}/offers`, offer, bearer(owner.token))).status).toBe(201);
    for (const name of [place.slug, String(place.id)]) expect((await page(`/profile/${name}`)).html).toContain("<strong>Kept-page pints</strong>");
  });

  it("of a venue that does not exist is the app's shell, which says so in the browser", async () => {
    const { response, html } = await page("/profile/no-such-venue-anywhere");
    expect(response.status).toBe(200);
    expect(island(html)).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("reaches crawlers whole", async () => {
    const place = await venue();
    await forgetCachedPlaces(place);
    const { html } = await page(`/profile/${place.id}`, GOOGLEBOT);
    expect(html).toContain(`<h1 translate="no">${place.name}</h1>`);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(island(html)!.answers[`owner GET /api/place/${place.id}`]).toMatchObject({ slug: place.slug });
  });
});

describe("a Berlin venue's profile in the page's locale (docs/cities.md#formats)", () => {
  it("writes its hours on Berlin's clock, in 24-hour time on /de/ and in 12-hour time at the root, its zone marked for the browser", async () => {
    const slug = `kiez-${crypto.randomUUID().slice(0, 8)}`;
    const hours = Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].flatMap((day) => [
        [`${day}_open`, "18:00"],
        [`${day}_close`, "02:00"],
      ]),
    );
    await insertPlace({ name: `Kiezbar ${slug}`, slug, address: "Oranienstraße 1", city_id: 2, timezone: "Europe/Berlin", ...hours });
    const german = (await page(`/de/profile/${slug}`)).html;
    expect(german).toMatch(/<dd data-venue-zone="Europe\/Berlin">18:00–02:00<\/dd>/);
    expect(island(german)).toMatchObject({ locale: "de-DE" });
    const english = (await page(`/profile/${slug}`)).html;
    expect(english).toMatch(/<dd data-venue-zone="Europe\/Berlin">6:00 PM – 2:00 AM<\/dd>/);
  });

  it("writes an event's time on Berlin's clock, marked for the browser to name the zone", async () => {
    const slug = `kiez-${crypto.randomUUID().slice(0, 8)}`;
    const placeId = await insertPlace({ name: `Kiezbar ${slug}`, slug, address: "Oranienstraße 1", city_id: 2, timezone: "Europe/Berlin" });
    // 20:00 in Berlin on a winter evening a few years ahead (CET, UTC+1).
    await insertEvent({ place_id: placeId, name: "Kneipenquiz", start_time: "2031-01-07T19:00:00.000Z" });
    const html = (await page(`/de/profile/${slug}`)).html.replaceAll("<!-- -->", "");
    expect(html).toMatch(/<time dateTime="2031-01-07T19:00:00.000Z" data-venue-zone="Europe\/Berlin">[^<]*20:00<\/time>/);
  });
});

describe("Home", () => {
  it("counts each city's venues reporting live, each a link to its page", async () => {
    const kiez = `kiez-${crypto.randomUUID().slice(0, 8)}`;
    await insertPlace({ name: `Kiezbar ${kiez}`, slug: kiez, address: "Oranienstraße 1", city_id: 2, timezone: "Europe/Berlin" });
    await caches.default.delete(`${ORIGIN}/api/live`);
    await caches.default.delete(`${ORIGIN}/api/cities`);
    // React marks where its text parts join (<!-- -->): read the text as a browser shows it.
    const html = (await page("/")).html.replaceAll("<!-- -->", "");
    const inBerlin = (await env.DB.prepare("SELECT count(*) AS n FROM places WHERE city_id = 2").first<{ n: number }>())!.n;
    expect(html).toContain('<nav class="city-links home-cities" aria-label="Live by city">');
    // A place without sensors has no live level: none of Berlin's reads live here.
    expect(html).toMatch(new RegExp(`<a href="/city/berlin"[^>]*>Berlin: 0 of ${inBerlin} live</a>`));
    expect(html).toMatch(/<a href="\/city\/new-york"[^>]*>New York: /);
  });
});

describe("the other public pages", () => {
  it.each([
    ["/", "transforming the way you go out.", "owner GET /api/live"],
    ["/about", "About Us", null],
    ["/bars", "Third Place for Businesses", null],
    ["/consumers", "Third Place for Consumers", null],
    ["/faq", "Frequently Asked Questions", null],
    ["/businesses", "What's in your dashboard", null],
    ["/submit-business", "Submit a Business", "owner GET /api/website/places"],
  ])("%s comes rendered, for people and crawlers", async (path, heading, answer) => {
    for (const userAgent of [PEOPLE, GOOGLEBOT]) {
      const { response, html } = await page(path, userAgent);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(html).toContain(heading);
      expect(html).toContain("Partner Log-In");
      expect(html).toContain("© 2025 Third Place");
      const data = island(html)!;
      if (answer) expect(Object.keys(data.answers)).toContain(answer);
      expect(inlineScripts(html)).toEqual([]);
    }
  });
});

describe("the live map", () => {
  it("comes with its list of venues rendered and its answers in the data island; the map is left to the browser", async () => {
    const place = await venue();
    // One with a position, so the page has a first view to draw.
    await insertPlace({ name: "Mapped Room", slug: `mapped-${crypto.randomUUID().slice(0, 8)}`, city_id: 1, latitude: 40.7265, longitude: -73.9815 });
    // The live answer is kept at the edge for a few seconds: this page must read it with the new venue.
    await caches.default.delete(`${ORIGIN}/api/live`);
    for (const userAgent of [PEOPLE, GOOGLEBOT]) {
      const { response, html } = await page("/live-look", userAgent);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      // The visitor's city: New York, the default, for a request Cloudflare does not place (docs/cities.md).
      expect(html).toContain("<h1>Live map: New York</h1>");
      expect(html).toMatch(new RegExp(`<h3><a href="/profile/${place.slug}"[^>]*>${place.name}</a></h3>`));
      expect(html).toContain("12 Avenue B");
      expect(html).not.toContain("Loading venues");
      // The map's box, the size of the map, which the browser fills with Leaflet once hydrated.
      expect(html).toContain('class="venue-map venue-map-pending"');
      expect(html).not.toContain("leaflet");
      // The legend in words, not its catalogue keys.
      expect(html).toContain("<strong>Relaxed</strong>: <!-- -->Plenty of room");
      expect(html.replace(/<script type="application\/json" id="page-data">.*?<\/script>/s, "")).not.toMatch(/level\.\w+description/i);
      // Its first view as a picture: the basemap's tiles around the venues, before any script (MapPreview.tsx).
      expect(html).toMatch(/<svg class="map-preview"[^>]*aria-hidden="true"[^>]*><image href="https:\/\/[abc]\.basemaps\.cartocdn\.com\/light_all\/\d+\/\d+\/\d+@2x\.png"/);
      const data = island(html)!;
      expect(Object.keys(data.answers)).toEqual(
        expect.arrayContaining(["owner GET /api/cities/here", "owner GET /api/live?city=new-york", "owner GET /api/cities", "owner GET /api/config/map"]),
      );
      expect(inlineScripts(html)).toEqual([]);
    }
    // As built, a page of islands: its data island carries what the map's plain island says it reads
    // (the city's live answer and the basemap), not the cities the worker rendered as HTML.
    const built = island((await page("/live-look", PEOPLE, ISLANDS_HTML)).html)!;
    expect(Object.keys(built.answers).sort()).toEqual(["owner GET /api/config/map", "owner GET /api/live?city=new-york"]);
  });

  it("on /city/{slug} lists that city's venues only, with links to the other cities", async () => {
    const inNewYork = await venue();
    const kiez = `kiez-${crypto.randomUUID().slice(0, 8)}`;
    await insertPlace({ name: `Kiezbar ${kiez}`, slug: kiez, address: "Oranienstraße 1", city_id: 2, timezone: "Europe/Berlin" });
    await caches.default.delete(`${ORIGIN}/api/live`);
    await caches.default.delete(`${ORIGIN}/api/cities`);
    const { response, html } = await page("/city/berlin");
    expect(response.status).toBe(200);
    expect(html).toContain("<h1>Live map: Berlin</h1>");
    expect(html).toMatch(new RegExp(`<h3><a href="/profile/${kiez}"[^>]*>Kiezbar ${kiez}</a></h3>`));
    expect(html).toContain("Oranienstraße 1");
    expect(html).not.toContain(inNewYork.slug);
    expect(html).toMatch(/<a aria-current="page" href="\/city\/berlin"[^>]*>Berlin<\/a>/);
    expect(html).toMatch(/<a href="\/city\/new-york"[^>]*>New York<\/a>/);
    const data = island(html)!;
    const live = data.answers["owner GET /api/live?city=berlin"] as { places: { city: string }[] };
    expect(live.places.length).toBeGreaterThan(0);
    expect(new Set(live.places.map((place) => place.city))).toEqual(new Set(["berlin"]));
  });
});

describe("pages the browser renders", () => {
  it.each(["/dashboard", "/admin", "/signin", "/apple", "/no-such-page"])("%s is the app's shell", async (path) => {
    const { response, html } = await page(path);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    // A public page among them has its own head (worker/page-heads.ts); the body is the shell's.
    expect(body(html)).toBe(body(indexHtml));
    expect(island(html)).toBeNull();
  });
});

describe("the public pages' stylesheets", () => {
  // As the build links them (vite.config.ts): each tagged with the pages whose chunks import it.
  const builtHtml = indexHtml.replace(
    "</head>",
    [
      '<link rel="stylesheet" href="/assets/Home-a1.css" data-pages="Home">',
      '<link rel="stylesheet" href="/assets/BarProfile-b2.css" data-pages="BarProfile">',
      '<link rel="stylesheet" href="/assets/LevelBadge-c3.css" data-pages="BarProfile Home LiveMap">',
      '<link rel="stylesheet" href="/assets/AppShell-d4.css" data-pages="AppShell">',
      "</head>",
    ].join("\n"),
  );
  const stylesheets = (html: string) => [...html.matchAll(/href="\/assets\/([\w-]+)\.css"/g)].map((match) => match[1]);

  it("a rendered page links its own and those it shares, no other page's", async () => {
    expect(stylesheets((await page("/", PEOPLE, builtHtml)).html)).toEqual(["Home-a1", "LevelBadge-c3"]);
    expect(stylesheets((await page("/live-look", PEOPLE, builtHtml)).html)).toEqual(["LevelBadge-c3"]);
    expect(stylesheets((await page("/about", GOOGLEBOT, builtHtml)).html)).toEqual([]);
  });

  it("a page the browser renders links none of them: its script loads what it needs; the app's paths the shell's", async () => {
    expect(stylesheets((await page("/dashboard", PEOPLE, builtHtml)).html)).toEqual([]);
    expect(stylesheets((await page("/app", PEOPLE, builtHtml)).html)).toEqual(["AppShell-d4"]);
    expect(stylesheets((await page("/app/plans/7", PEOPLE, builtHtml)).html)).toEqual(["AppShell-d4"]);
    expect(stylesheets((await page("/", PEOPLE, builtHtml)).html)).not.toContain("AppShell-d4");
  });

  // The rendered page paints without its script; the shell's page waits for it.
  const entryScript = (html: string) => /<script type="module"[^>]*>/.exec(html)?.[0];
  it("a rendered page's script comes at low priority, after what paints it; the shell's does not", async () => {
    expect(entryScript((await page("/", PEOPLE, builtHtml)).html)).toContain('fetchpriority="low"');
    const place = await venue();
    expect(entryScript((await page(`/profile/${place.slug}`, PEOPLE, builtHtml)).html)).toContain('fetchpriority="low"');
    const shell = entryScript((await page("/app", PEOPLE, builtHtml)).html);
    expect(shell).toBeDefined();
    expect(shell).not.toContain("fetchpriority");
  });
});

describe("a page of islands (docs/server-rendering.md#islands)", () => {
  // As the build writes it (vite.config.ts): the islands' entry's address in a meta, the app's entry preloading its files.
  const builtHtml = indexHtml
    .replace('<meta charset="UTF-8" />', '<meta charset="UTF-8" />\n<meta name="tp-islands-entry" content="/assets/islands-i1.js">')
    .replace("</head>", '<link rel="modulepreload" crossorigin href="/assets/client-r1.js">\n</head>');
  const scripts = (html: string) => [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]);

  it("loads the islands' entry and none of the app's files; its islands are marked with their moment", async () => {
    for (const path of ["/", "/about", "/faq", "/bars", "/consumers", "/businesses", "/submit-business"]) {
      const { html } = await page(path, PEOPLE, builtHtml);
      expect(scripts(html)).toEqual(["/assets/islands-i1.js"]);
      expect(html).not.toContain("modulepreload");
      expect(html).not.toContain("tp-islands-entry");
      // The header's menu hydrates at the first touch, with no props.
      expect(html).toContain('<tp-island data-island="header" data-when="interaction" data-props="{}">');
    }
    // The FAQ's questions are <details> the browser opens itself: no island.
    const faq = (await page("/faq", PEOPLE, builtHtml)).html;
    expect(faq).toContain('<details class="accordion-item" name="faq"><summary>');
    expect(faq).not.toContain('data-island="faq"');
    // Submit a Business: the form hydrates at the first touch; the partner ticker is HTML only.
    const submit = (await page("/submit-business", PEOPLE, builtHtml)).html;
    expect(submit).toMatch(/<tp-island data-island="submission" data-when="interaction" data-props="\{\}"><form /);
    expect(submit).toContain('data-testid="partner-ticker"');
    // Partner Log-In: the way in hydrates at the first touch (to learn who is signed in), signed out in the HTML.
    const partners = (await page("/businesses", PEOPLE, builtHtml)).html;
    expect(partners).toMatch(/<tp-island data-island="partner-sign-in" data-when="interaction" data-props="\{\}"><div class="cta-row"><a [^>]*href="\/auth\?next=%2Fdashboard"[^>]*>Sign in<\/a>/);
    const home = (await page("/", PEOPLE, builtHtml)).html;
    expect(home).toContain('<tp-island data-island="vibe" data-when="interaction"');
    // How to install is in the HTML, inside its island.
    expect(home).toMatch(/<tp-island data-island="install" data-when="interaction" data-props="\{\}"><details class="install-guide">/);
  });

  it("a profile: the worker renders all of it, and marks what a person can touch, each with its moment", async () => {
    const place = await venue();
    const { html } = await page(`/profile/${place.slug}`, PEOPLE, builtHtml);
    expect(scripts(html)).toEqual(["/assets/islands-i1.js"]);
    expect(html).not.toContain("modulepreload");
    const marked = [...html.matchAll(/<tp-island data-island="([^"]+)" data-when="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(marked).toEqual([
      "header interaction",
      "save interaction",
      "offers interaction",
      "watch interaction",
      "check-in interaction",
      "popular-times interaction",
      "live-looks interaction",
      "menu visible",
      "reviews visible",
    ]);
    // Signed out, as the worker renders every visitor's page: Save and "Tell me when" are links to
    // sign in that come back here, which work before (or without) any script.
    const back = encodeURIComponent(`/profile/${place.slug}`);
    expect(html).toMatch(new RegExp(`<tp-island data-island="save"[^>]*><a class="save-button" href="/signin\\?next=${back}"[^>]*>Sign in to save`));
    expect(html).toMatch(new RegExp(`<tp-island data-island="watch"[^>]*><p class="watch-control"><a href="/signin\\?next=${back}"[^>]*>Sign in to be told when`));
    // The day picker, in the HTML with a fixed id (an island counts useId from its own root).
    expect(html).toContain(`<select id="popular-day-${place.id}"`);
  });

  it("names its route's pattern in the data island, for monitoring's view, never the address", async () => {
    expect(island((await page("/faq")).html)?.route).toBe("/faq");
    const place = await venue();
    expect(island((await page(`/profile/${place.slug}`)).html)?.route).toBe("/profile/:barId");
  });

  it("a page that hydrates whole and the app's shell keep the app's entry and its preloads", async () => {
    for (const path of ["/dashboard"]) {
      const { html } = await page(path, PEOPLE, builtHtml);
      expect(scripts(html)).toEqual(["/client/main.tsx"]);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/client-r1.js">');
    }
  });
});

describe("splitAtRoot()", () => {
  it("cuts the app's HTML around the root element's content", () => {
    const parts = splitAtRoot('<body><div id="root"><header><div>x</div></header></div><script src="/a.js"></script></body>')!;
    expect(parts.before).toBe('<body><div id="root">');
    expect(parts.after).toBe('</div><script src="/a.js"></script></body>');
    expect(splitAtRoot("<body><main></main></body>")).toBeNull();
  });
});

describe("the app's first paint (docs/app.md#first-paint)", () => {
  // Issue 36 #11: /app painted the site's header, then nothing until its script ran.
  it.each(["/app", "/app/", "/app/plans/7", "/app/settings?tab=1"])("%s paints the app's frame: top bar, skeletons, tab bar", async (path) => {
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const drawn = body(html);
    expect(drawn).not.toContain("site-header");
    expect(drawn).toContain('<div class="app-shell"><header class="app-topbar"><a href="/app" class="app-topbar-home" aria-label="Third Place: Near me">');
    expect(drawn).toContain('<div class="skeleton" role="status" aria-label="Loading" aria-busy="true">');
    expect(drawn.match(/class="skeleton-row tall"/g)).toHaveLength(4);
    expect(drawn).toContain('<nav class="tab-bar" aria-hidden="true">');
    expect(drawn.match(/class="tab-skeleton"/g)).toHaveLength(5);
    expect(island(html)).toBeNull();
    expect(inlineScripts(html)).toEqual([]);
  });

  it("is for the app's paths only", async () => {
    for (const path of ["/apple", "/application", "/dashboard", "/signin"]) {
      expect(body((await page(path)).html), path).toBe(body(indexHtml));
    }
  });
});
