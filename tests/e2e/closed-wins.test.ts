// "Closed" wins on a phone (docs/when-to-go.md#closed-wins), at 390 px: a seeded venue closed at
// the server's now (chosen by content from /api/live and its hours, or made so through the admin
// API) gets a fresh, large sensor count through POST /api/ingest, and still reads Closed, never a
// level, on the live map's list and marker, its profile and the app's Saved tab; a Live Look
// signed out is refused (401, and the strip offers to sign in), signed in too while it is closed (409).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveAnswer } from "../../common/schemas/answers";
import type { DemoDeviceKey } from "../../scripts/seed-occupancy.ts";
import { launchBrowser, openPage, seriousViolations, signUpOnPage, PHONE } from "./browser";
import { baseUrl, stateDir } from "./server";
import { setVenueHours } from "./venue-hours";

/** The alerts journey posts to St Marks and changes its calibration: this one takes another venue with sensors. */
const ALERTS_VENUE = "st-marks-tap-room";
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

type LivePlace = LiveAnswer["places"][number];

let browser: Browser;
let venue: LivePlace;
let restoreHours = async () => {};

/** New York's entries: the live map opens on the visitor's city, locally New York (docs/cities.md). */
const live = async (): Promise<LivePlace[]> => ((await (await fetch(`${baseUrl}/api/live?city=new-york`)).json()) as LiveAnswer).places;

/**
 * A seeded venue with sensors that is closed now and opens no sooner than 10 minutes from now, by
 * its hours as /api/live reads them; else one given hours on a single day two days away (03:00–04:00
 * in its zone), so it is closed now whatever the day and hour.
 */
async function closedVenueWithSensors(keys: readonly DemoDeviceKey[]): Promise<LivePlace> {
  const slugs = new Set(keys.map((key) => key.slug).filter((slug) => slug !== ALERTS_VENUE));
  const closed = (await live()).filter(
    (place) => slugs.has(place.slug) && place.open_now === false && Date.parse(place.opens_at ?? "9999-12-31") - Date.now() > 10 * 60_000,
  );
  if (closed.length > 0) return closed[0];
  const [slug] = [...slugs];
  const zone = (await live()).find((place) => place.slug === slug)!.timezone;
  const today = new Date().toLocaleDateString("en-US", { weekday: "long", timeZone: zone }).toLowerCase();
  const day = WEEKDAYS[(WEEKDAYS.indexOf(today) + 2) % 7];
  restoreHours = await setVenueHours([slug], (_slug, field) => (field === `${day}_open` ? "03:00" : field === `${day}_close` ? "04:00" : ""));
  let made: LivePlace | undefined;
  // /api/live is cached for up to 25 s.
  await expect.poll(async () => (made = (await live()).find((place) => place.slug === slug))?.open_now, { timeout: 45_000, interval: 1_000 }).toBe(false);
  return made!;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await restoreHours();
  await browser?.close();
});

describe("a closed venue with a fresh count, at 390 px", () => {
  it("/api/live says closed and when it opens, with no level, people or percent, once the fresh count is in", { timeout: 180_000 }, async () => {
    const keys = JSON.parse(readFileSync(path.join(stateDir, "demo-device-keys.json"), "utf8")) as DemoDeviceKey[];
    venue = await closedVenueWithSensors(keys);
    // A fresh, large count from every sensor of the venue: Packed, were it open.
    for (const key of keys.filter((entry) => entry.slug === venue.slug)) {
      const response = await fetch(`${baseUrl}/api/ingest`, {
        method: "POST",
        headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
        body: JSON.stringify({ count: 400 }),
      });
      expect(response.ok).toBe(true);
    }
    const posted = Date.now();
    // The place's object writes its live row within 30 s; /api/live shows it within 25 s more.
    await expect
      .poll(async () => Date.parse((await live()).find((place) => place.id === venue.id)?.updated_at ?? "1970-01-01") >= posted - 1_000, {
        timeout: 90_000,
        interval: 2_000,
      })
      .toBe(true);

    const entry = (await live()).find((place) => place.id === venue.id)!;
    expect(entry).toMatchObject({ open_now: false, level: null, people: null, percent: null, vs_usual: null });
    expect(entry.opens_at).not.toBeNull();
    // Nor does a level filter keep it.
    const packed = ((await (await fetch(`${baseUrl}/api/live?level=Packed`)).json()) as LiveAnswer).places;
    expect(packed.some((place) => place.id === venue.id)).toBe(false);
  });

  it("the live map's list and marker say Closed · opens …", async () => {
    const page = await openPage(browser, "/live-look", PHONE);
    const row = page.locator(".venue-row", { has: page.getByRole("link", { name: venue.name, exact: true }) });
    await row.getByText(/Closed · opens /).waitFor();
    expect(await row.locator(".level-badge").getAttribute("class")).toContain("level-closed");
    expect(await row.textContent()).not.toMatch(/Relaxed|Lively|Packed|people/);
    await expect.poll(() => page.locator(".venue-marker.level-closed").count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("the profile's badge says Closed · opens …, and a Live Look is refused signed out", async () => {
    const page = await openPage(browser, `/profile/${venue.slug}`, PHONE);
    const now = page.locator(".profile-live");
    await now.locator(".profile-closed").waitFor();
    expect(await now.locator(".profile-closed").textContent()).toMatch(/^Closed · opens /);
    expect(await now.locator(".level-badge").count()).toBe(0);
    expect(await now.textContent()).not.toMatch(/Relaxed|Lively|Packed|people/);

    // Signed out: the strip offers to sign in, and the API refuses a post.
    const looks = page.getByRole("region", { name: "Live Looks" });
    expect(await looks.getByRole("link", { name: "Sign in to post a Live Look" }).getAttribute("href")).toBe(
      `/signin?next=${encodeURIComponent(`/profile/${venue.slug}`)}`,
    );
    expect(await looks.getByRole("button", { name: "Post a Live Look" }).count()).toBe(0);
    const refused = await page.evaluate(async (placeId) => {
      const body = new FormData();
      body.set("text", "Totally packed, hour-long line!");
      body.set("vibe", "Packed");
      const response = await fetch(`/api/places/${placeId}/live-looks`, { method: "POST", body });
      return { status: response.status, body: await response.json() };
    }, venue.id);
    expect(refused).toEqual({ status: 401, body: { error: "Sign in to continue." } });
    await page.context().close();
  });

  it("the app's Saved tab says Closed, and a signed-in Live Look is refused while closed", async () => {
    const page = await openPage(browser, "/", PHONE);
    const { token } = await signUpOnPage(page, "Cleo Closed", "closed-wins");
    const auth = { authorization: `Bearer ${token}` };
    expect((await page.request.put(`/api/me/saved/${venue.id}`, { headers: auth })).status()).toBe(200);

    await page.goto("/app/saved");
    const row = page.locator(".saved-place", { has: page.getByRole("link", { name: venue.name, exact: true }) });
    const badge = row.locator(".level-badge");
    await badge.waitFor();
    expect(await badge.getAttribute("class")).toContain("level-closed");
    expect((await badge.textContent())?.trim()).toMatch(/Closed$/);
    await row.getByText(/^Closed · opens /).waitFor();
    expect(await row.textContent()).not.toMatch(/Relaxed|Lively|Packed/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const closed = await page.request.post(`/api/places/${venue.id}/live-looks`, { headers: auth, multipart: { text: "Totally packed, hour-long line!" } });
    expect(closed.status()).toBe(409);
    expect(((await closed.json()) as { error: string }).error).toBe("This venue is closed now. Live Looks can be posted while it is open.");
    await page.context().close();
  });
});
