// A venue's live level for its own website (worker/routes/live-widgets.ts): the SVG badge and the
// iframe widget through HTTP into the worker (what they say when live, when counts are hidden,
// silent or closed; their headers, framing included; their cache), and the pure builders' words,
// markup and contrast.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { badgeSvg, LABEL_COLOUR, STATE_COLOURS, TEXT_COLOUR, widgetHtml, widgetStatus, type WidgetPlace } from "../../worker/lib/live-widgets";
import { api, postJson } from "./helpers";
import { createPlace, liveRowAt, ownerOf, useFixedClock } from "./occupancy-fixtures";

/** Tuesday 10 June 2031, 21:10 in New York (EDT). */
const now = Date.UTC(2031, 5, 11, 1, 10);
const minute = 60_000;
const IMAGE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

useFixedClock(now);

const slugOf = async (placeId: number) => (await env.DB.prepare("SELECT slug FROM places WHERE id = ?").bind(placeId).first<{ slug: string }>())!.slug;

async function place(options: { publicCounts?: boolean; live?: boolean; closed?: boolean; name?: string } = {}) {
  const id = await createPlace(
    options.closed ? { hours: { tuesday_open: "09:00", tuesday_close: "17:00", wednesday_open: "16:00", wednesday_close: "23:00" } } : {},
  );
  await env.DB.prepare("UPDATE places SET public_counts = ?, name = ? WHERE id = ?")
    .bind(options.publicCounts === false ? 0 : 1, options.name ?? `Venue ${id}`, id)
    .run();
  if (options.live !== false) await liveRowAt(id, { people: 41, percent: 56, level: "Lively" }, now - minute);
  return { id, slug: await slugOf(id) };
}

async function badge(path: string) {
  const response = await api(path);
  expect(response.status, path).toBe(200);
  return { svg: await response.text(), headers: response.headers };
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("GET /api/places/{id or slug}/badge.svg", () => {
  let shown: { id: number; slug: string };
  beforeAll(async () => {
    shown = await place({ name: "The Night Owl" });
  });

  it("is an accessible SVG of the live level and people, by id and by slug, cached a minute, under the images' CSP", async () => {
    const { svg, headers } = await badge(`/api/places/${shown.slug}/badge.svg`);
    expect(headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(headers.get("cache-control")).toBe("public, max-age=60, s-maxage=60");
    expect(headers.get("content-security-policy")).toBe(IMAGE_CSP);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img" aria-labelledby="title">/);
    expect(svg).toContain('<title id="title">The Night Owl right now: Lively, about 41 people (Third Place)</title>');
    expect(svg).toContain(">Lively · about 41 people</text>");
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    expect((await badge(`/api/places/${shown.id}/badge.svg`)).svg).toBe(svg);
  });

  it("shows the level only where the owners hide counts", async () => {
    const hidden = await place({ publicCounts: false });
    const { svg } = await badge(`/api/places/${hidden.id}/badge.svg`);
    expect(svg).toContain(">Lively</text>");
    expect(svg).not.toMatch(/41|56|people/);
  });

  it("says No live data for a silent sensor, and Closed with the opening time while closed by its hours", async () => {
    const silent = await place({ live: false });
    expect((await badge(`/api/places/${silent.id}/badge.svg`)).svg).toContain(">No live data</text>");
    const closed = await place({ closed: true });
    const { svg } = await badge(`/api/places/${closed.slug}/badge.svg`);
    expect(svg).toContain(">Closed · opens Wed 4 PM</text>");
    expect(svg).not.toContain("41");
  });

  it("is never cached past the moment the level turns stale, and 404 for an unknown venue", async () => {
    const fading = await place();
    await liveRowAt(fading.id, { people: 41, percent: 56, level: "Lively" }, now - 4.5 * minute);
    expect((await badge(`/api/places/${fading.id}/badge.svg`)).headers.get("cache-control")).toBe("public, max-age=30, s-maxage=30");
    expect((await api("/api/places/no-such-venue/badge.svg")).status).toBe(404);
    expect((await api("/api/places/007/badge.svg")).status).toBe(404);
  });

  it("is served from the edge cache until a write to the venue purges it", async () => {
    const venue = await place({ name: "Before" });
    const owner = await ownerOf(venue.id);
    expect((await badge(`/api/places/${venue.slug}/badge.svg`)).svg).toContain("Before right now");
    await env.DB.prepare("UPDATE places SET name = 'Sneaky' WHERE id = ?").bind(venue.id).run();
    expect((await badge(`/api/places/${venue.slug}/badge.svg`)).svg).toContain("Before right now");
    expect((await postJson(`/api/place/update/${venue.id}`, { name: "After" }, owner)).status).toBe(200);
    expect((await badge(`/api/places/${venue.slug}/badge.svg`)).svg).toContain("After right now");
  });
});

describe("GET /api/places/{id or slug}/embed", () => {
  it("is a page without script that any site may frame, its only style allowed by hash", async () => {
    const venue = await place({ name: "The Night Owl" });
    const response = await api(`/api/places/${venue.slug}/embed`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(response.headers.get("x-frame-options")).toBeNull();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    const html = await response.text();
    expect(html).not.toMatch(/<script|\son\w+=/i);
    const style = /<style>(.*)<\/style>/.exec(html)![1];
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style)));
    expect(csp).toContain(`style-src 'sha256-${btoa(String.fromCharCode(...digest))}'`);
    expect(html).toContain(`<h1><a href="https://third-place.test/profile/${venue.slug}" target="_blank" rel="noopener">The Night Owl</a></h1>`);
    expect(html).toContain('<p class="level state-Lively">Lively</p>');
    expect(html).toContain("About 41 people");
    expect(html).toContain("Updated 9:09 PM");
    expect((await (await api(`/api/places/${venue.id}/embed`)).text())).toBe(html);
  });

  it("shows the level only where counts are hidden", async () => {
    const hidden = await place({ publicCounts: false });
    const html = await (await api(`/api/places/${hidden.id}/embed`)).text();
    expect(html).toContain("Lively");
    expect(html).not.toMatch(/41|people/);
  });

  it("is the only answer that may be framed: other API answers refuse frames", async () => {
    const venue = await place();
    for (const path of ["/api/health", `/api/place/${venue.id}`, `/api/places/${venue.id}/badge.svg`, "/api/no-such-route", "/api/docs"]) {
      const response = await api(path);
      const framing = `${response.headers.get("x-frame-options")} ${response.headers.get("content-security-policy")}`;
      expect(framing, path).toMatch(/DENY|frame-ancestors 'none'/);
      expect(framing, path).not.toContain("frame-ancestors *");
    }
  });
});

describe("the builders", () => {
  const base: WidgetPlace = { name: "Bar <&> \"Quotes\"", level: "Packed", people: 1, open_now: true, opens_at: null, updated_at: new Date(now - minute).toISOString(), timezone: "America/New_York", vs_usual: null };

  it("escape the venue's name in the badge and the widget", () => {
    const svg = badgeSvg(base, now);
    expect(svg).toContain("Bar &lt;&amp;&gt; &quot;Quotes&quot; right now: Packed, about 1 person (Third Place)");
    expect(widgetHtml(base, "https://x.test/profile/a?b=1&c=2", now)).toContain('href="https://x.test/profile/a?b=1&amp;c=2"');
  });

  it("strip control characters from the venue's name before the badge: XML 1.0 forbids them, and one breaks the whole image (issue 37)", () => {
    const name = "The\u0000 Night\u0007\u001b[31m Owl\u007f\u0085\ufffe\tBar\nTwo";
    const svg = badgeSvg({ ...base, name }, now);
    // Nothing XML 1.0 refuses (C0 but tab, newline and return; U+FFFE and U+FFFF), nor DEL and C1.
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/.test(svg)).toBe(false);
    expect(svg).toContain('<title id="title">The Night[31m Owl Bar Two right now: Packed, about 1 person (Third Place)</title>');
    expect(widgetHtml({ ...base, name }, "https://x.test/", now)).toContain("The Night[31m Owl Bar Two");
  });

  it("say what the live map says for each state", () => {
    expect(widgetStatus(base, now)).toEqual({ state: "Packed", label: "Packed", detail: "About 1 person", asOf: "Updated 9:09 PM" });
    expect(widgetStatus({ ...base, open_now: false, opens_at: null }, now)).toMatchObject({ state: "closed", label: "Closed", detail: null });
    expect(widgetStatus({ ...base, level: null, people: null, updated_at: null }, now)).toMatchObject({ state: "silent", label: "No live data" });
  });

  it("draw white text at 4.5:1 or more on every state's colour and on the label", () => {
    for (const colour of [...Object.values(STATE_COLOURS), LABEL_COLOUR]) expect(contrast(TEXT_COLOUR, colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});
