// Making a plan in the app (docs/friends.md#making-a-plan-in-the-app), at 375 px: the venue
// profile's "Plan a meetup here" opens the form with the place chosen; from /app, Maya finds the
// place by name, invites Jonah from her friends' checkboxes, first picks a date gone by and reads the
// server's refusal by the time field, then makes the plan and lands on its page; Jonah sees it in his
// plans and the invitation in his inbox.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONSUMER } from "../../scripts/seed.ts";
import { DEMO_FRIENDS } from "../../scripts/seed-data/social.ts";
import { demoConsumerApp, launchBrowser, seriousViolations } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 375, height: 812 };
const jonah = DEMO_FRIENDS[0];

describe("the plan form", () => {
  it("Maya makes a plan with Jonah through the form, and Jonah is invited", async () => {
    const maya = await demoConsumerApp(browser, DEMO_CONSUMER.email);
    // From the venue's profile, the place comes chosen.
    await maya.goto("/profile/the-copper-lantern");
    await maya.getByRole("link", { name: "Plan a meetup here at The Copper Lantern" }).click();
    await maya.getByRole("heading", { name: "Make a plan" }).waitFor();
    await maya.getByRole("group", { name: /When \(on The Copper Lantern's clock/ }).waitFor();
    // The Plans tab of the app's shell (docs/app.md#the-app-shell) offers a new plan.
    await maya.goto("/app/plans");
    await maya.getByRole("link", { name: "Make a plan" }).click();
    await maya.getByRole("heading", { name: "Make a plan" }).waitFor();

    await maya.getByRole("searchbox", { name: "Find a place" }).fill("copper lan");
    await maya.getByRole("list", { name: "Places found" }).getByRole("button", { name: /The Copper Lantern/ }).click();
    await maya.getByRole("group", { name: /When \(on The Copper Lantern's clock/ }).waitFor();
    const title = `Form plan ${Date.now()}`;
    await maya.getByLabel("Title (optional)").fill(title);
    await maya.getByRole("checkbox", { name: new RegExp(`^${jonah.name}`) }).check();
    expect(await seriousViolations(maya)).toEqual([]);
    expect(await maya.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // A day gone by: the server's refusal, by the time field.
    const date = maya.getByLabel("Date");
    const chosenDate = await date.inputValue();
    await date.fill("2020-01-03");
    await maya.getByRole("button", { name: "Make the plan" }).click();
    await maya.getByRole("alert").getByText(/^Time: must be ahead of now/).waitFor();
    await maya.locator('input[type="time"][aria-invalid="true"]').waitFor();

    await date.fill(chosenDate);
    await maya.getByRole("button", { name: "Make the plan" }).click();
    await maya.getByRole("heading", { name: title }).waitFor();
    expect(new URL(maya.url()).pathname).toMatch(/^\/app\/plans\/\d+$/);
    await maya.getByText(`${jonah.name}: No answer yet`).waitFor();

    const invited = await demoConsumerApp(browser, jonah.email);
    await invited.goto("/app/inbox");
    await invited.getByRole("link", { name: `${DEMO_CONSUMER.name} invited you: ${title}` }).waitFor();
    await invited.getByRole("link", { name: "Plans", exact: true }).click();
    await invited.getByRole("link", { name: title }).click();
    await invited.getByRole("heading", { name: title }).waitFor();
    await invited.getByRole("button", { name: "Going" }).waitFor();
    await maya.context().close();
    await invited.context().close();
  }, 120_000);
});
