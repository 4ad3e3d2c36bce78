// Passkeys end to end (docs/accounts.md#passkeys): Chromium's virtual authenticator (CDP WebAuthn
// domain) stands in for a phone's; a person signs up with a passkey at 375 px, signs out and signs
// in again with it. Served at localhost: an IP address cannot be a WebAuthn relying party.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, queryD1, seriousViolations } from "./browser";
import { baseUrl } from "./server";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 375, height: 812 };
const localhostUrl = baseUrl.replace("127.0.0.1", "localhost");

/** A platform authenticator that keeps discoverable credentials and verifies its user (a phone's screen lock). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
}

describe("passkeys, in Chromium at 375 px", () => {
  it("signs up with a passkey, signs out and signs in again with it", async () => {
    const email = `passkey-${Date.now()}@example.com`;
    const page = await openPage(browser, "/signup", phone, undefined, localhostUrl);
    const credentials = await addVirtualAuthenticator(page);

    await page.getByLabel("Your name").fill("Kit Passkey");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await page.getByRole("heading", { name: "Good to see you, Kit" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    const [stored] = await credentials();
    expect(stored).toMatchObject({ isResidentCredential: true, rpId: "localhost" });

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { name: "Passkeys" }).waitFor();
    await page.getByText(/^Passkey on Chrome, added /).waitFor();
    await page.getByText(/Your only way to sign in/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // Signing out is in Settings, the app's top bar's link (docs/app.md#the-app-shell).
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();

    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByRole("heading", { name: "Good to see you, Kit" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app");
    // One read of D1 (each is a wrangler run): an account without a password, its passkey just used.
    const [account] = queryD1<{ password_hash: string; last_used_at: number | null }>(
      `SELECT password_hash, last_used_at FROM users JOIN passkeys ON passkeys.user_id = users.id WHERE email = '${email}'`,
    );
    expect(account.password_hash).toBe("");
    expect(account.last_used_at).not.toBeNull();
    await page.context().close();
    // Two ceremonies, two page loads and a wrangler read of D1: more than the default minute on a busy machine.
  }, 120_000);
});
