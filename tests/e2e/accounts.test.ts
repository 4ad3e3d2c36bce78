// Accounts for everyone (docs/accounts.md): a person going out signs up on a phone, lands on /app,
// changes their handle and deletes the account, which then cannot sign in.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CONSUMER } from "../../scripts/seed.ts";
import { launchBrowser, openPage, queryD1, seriousViolations } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 375, height: 812 };

describe("a consumer account, in Chromium at 375 px", () => {
  it("signs up from the header, lands on /app, changes the handle, deletes the account and cannot sign in again", async () => {
    const email = `going-out-${Date.now()}@example.com`;
    const password = "a long enough password";
    const page = await openPage(browser, "/", phone);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Your name").fill("Jules Night");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account", exact: true }).click();

    await page.getByRole("heading", { name: "Good to see you, Jules" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    // The handle made from the name (Near me, /app's first tab since issue 36, does not show it).
    expect(await page.getByLabel("Handle").inputValue()).toBe("jules_night");
    // The zone is picked from a list, this browser's by default (docs/accounts.md#settings-for-people).
    expect(await page.getByRole("combobox", { name: "Time zone" }).inputValue()).not.toBe("");
    await page.getByLabel("Handle").fill("@Jules_Out");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("status").getByText("Saved.").waitFor();
    expect(await page.getByLabel("Handle").inputValue()).toBe("jules_out");
    expect(queryD1(`SELECT handle FROM users WHERE email = '${email}'`)).toEqual([{ handle: "jules_out" }]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Delete my account…" }).click();
    await page.getByLabel("Your password, to confirm").fill("not my password");
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await page.getByRole("alert").getByText("That password is not right.", { exact: false }).waitFor();
    await page.getByLabel("Your password, to confirm").fill(password);
    await page.getByRole("button", { name: "Delete my account for good" }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
    expect(queryD1(`SELECT id FROM users WHERE email = '${email}'`)).toEqual([]);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert").getByText("That email and password do not match an account.").waitFor();
    await page.context().close();
  });

  it("the demo consumer signs in from /signin and lands on /app", async () => {
    const page = await openPage(browser, "/signin", phone);
    await page.getByLabel("Email").fill(DEMO_CONSUMER.email);
    await page.getByLabel("Password").fill(DEMO_CONSUMER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "Good to see you, Maya" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    await page.context().close();
  });
});
