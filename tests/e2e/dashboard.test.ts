import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "../../scripts/seed.ts";
import { launchBrowser, openPage, queryD1 } from "./browser";

const artifacts = path.resolve(import.meta.dirname, "../../test-results");

let browser: Browser;
let ownedNames: string[];
let copperId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
  const owned = queryD1<{ id: number; name: string; slug: string }>(
    `SELECT id, name, slug FROM places WHERE slug IN (${DEMO_OWNER.placeSlugs.map((slug) => `'${slug}'`).join(", ")}) ORDER BY name`,
  );
  ownedNames = owned.map((place) => place.name);
  copperId = owned.find((place) => place.slug === "the-copper-lantern")!.id;
});
afterAll(async () => {
  await browser?.close();
});

/** The demo owner, signed in through /auth and sent on to `route`. */
async function ownerPage(route: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await openPage(browser, `/auth?next=${encodeURIComponent(route)}`, viewport);
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();
  return page;
}

/** Accepts every alert and confirm, remembering their texts. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

describe("owner dashboard, in Chromium against the built app", () => {
  it("lists the demo owner's two venues and no one else's", async () => {
    const page = await ownerPage("/dashboard");
    const list = page.getByRole("navigation", { name: "Your Businesses" });
    await list.getByRole("button").first().waitFor();
    const names = (await list.getByRole("button").allTextContents()).map((text) => text.replace(/^No Image/, "")).sort();
    expect(names).toEqual(ownedNames);
    const others = queryD1<{ name: string }>(
      `SELECT name FROM places WHERE slug NOT IN (${DEMO_OWNER.placeSlugs.map((slug) => `'${slug}'`).join(", ")}) LIMIT 3`,
    );
    for (const other of others) expect(await list.getByText(other.name).count()).toBe(0);
    await page.getByText("Select a business to view details.").waitFor();
    await page.context().close();
  });

  it("edits the phone number, updates it and still shows it after a reload", async () => {
    const page = await ownerPage(`/dashboard?place_id=${copperId}`);
    const phone = `(212) 555-${String(Date.now()).slice(-4)}`;
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Update" }).click();
    await page.getByRole("status").getByText("Business updated successfully!").waitFor();
    await page.reload();
    await page.getByRole("region", { name: "The Copper Lantern" }).getByText(phone).waitFor();
    expect(queryD1<{ phone_number: string }>(`SELECT phone_number FROM places WHERE id = ${copperId}`)).toEqual([{ phone_number: phone }]);
    await page.context().close();
  });

  it("generates an invite link and copies it to the clipboard", async () => {
    const page = await ownerPage(`/dashboard?place_id=${copperId}`);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const dialogs = collectDialogs(page);
    await page.getByRole("button", { name: "Assign Additional Owner" }).click();
    const modal = page.getByRole("dialog", { name: "Generated URL" });
    const link = await modal.getByLabel("Invite link").inputValue();
    expect(new URL(link).pathname).toMatch(/^\/invite\/.+/);
    await modal.getByRole("button", { name: "Copy to Clipboard" }).click();
    await expect.poll(() => dialogs).toContain("URL copied to clipboard!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("creates an event with an image, edits it and deletes it", async () => {
    const page = await ownerPage(`/dashboard?place_id=${copperId}&tab=events`);
    const dialogs = collectDialogs(page);
    const name = `E2E Jazz ${Date.now()}`;
    await page.getByRole("tab", { name: "Add Event" }).click();
    await page.getByLabel(/^Event name/).fill(name);
    const category = page.getByLabel(/^Category/);
    await category.locator("option").nth(1).waitFor({ state: "attached" });
    await category.selectOption({ index: 1 });
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("checkbox", { name: "Friday" }).check();
    await page.getByLabel(/^Cover image/).setInputFiles({ name: "jazz.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    await page.getByRole("button", { name: "Create Event" }).click();
    await expect.poll(() => dialogs).toContain("Event created successfully!");

    const card = page.getByRole("button", { name: new RegExp(name) });
    await card.waitFor();
    expect(await card.locator("img").getAttribute("src")).toMatch(/^\/api\/images\//);
    const [stored] = queryD1<{ is_recurring: number; repeating_days: string; cover_image_key: string | null }>(
      `SELECT is_recurring, repeating_days, cover_image_key FROM events WHERE name = '${name}'`,
    );
    expect(stored).toMatchObject({ is_recurring: 1, repeating_days: '["Friday"]' });
    expect(stored.cover_image_key).not.toBeNull();

    await card.click();
    await page.getByLabel(/^Event name/).fill(`${name} XL`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => dialogs).toContain("Event updated successfully!");
    const renamed = page.getByRole("button", { name: new RegExp(`${name} XL`) });
    await renamed.click();
    await page.getByRole("button", { name: "Delete Event" }).click();
    await page.getByRole("status").getByText("Event deleted successfully!").waitFor();
    expect(dialogs).toContain("Are you sure you want to delete this event?");
    expect(await page.getByRole("button", { name: new RegExp(name) }).count()).toBe(0);
    expect(queryD1(`SELECT id FROM events WHERE name LIKE '${name}%'`)).toEqual([]);
    await page.context().close();
  });

  it.each([1280, 375])("saves a screenshot of the dashboard at %i px", async (width) => {
    const page = await ownerPage(`/dashboard?place_id=${copperId}`, { width, height: 900 });
    await page.getByRole("region", { name: "Weekly summary" }).locator("canvas").waitFor();
    await page.screenshot({ path: path.join(artifacts, `dashboard-${width}.png`), fullPage: true });
    // Nothing may stick out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.context().close();
  });
});

/** A valid 1×1 PNG: the server checks uploads by their magic bytes. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
