import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDevVars } from "../../scripts/local-state.ts";
import { DEMO_OWNER } from "../../scripts/seed.ts";
import { launchBrowser, openPage, queryD1 } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("owner accounts, in Chromium against the built app", () => {
  it("creates an account, signs out, signs in again and reaches the dashboard", async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const password = "a long enough password";
    const page = await openPage(browser, "/businesses");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByRole("heading", { name: "Create your partner account" }).waitFor();

    await page.getByLabel("Your name").fill("Robin Park");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await page.getByText("Use at least 8 characters for your password.").waitFor();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account", exact: true }).click();

    await page.getByText("Signed in as").getByText("Robin Park").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(queryD1(`SELECT name FROM users WHERE email = '${email}'`)).toEqual([{ name: "Robin Park" }]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have signed out.").waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("access_token"), localStorage.getItem("user_id")])).toEqual([null, null]);

    // The dashboard is closed now: it sends the visitor to sign in and back.
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Sign in to your dashboard" }).waitFor();
    await signIn(page, email.toUpperCase(), "wrong password");
    await page.getByRole("alert").getByText("That email and password do not match an account.").waitFor();
    await signIn(page, email, password);
    await page.getByText("Signed in as").getByText("Robin Park").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.context().close();
  });

  it("refreshes an expired access token with the httpOnly cookie, without signing in again", async () => {
    const page = await openPage(browser, "/auth");
    await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === "tp_refresh");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/api" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("tp_refresh");

    await page.evaluate(() => localStorage.setItem("access_token", "expired-or-forged"));
    await page.reload();
    await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).not.toBe("expired-or-forged");
    await page.context().close();
  });

  it("invites a co-owner: the link leads a new person through sign-up to that venue", async () => {
    const owner = await openPage(browser, "/auth");
    await signIn(owner, DEMO_OWNER.email, DEMO_OWNER.password);
    await owner.getByText("Signed in as").waitFor();
    const [place] = queryD1<{ id: number }>("SELECT id FROM places WHERE slug = 'the-copper-lantern'");
    const token = await owner.evaluate(() => localStorage.getItem("access_token"));
    const generated = await owner.request.post(`/api/place/${place.id}/generate-url`, { headers: { authorization: `Bearer ${token}` } });
    expect(generated.status()).toBe(201);
    const { invite_link } = (await generated.json()) as { invite_link: string };
    await owner.context().close();

    const email = `e2e-invitee-${Date.now()}@example.com`;
    const invitee = await openPage(browser, new URL(invite_link).pathname);
    await invitee.getByRole("heading", { name: "Sign in to your dashboard" }).waitFor();
    await invitee.getByRole("button", { name: "Create an account" }).click();
    await invitee.getByLabel("Your name").fill("Casey Invitee");
    await invitee.getByLabel("Email").fill(email);
    await invitee.getByLabel("Password").fill("another long password");
    await invitee.getByRole("button", { name: "Create account", exact: true }).click();
    await invitee.waitForURL((url) => url.pathname === "/dashboard" && url.searchParams.get("place_id") === String(place.id));
    const owners = queryD1<{ email: string }>(
      `SELECT u.email FROM place_owners o JOIN users u ON u.id = o.user_id WHERE o.place_id = ${place.id} ORDER BY u.email`,
    );
    expect(owners.map((row) => row.email)).toEqual([email, DEMO_OWNER.email].sort());
    await invitee.context().close();
  });
});

describe("admin gate, in Chromium against the built app", () => {
  it("refuses a wrong password, unlocks with the right one, remembers the browser and signs out", async () => {
    const { ADMIN_PASSWORD } = ensureDevVars();
    const page = await openPage(browser, "/admin");
    await page.getByLabel("Admin password").fill("definitely-not-it");
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("alert").getByText("Incorrect password. Please try again.").waitFor();

    await page.getByLabel("Admin password").fill(ADMIN_PASSWORD);
    await page.getByLabel("Remember this browser").check();
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByText("Signed in as administrator").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("authenticated"))).toBe("true");

    // A later visit in a new tab of the same browser skips the gate.
    const later = await page.context().newPage();
    await later.goto("/admin");
    await later.getByText("Signed in as administrator").waitFor();
    await later.getByRole("button", { name: "Sign out" }).click();
    await later.getByLabel("Admin password").waitFor();
    expect(await later.evaluate(() => [localStorage.getItem("authenticated"), localStorage.getItem("admin_token")])).toEqual([null, null]);
    await page.context().close();
  });
});
