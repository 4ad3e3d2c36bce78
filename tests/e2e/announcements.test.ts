// Announcements end to end (docs/announcements.md): a new account saves The Copper Lantern and turns
// its news on in /app at 375 px; the demo owner writes, previews and sends an announcement from the
// dashboard's Announcements tab; the follower finds it in the /app inbox (through the watch queue's
// fan-out) and opening it counts as opened. Data is picked by content.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoOwnerSession, launchBrowser, openPage, queryD1, seriousViolations, signUpOnPage } from "./browser";

const RUN = Date.now().toString(36);
const TITLE = `Vinyl night ${RUN}`;
const SLUG = "the-copper-lantern";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("announcements", () => {
  it("an owner sends one and a follower with news on sees it in the /app inbox", { timeout: 240_000 }, async () => {
    const [place] = queryD1<{ id: number; name: string }>(`SELECT id, name FROM places WHERE slug = '${SLUG}'`);

    // A new follower on a phone: saves the venue, then turns its news on in /app.
    const phone = await openPage(browser, "/", { width: 375, height: 812 });
    const { token, userId } = await signUpOnPage(phone, "Fern Follower", `follower-${RUN}`);
    expect((await phone.request.put(`/api/me/saved/${place.id}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
    // Saved places, with their news switch, are the Saved tab of the app's shell.
    await phone.goto("/app/saved");
    const news = phone.getByRole("switch", { name: `News from ${place.name}` });
    await news.waitFor();
    expect(await news.isChecked()).toBe(false);
    await news.click();
    await expect.poll(() => queryD1<{ news: number }>(`SELECT news FROM saved_places WHERE user_id = ${userId} AND place_id = ${place.id}`)[0]?.news).toBe(1);

    // The owner writes, previews and sends.
    const session = await demoOwnerSession(browser);
    const dashboard = await openPage(browser, `/dashboard?place_id=${place.id}&tab=announcements`, undefined, session);
    const form = dashboard.getByRole("form", { name: "Write an announcement" });
    await form.getByLabel(/Title/).fill(TITLE);
    await form.getByLabel(/Message/).fill("Records from 9 PM, bring one to swap.");
    await form.getByRole("button", { name: "Preview" }).click();
    await dashboard.getByRole("region", { name: "Preview" }).getByText(`${place.name}: ${TITLE}`).waitFor();
    expect(await seriousViolations(dashboard)).toEqual([]);
    await form.getByRole("button", { name: "Send to followers" }).click();
    await dashboard.getByRole("status").getByText(/^Sent\./).waitFor();
    await dashboard.getByRole("listitem").filter({ hasText: TITLE }).waitFor();

    // The follower's inbox (the Inbox tab), through the watch queue and its consumer.
    await phone.goto("/app/inbox");
    await expect
      .poll(
        async () => {
          await phone.reload();
          return phone.getByRole("link", { name: `${place.name}: ${TITLE}` }).count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.getByRole("link", { name: `${place.name}: ${TITLE}` }).click();
    await phone.waitForURL(`**/profile/${SLUG}`);
    await expect
      .poll(() => queryD1<{ n: number }>(`SELECT count(*) AS n FROM announcement_reach WHERE user_id = ${userId} AND opened_at IS NOT NULL`)[0].n)
      .toBe(1);
    await phone.context().close();
    await dashboard.context().close();
  });
});
