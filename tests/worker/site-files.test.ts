// /robots.txt and /sitemap.xml (worker/site-files.ts) through the worker's own fetch: what crawlers
// may read (checked path by path with robots.txt's longest-match rule), every public page and venue
// by slug with its lastmod, and the hour-long edge cache.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../worker/lib/site-files";
import { insertEvent, insertPlace } from "./fixtures";

const origin = "https://third-place.test";
const get = (path: string, init: RequestInit = {}) => exports.default.fetch(new Request(`${origin}${path}`, init));

/** Whether robots.txt lets a crawler fetch a path: the longest matching rule wins, Allow on a tie (RFC 9309). */
function allowed(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split("\n")) {
    const rule = /^(Allow|Disallow):\s*(\S+)$/.exec(line);
    if (!rule) continue;
    const pattern = new RegExp(`^${rule[2].replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`);
    if (!pattern.test(path)) continue;
    const allow = rule[1] === "Allow";
    if (rule[2].length > best.length || (rule[2].length === best.length && allow)) best = { length: rule[2].length, allow };
  }
  return best.allow;
}

describe("GET /robots.txt", () => {
  it("lets crawlers read public pages, profiles, badges, widgets and calendars, and nothing else of the API or anyone's own pages", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=3600");
    const robots = await response.text();
    expect(robots).toContain("User-agent: *\n");
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const path of [
      "/",
      "/about",
      "/faq",
      "/live-look?level=Lively",
      "/profile/the-night-owl",
      "/api/places/the-night-owl/badge.svg",
      "/api/places/12/embed",
      "/api/places/the-night-owl/events.ics",
      "/api/events.ics?place=the-night-owl,12",
      "/api/events/3/calendar.ics",
      "/sitemap.xml",
    ]) {
      expect(allowed(robots, path), path).toBe(true);
    }
    for (const path of [
      "/api/place/12",
      "/api/live",
      "/api/places/12/reviews",
      "/dashboard?tab=events",
      "/place_info",
      "/place_dashboard",
      "/admin",
      "/admin/manage-events",
      "/app",
      "/app/settings",
      "/invite/abc",
      "/auth",
      "/signin",
      "/signup",
    ]) {
      expect(allowed(robots, path), path).toBe(false);
    }
  });
});

describe("GET /sitemap.xml", () => {
  const berlinLastmod = "2026-05-01T08:00:00Z";
  const venues: { slug: string; lastmod: string }[] = [];
  beforeAll(async () => {
    // Changed itself last.
    const quiet = `quiet-corner-${crypto.randomUUID().slice(0, 8)}`;
    const quietId = await insertPlace({ slug: quiet, created_at: Date.UTC(2026, 0, 5, 12), updated_at: Date.UTC(2026, 2, 1, 9, 30) });
    await insertEvent({ place_id: quietId, created_at: Date.UTC(2026, 1, 1) });
    venues.push({ slug: quiet, lastmod: "2026-03-01T09:30:00Z" });
    // Its event changed after it did; never updated itself.
    const busy = `busy-bar-${crypto.randomUUID().slice(0, 8)}`;
    const busyId = await insertPlace({ slug: busy, created_at: Date.UTC(2026, 0, 5, 12) });
    await insertEvent({ place_id: busyId, created_at: Date.UTC(2026, 1, 1), updated_at: Date.UTC(2026, 3, 2, 18) });
    venues.push({ slug: busy, lastmod: "2026-04-02T18:00:00Z" });
    // The only venue in Berlin, changed last of all.
    const kiez = `kiez-bar-${crypto.randomUUID().slice(0, 8)}`;
    await insertPlace({ slug: kiez, city_id: 2, created_at: Date.UTC(2026, 4, 1, 8) });
    venues.push({ slug: kiez, lastmod: berlinLastmod });
  });

  it("lists every public page and every venue's profile by slug with when it last changed", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?((?:<xhtml:link [^>]+\/>)*)<\/url>/g)];
    const entries = new Map(urls.map((match) => [match[1], match[2] ?? null]));
    for (const page of PUBLIC_PAGES) {
      for (const prefix of ["", "/es", "/de", "/ja"]) expect(entries.has(`${origin}${prefix}${page}`), `${prefix}${page}`).toBe(true);
    }
    for (const venue of venues) {
      expect(entries.get(`${origin}/profile/${venue.slug}`), venue.slug).toBe(venue.lastmod);
      expect(entries.get(`${origin}/ja/profile/${venue.slug}`), venue.slug).toBe(venue.lastmod);
    }
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM places").first<{ count: number }>())!;
    const { results: cities } = await env.DB.prepare("SELECT slug FROM cities").all<{ slug: string }>();
    expect(entries.size).toBe((PUBLIC_PAGES.length + cities.length + count) * 4);
    // Each city's page, changed when its latest venue did.
    for (const { slug } of cities) expect(entries.has(`${origin}/city/${slug}`), slug).toBe(true);
    const { results: inBerlin } = await env.DB.prepare("SELECT p.slug FROM places p JOIN cities c ON c.id = p.city_id WHERE c.slug = 'berlin'").all<{ slug: string }>();
    const berlinLatest = inBerlin.map(({ slug }) => entries.get(`${origin}/profile/${slug}`)!).sort().at(-1);
    expect(berlinLatest! >= berlinLastmod).toBe(true);
    expect(entries.get(`${origin}/city/berlin`)).toBe(berlinLatest);
    // Google's rules: each address lists every language's, itself included, and x-default (the English one).
    for (const [, loc, , links] of urls) {
      const alternates = new Map([...links.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((link) => [link[1], link[2]]));
      expect([...alternates.keys()], loc).toEqual(["en", "es", "de", "ja", "x-default"]);
      expect([...alternates.values()], loc).toContain(loc);
      expect(alternates.get("x-default"), loc).toBe(alternates.get("en"));
    }
    expect(entries.has(`${origin}/es/about`)).toBe(true);
    // The live map changed when its latest venue did; the marketing pages say nothing rather than guess.
    const latest = [...entries].filter(([loc]) => loc.includes("/profile/")).map(([, lastmod]) => lastmod!).sort().at(-1);
    expect(entries.get(`${origin}/live-look`)).toBe(latest);
    expect(entries.get(`${origin}/about`)).toBeNull();
    expect([...entries.keys()].some((loc) => /dashboard|admin|\/app|invite|\/api\//.test(loc))).toBe(false);
  });

  it("is kept at the edge for an hour, whatever the query string, and refuses writes", async () => {
    await get("/sitemap.xml");
    const later = `later-${crypto.randomUUID().slice(0, 8)}`;
    await insertPlace({ slug: later });
    expect(await (await get("/sitemap.xml")).text()).not.toContain(later);
    expect(await (await get(`/sitemap.xml?bust=${Math.random()}`)).text()).not.toContain(later);
    const post = await get("/sitemap.xml", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});
