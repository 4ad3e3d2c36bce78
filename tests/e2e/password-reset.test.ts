// "Forgot password?" end to end on a 390 px phone (issue 36 #10; docs/accounts.md#password-reset):
// the reset is asked for from the sign-in page, its mail read from this server's outbox
// (<state>/outbox/*.eml, docs/accounts.md#mail), the link sets a new password that signs in, and
// the same link a second time is refused.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_GONE_MESSAGE } from "../../common/schemas/auth";
import { launchBrowser, openPage, seriousViolations, PHONE } from "./browser";
import { baseUrl, stateDir } from "./server";


let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The reset link of the newest mail to `email` in the outbox, once it is there. */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(stateDir, "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = (() => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith(".eml"));
        } catch {
          return [];
        }
      })();
      const mail = files.map((name) => readFileSync(path.join(outbox, name), "utf8")).find((text) => text.includes(`To: ${email}`));
      link = mail ? /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe("password reset at 390 px", () => {
  it("asks from the sign-in page, reads the mail from the outbox, sets a password that signs in, and refuses the link again", async () => {
    const email = `reset-${Date.now()}@example.com`;
    const signedUp = await fetch(`${baseUrl}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Rory Reset", email, password: "the forgotten one" }),
    });
    expect(signedUp.status).toBe(201);

    const page = await openPage(browser, "/signin", PHONE);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("status").getByText("If an account uses that address, a link is on its way.", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const link = await resetLinkFor(email);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    // The one-time token leaves the address bar at once.
    expect(new URL(page.url()).search).toBe("");
    await page.getByLabel("New password").fill("remembered at last");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your new password is saved. Sign in with it.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("remembered at last");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/app"));

    const again = await openPage(browser, link, PHONE);
    await again.getByLabel("New password").fill("a second try here");
    await again.getByRole("button", { name: "Save the new password" }).click();
    await again.getByRole("alert").getByText(RESET_LINK_GONE_MESSAGE, { exact: false }).waitFor();
    await again.context().close();
    await page.context().close();
  }, 120_000);
});
