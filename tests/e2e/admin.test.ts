// The administrator's journeys in Chromium against the built app: the gate, businesses (seen
// afterwards on the public pages), tags, device limits and events, each checked in D1 too.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDevVars } from "../../scripts/local-state.ts";
import { launchBrowser, openPage, queryD1 } from "./browser";

// A real 1×1 PNG: uploads are checked by their magic bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let browser: Browser;
let page: Page;
const stamp = Date.now();
const businessName = `E2E Lantern ${stamp}`;
const renamedBusiness = `E2E Copper Lantern ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // Other files count the seeded venues: leave no business behind (its events, tags and devices
  // go with it).
  const place = placeRow();
  if (place) queryD1(`DELETE FROM places WHERE id = ${place.id}`);
  await browser?.close();
});

const sql = (text: string) => text.replace(/'/g, "''");

async function openSection(name: string) {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("button", { name, exact: true }).click();
  await page.getByRole("heading", { name, level: 2 }).waitFor();
}

/** The remembered admin token, for the calls that check the server's own refusals. */
const adminToken = () => page.evaluate(() => localStorage.getItem("admin_token"));

function placeRow() {
  const [row] = queryD1<{ id: number; name: string; address: string; cover_image_key: string | null; max_devices: number }>(
    `SELECT id, name, address, cover_image_key, max_devices FROM places WHERE name IN ('${sql(businessName)}', '${sql(renamedBusiness)}')`,
  );
  return row;
}

describe("admin area, in Chromium against the built app", () => {
  it("refuses a wrong password, opens with the right one and stays open across a reload when remembered", async () => {
    const { ADMIN_PASSWORD } = ensureDevVars();
    page = await openPage(browser, "/admin");
    await page.getByLabel("Admin password").fill("not-the-password");
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("alert").getByText("Incorrect password. Please try again.").waitFor();

    await page.getByLabel("Admin password").fill(ADMIN_PASSWORD);
    await page.getByLabel("Remember this browser").check();
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByText("Choose a section from the menu").waitFor();
    // The password never reaches storage; the token and the flag do.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(ADMIN_PASSWORD);
    expect(await page.evaluate(() => localStorage.getItem("authenticated"))).toBe("true");

    await page.reload();
    await page.getByText("Choose a section from the menu").waitFor();
    expect(await page.getByLabel("Admin password").count()).toBe(0);
  });

  it("adds a business with a cover photo and two tags, then lists it among the partners", async () => {
    await openSection("Manage Businesses");
    await page.getByRole("tab", { name: "Add Business" }).click();
    expect(await page.getByLabel("City", { exact: true }).inputValue()).toBe("New York");
    expect(await page.getByLabel("Category").inputValue()).toBe("bar");

    await page.getByRole("button", { name: "Add Business" }).click();
    await page.getByText("This field is required.").waitFor();

    await page.getByRole("textbox", { name: "Name", exact: true }).fill(businessName);
    await page.getByRole("textbox", { name: "Address", exact: true }).fill("101 Avenue A, New York, NY");
    await page.getByLabel("Latitude").fill("40.7262");
    await page.getByLabel("Longitude").fill("-73.9838");
    await page.getByLabel("Website").fill("https://lantern.example.com");
    await page.getByLabel("Friday opening time").fill("17:00");
    await page.getByLabel("Friday closing time").fill("02:00");
    await page.getByRole("checkbox", { name: "Cocktails" }).check();
    await page.getByRole("checkbox", { name: "Live Music" }).check();
    await page.getByLabel("Cover photo").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add Business" }).click();
    await page.getByRole("status").getByText("Business created successfully!").waitFor();

    const place = placeRow();
    expect(place.cover_image_key).toMatch(/\.png$/);
    const tags = queryD1<{ name: string }>(
      `SELECT t.name FROM place_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.place_id = ${place.id} ORDER BY t.name`,
    );
    expect(tags.map((tag) => tag.name)).toEqual(["Cocktails", "Live Music"]);
    expect(queryD1(`SELECT friday_open, friday_close FROM places WHERE id = ${place.id}`)).toEqual([
      { friday_open: "17:00", friday_close: "02:00" },
    ]);

    await page.getByRole("tab", { name: "All Businesses" }).click();
    await page.getByRole("button", { name: businessName }).waitFor();

    const publicPage = await openPage(browser, "/submit-business");
    const tickerEntry = publicPage.getByTestId("partner-ticker").locator(".ticker-item", { hasText: businessName }).first();
    await tickerEntry.waitFor();
    const cover = await publicPage.request.get((await tickerEntry.locator("img").getAttribute("src"))!);
    expect(cover.status()).toBe(200);
    expect(cover.headers()["content-type"]).toBe("image/png");
    await publicPage.context().close();
  });

  it("edits the business: name and address required, then 'Business updated successfully!'", async () => {
    await openSection("Manage Businesses");
    expect(await page.getByRole("tab", { name: "Edit Business" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: businessName }).click();
    await page.getByRole("heading", { name: businessName, level: 3 }).waitFor();
    await page.getByRole("textbox", { name: "Address", exact: true }).fill("");
    await page.getByRole("button", { name: "Update Business" }).click();
    await page.getByText("This field is required.").waitFor();

    await page.getByRole("textbox", { name: "Name", exact: true }).fill(renamedBusiness);
    await page.getByRole("textbox", { name: "Address", exact: true }).fill("103 Avenue A, New York, NY");
    await page.getByRole("button", { name: "Update Business" }).click();
    await page.getByRole("status").getByText("Business updated successfully!").waitFor();
    expect(placeRow()).toMatchObject({ name: renamedBusiness, address: "103 Avenue A, New York, NY" });
  });

  it("shows the business in the live map's list", async () => {
    // GET /api/live may be cached for up to 30 s.
    await expect
      .poll(
        async () => {
          await page.goto("/live-look");
          await page.locator(".venue-row").first().waitFor();
          return page.locator(".venue-row", { hasText: renamedBusiness }).count();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(1);
    const link = page.locator(".venue-row", { hasText: renamedBusiness }).getByRole("link", { name: renamedBusiness, exact: true });
    expect(await link.getAttribute("href")).toMatch(/^\/profile\/e2e-lantern-/);
  });

  it("creates, edits and deletes a tag; an empty name is refused in the browser and by the server", async () => {
    const tagName = `E2E Tag ${stamp}`;
    await openSection("Manage Tags");
    await page.getByRole("tab", { name: "Add Tag" }).click();
    await page.getByRole("button", { name: "Add Tag" }).click();
    await page.getByText("Tag name is required.").waitFor();

    const refused = await page.request.post("/api/tags", {
      headers: { authorization: `Bearer ${await adminToken()}` },
      multipart: { name: "", description: "no name" },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).error).toBe("name: Tag name is required.");

    await page.getByRole("textbox", { name: "Tag name" }).fill(tagName);
    await page.getByLabel("Description").fill("Made by the e2e test");
    await page.getByRole("button", { name: "Add Tag" }).click();
    await page.getByRole("status").getByText(`Tag "${tagName}" created.`).waitFor();

    await page.getByRole("button", { name: tagName, exact: true }).click();
    await page.getByRole("textbox", { name: "Tag name" }).fill(`${tagName} edited`);
    await page.getByRole("button", { name: "Update Tag" }).click();
    await page.getByRole("status").getByText(`Tag "${tagName} edited" updated.`).waitFor();
    expect(await page.getByRole("tab", { name: "All Tags" }).getAttribute("aria-selected")).toBe("true");
    expect(queryD1(`SELECT description FROM tags WHERE name = '${sql(tagName)} edited'`)).toEqual([
      { description: "Made by the e2e test" },
    ]);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${tagName} edited` }).click();
    await page.getByRole("status").getByText(`Tag "${tagName} edited" deleted.`).waitFor();
    expect(queryD1(`SELECT id FROM tags WHERE name LIKE '${sql(tagName)}%'`)).toEqual([]);
  });

  it("changes the business's max devices", async () => {
    await openSection("Manage Max Devices");
    await page.getByRole("button", { name: `Edit max devices of ${renamedBusiness}` }).click();
    expect(await page.getByLabel("Business name").getAttribute("readonly")).not.toBeNull();
    await page.getByRole("spinbutton", { name: "Max devices" }).fill("1.5");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Max devices must be a whole number, 0 or more.").waitFor();
    await page.getByRole("spinbutton", { name: "Max devices" }).fill("1");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").getByText("Max devices updated successfully.").waitFor();
    expect(placeRow().max_devices).toBe(1);
  });

  it("registers a device up to the limit, shows its key once with a copy button, and refuses one more", async () => {
    const place = placeRow();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await openSection("Devices");
    await page.getByLabel("Business").selectOption({ label: renamedBusiness });
    await page.getByText("0 of 1 device registered.").waitFor();
    await page.getByLabel("New device name").fill("Front bar");
    await page.getByRole("button", { name: "Register device" }).click();
    const keyBox = page.getByRole("region", { name: "New device key" });
    const key = (await keyBox.locator("code").textContent())!;
    expect(key).toMatch(/^tpd_/);
    await keyBox.getByRole("button", { name: "Copy key" }).click();
    await keyBox.getByText("Key copied to clipboard.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    await page.getByLabel("New device name").fill("Back room");
    await page.getByRole("button", { name: "Register device" }).click();
    await page
      .getByRole("alert")
      .getByText("This place already has its maximum of 1 device. Revoke one or raise the limit.")
      .waitFor();
    expect(queryD1(`SELECT name FROM devices WHERE place_id = ${place.id} AND revoked_at IS NULL`)).toEqual([
      { name: "Front bar" },
    ]);

    // The key is the sensor's credential: a count from it shows the device online with that count.
    const ingest = await page.request.post("/api/ingest", { headers: { authorization: `Bearer ${key}` }, data: { count: 12 } });
    expect(ingest.status()).toBe(200);
    await openSection("Devices");
    await page.getByLabel("Business").selectOption({ label: renamedBusiness });
    const row = page.getByRole("row", { name: /Front bar/ });
    await row.getByText("Online").waitFor();
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("12");
  });

  it("edits an event from /admin/manage-events", async () => {
    const token = await adminToken();
    const { categories } = (await (await page.request.get("/api/event-categories")).json()) as {
      categories: { id: number; name: string }[];
    };
    const created = await page.request.post("/api/create_user_event", {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        place_id: String(placeRow().id),
        name: `E2E Jazz ${stamp}`,
        start_time: new Date(Date.now() + 86_400_000).toISOString(),
        category: String(categories.find((category) => category.name === "Live Music")!.id),
        description: "A trio",
      },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: number };

    await page.goto("/admin/manage-events");
    await page.getByRole("link", { name: new RegExp(`E2E Jazz ${stamp}`) }).click();
    await page.waitForURL(`**/admin/edit-event/${event.id}`);
    await page.getByRole("textbox", { name: "Event name" }).fill("");
    await page.getByRole("button", { name: "Update Event" }).click();
    await page.getByText("Event name is required.").waitFor();

    await page.getByRole("textbox", { name: "Event name" }).fill(`E2E Jazz Quartet ${stamp}`);
    await page.getByLabel("Host name").fill("Sam");
    await page.getByLabel("Flyer image").setInputFiles({ name: "flyer.png", mimeType: "image/png", buffer: PNG });
    const alerted = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole("button", { name: "Update Event" }).click();
    expect(await alerted).toBe("Event updated successfully!");
    await page.waitForURL("**/admin/manage-events");
    await page.getByRole("link", { name: new RegExp(`E2E Jazz Quartet ${stamp}`) }).waitFor();
    const [row] = queryD1<{ name: string; host_name: string; flyer_image_key: string | null }>(
      `SELECT name, host_name, flyer_image_key FROM events WHERE id = ${event.id}`,
    );
    expect(row).toMatchObject({ name: `E2E Jazz Quartet ${stamp}`, host_name: "Sam" });
    expect(row.flyer_image_key).toMatch(/\.png$/);
  });

  it("lists a visitor's submission newest first in the inbox and marks it handled", async () => {
    const submittedName = `E2E Submitted Bar ${stamp}`;
    const submitted = await page.request.post("/api/submit-business", {
      data: { businessName: submittedName, address: "7 Avenue C", submitterEmail: "fan@example.com", reason: "Great jukebox" },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    await openSection("Submissions");
    const newest = page.locator(".admin-submissions > li").first();
    await newest.getByRole("heading", { name: submittedName }).waitFor();
    await newest.getByRole("button", { name: `Mark ${submittedName} handled` }).click();
    await page.getByRole("status").getByText(`"${submittedName}" marked handled.`).waitFor();
    const [row] = queryD1<{ status: string; handled_at: number | null }>(
      `SELECT status, handled_at FROM business_submissions WHERE business_name = '${sql(submittedName)}'`,
    );
    expect(row.status).toBe("handled");
    expect(row.handled_at).toBeGreaterThan(0);
    await page.getByLabel("Show").selectOption("handled");
    await page.getByRole("button", { name: `Reopen ${submittedName}` }).waitFor();
  });

  it("signs out, which forgets the remembered token", async () => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Admin password").waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("authenticated"), localStorage.getItem("admin_token")])).toEqual([
      null,
      null,
    ]);
    await page.reload();
    await page.getByLabel("Admin password").waitFor();
    await page.context().close();
  });
});
