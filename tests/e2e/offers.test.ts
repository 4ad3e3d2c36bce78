// Offers end to end at 390 px (issue 39; docs/offers.md): the demo owner makes a quiet-only offer
// in the dashboard and sees its live preview; with the venue quiet a new account sees it on in the
// profile, claims it and shows the code screen; staff redeem it once at the Redeem screen (the
// second try says used); with the venue packed the offer shows off, and says why.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOwnerSession, launchBrowser, openPage, queryD1, seriousViolations, signedInSession } from "./browser";
import { openAllDay } from "./venue-hours";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };
const SLUG = "the-copper-lantern";
const ZONE = "America/New_York";
const TITLE = `Quiet pints ${Date.now().toString(36)}`;

/** "HH:00" on the venue's clock, `hours` after the current hour: the offer's hours hold now whatever the hour the journey runs. */
function venueHour(hours: number): string {
  const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "2-digit", hourCycle: "h23" }).format(new Date()));
  return `${String((hour + hours + 24) % 24).padStart(2, "0")}:00`;
}

/** The venue's live row as its place object writes it (D1 only: the object is not reloaded, so it does not overwrite it). */
const liveRow = (placeId: number, people: number, percent: number, level: string) =>
  queryD1(`INSERT OR REPLACE INTO place_live (place_id, people, percent, level, devices_online, updated_at) VALUES (${placeId}, ${people}, ${percent}, '${level}', 1, ${Date.now()})`);

describe("offers, in Chromium at 390 px", () => {
  it("an owner's quiet-only offer is on while quiet, claimed, redeemed once, and off while packed with why", { timeout: 240_000 }, async () => {
    const [{ id: placeId }] = queryD1<{ id: number }>(`SELECT id FROM places WHERE slug = '${SLUG}'`);
    const restoreHours = await openAllDay([SLUG], { reloadObject: false });
    try {
      liveRow(placeId, 6, 10, "Relaxed");

      // The owner makes the offer in the dashboard; the preview says it would be on now, and why.
      const ownerSession = await demoOwnerSession(browser);
      const dashboard = await openPage(browser, `/dashboard?place_id=${placeId}&tab=offers`, phone, ownerSession);
      const panel = dashboard.getByRole("region", { name: "Offers" });
      await panel.getByRole("button", { name: "New offer" }).click();
      await panel.getByLabel(/^Title/).fill(TITLE);
      await panel.getByLabel(/^Terms/).fill("One per guest.");
      for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]) await panel.getByRole("checkbox", { name: day }).check();
      await panel.getByLabel("From").fill(venueHour(-1));
      await panel.getByLabel("To", { exact: true }).fill(venueHour(3));
      expect(await panel.getByLabel("When it is on").inputValue()).toBe("quiet");
      await panel.getByRole("status", { name: "Preview" }).filter({ hasText: "On now, because: On while quiet: Relaxed now." }).waitFor();
      await panel.getByRole("button", { name: "Save offer" }).click();
      await panel.getByText("Offer saved.").waitFor();
      expect(queryD1(`SELECT "when" AS w FROM offers WHERE place_id = ${placeId} AND title = '${TITLE}'`)).toEqual([{ w: "quiet" }]);
      expect(await seriousViolations(dashboard)).toEqual([]);
      expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

      // A new account sees it on in the profile and claims it: the code screen shows the code and its QR.
      const email = `offers-${Date.now()}@example.com`;
      const password = "a long enough password";
      const signedUp = await dashboard.request.post("/api/auth/signup", { data: { email, password, name: "Quinn Quiet" } });
      expect(signedUp.status()).toBe(201);
      const guest = await openPage(browser, `/profile/${SLUG}`, phone, await signedInSession(browser, email, password));
      const offers = guest.getByRole("region", { name: "Offers" });
      const item = offers.getByRole("listitem").filter({ hasText: TITLE });
      await item.getByText("On while quiet: Relaxed now.").waitFor();
      await item.getByRole("button", { name: "Claim" }).click();
      await guest.getByText("Your code").waitFor();
      expect(new URL(guest.url()).pathname).toMatch(/^\/claim\/\d+$/);
      const code = (await guest.locator(".claim-code").textContent())!.trim();
      expect(code).toMatch(/^[ACDEFHJKMNPQRTUVWXY3479]{6}$/);
      await guest.getByRole("img", { name: `QR code of the code ${code}` }).waitFor();
      expect(await guest.getByRole("status").textContent()).toMatch(/^Valid for (30:00|29:\d\d)$/);
      expect(await seriousViolations(guest)).toEqual([]);

      // Staff redeem it at the Redeem screen once; the second try says used.
      await dashboard.goto(`/dashboard?place_id=${placeId}&tab=redeem`);
      const redeem = dashboard.getByRole("region", { name: "Redeem" });
      await redeem.getByLabel("Code").fill(code.toLowerCase());
      await redeem.getByRole("button", { name: "Redeem" }).click();
      await redeem.getByText(`Redeemed: give ${TITLE}. One per guest.`).waitFor();
      await redeem.getByLabel("Code").fill(code);
      await redeem.getByRole("button", { name: "Redeem" }).click();
      await redeem.getByRole("alert").filter({ hasText: "This code was used already." }).waitFor();

      // Packed: the offer is off and says why, once the profile's cached answer (at most 25 s) has gone.
      liveRow(placeId, 95, 100, "Packed");
      await expect
        .poll(
          async () => {
            const answer = (await (await guest.request.get(`/api/places/${placeId}/offers`)).json()) as { offers: { title: string; on_now: boolean }[] };
            return answer.offers.find((offer) => offer.title === TITLE)?.on_now;
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(false);
      await guest.goto(`/profile/${SLUG}`);
      await guest.getByRole("region", { name: "Offers" }).getByRole("listitem").filter({ hasText: TITLE }).getByText("Off: only while quiet, and it is Packed now.").waitFor();
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    } finally {
      queryD1(`DELETE FROM offers WHERE place_id = ${placeId} AND title = '${TITLE}'`);
      await restoreHours();
    }
  });
});
