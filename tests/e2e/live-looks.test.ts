// Live Looks end to end at 375 px (docs/live-looks.md): a signed-in visitor posts one with a phone
// photo (carrying GPS Exif) and a wait, sees it on the profile and the map list; the venue's owner
// hides it; it leaves the public profile, where a signed-out visitor is offered to sign in to post.
// Posting needs the venue open (docs/live-looks.md#who-may-post): it is opened around the clock for
// the file, whatever the hour it runs at.
import { readFileSync } from "node:fs";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegWithGps } from "../worker/image-fixtures";
import { demoOwnerSession, launchBrowser, openPage, queryD1, seriousViolations, signedInSession } from "./browser";
import { baseUrl } from "./server";
import { openAllDay } from "./venue-hours";

const PHONE = { width: 375, height: 812 };
const PROFILE = "/profile/the-copper-lantern";
const TEXT = `Short line at the door, band starts at 9 (${Date.now().toString(36)})`;
const VIDEO_TEXT = `Band is on, dance floor full (${Date.now().toString(36)})`;
/** ffmpeg-made, with a title and a location in its tags (tests/fixtures/videos/README.md). */
const TAGGED_WEBM = readFileSync(new URL("../fixtures/videos/tagged.webm", import.meta.url));

let browser: Browser;
let visitor: BrowserContextOptions["storageState"];
let restoreHours = async () => {};
beforeAll(async () => {
  browser = await launchBrowser();
  restoreHours = await openAllDay([PROFILE.replace("/profile/", "")]);
  // A new account of the visitor's own (posting needs one): the demo accounts' hourly limits are left to other journeys.
  const email = `live-looks-${Date.now().toString(36)}@e2e.example.com`;
  const password = "a long enough password";
  const signUp = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, name: "Lou", handle: `lou_${Date.now().toString(36)}` }),
  });
  expect(signUp.status).toBe(201);
  visitor = await signedInSession(browser, email, password);
});
afterAll(async () => {
  await restoreHours();
  await browser?.close();
});

const strip = (page: Page) => page.getByRole("region", { name: "Live Looks" });
const post = (page: Page) => strip(page).getByRole("listitem").filter({ hasText: TEXT });

describe("Live Looks at 375 px", () => {
  it("a signed-in visitor posts a video: Chromium draws its poster, the stored WebM lost its tags and plays, muted, never by itself", async () => {
    const page = await openPage(browser, PROFILE, PHONE, visitor);
    await strip(page).getByRole("button", { name: "Post a Live Look" }).click();
    await page.getByLabel(/What's it like right now\?/).fill(VIDEO_TEXT);
    await page.getByLabel(/^Or a video/).setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: TAGGED_WEBM });
    await page.getByText("Its first frame shows until it is played.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Post Live Look" }).click();
    await strip(page).getByText("Thanks! Your Live Look is posted.").waitFor();

    const video = strip(page).getByRole("listitem").filter({ hasText: VIDEO_TEXT }).locator("video");
    await video.waitFor();
    const shown = await video.evaluate((element: HTMLVideoElement) => ({ src: element.src, poster: element.poster, muted: element.muted, autoplay: element.autoplay, controls: element.controls }));
    expect(shown).toMatchObject({ muted: true, autoplay: false, controls: true, poster: expect.stringMatching(/\/api\/images\/live-looks\/.+\.jpg$/) });
    // The poster is a JPEG the browser drew from the first frame (64 × 64).
    expect(await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, shown.poster)).toEqual([64, 64]);
    // The stored clip plays in Chromium: its first frame decodes and its length is the clip's.
    const played = await page.evaluate(async (url) => {
      const element = document.createElement("video");
      element.muted = true;
      element.src = url;
      await new Promise((resolve, reject) => {
        element.addEventListener("loadeddata", resolve, { once: true });
        element.addEventListener("error", () => reject(new Error("the video did not load")), { once: true });
      });
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      return { readyState: element.readyState, duration: element.duration, tagged: new TextDecoder("latin1").decode(bytes).includes("+40.7128-074.0060") };
    }, shown.src);
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeCloseTo(1, 1);
    expect(played.tagged).toBe(false);
    await page.context().close();
  });

  it("a signed-in visitor posts one with a photo and a wait and sees it on the profile; the photo lost its Exif and still decodes", async () => {
    const page = await openPage(browser, PROFILE, PHONE, visitor);
    await strip(page).getByRole("button", { name: "Post a Live Look" }).click();
    const text = page.getByLabel(/What's it like right now\?/);
    // The form is a lazy chunk: wait for it before polling focus (a poll gives up after 1 s).
    await text.waitFor();
    await expect.poll(() => text.evaluate((element) => element === document.activeElement)).toBe(true);
    await text.fill(TEXT);
    await page.getByLabel(/^Photo/).setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegWithGps()) });
    await page.getByRole("img", { name: "Preview of your photo" }).waitFor();
    await page.getByLabel("5–15 min").check();
    // The open form, its photo preview and choices pass axe-core.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Post Live Look" }).click();

    await strip(page).getByText("Thanks! Your Live Look is posted.").waitFor();
    await post(page).waitFor();
    await expect.poll(() => post(page).textContent()).toContain("Wait 5–15 min");
    await strip(page).getByText("Reported wait about 10 min (1 report in the last hour)").waitFor();
    // The stored photo decodes in the browser (8×8 pixels) and carries no Exif.
    const photo = post(page).getByRole("img", { name: TEXT });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    const bytes = await photo.evaluate(async (img: HTMLImageElement) => Array.from(new Uint8Array(await (await fetch(img.src)).arrayBuffer())));
    expect(Buffer.from(bytes).includes(Buffer.from("Exif"))).toBe(false);
    // Nothing about the poster is stored but the account (for its hourly limit): the row has no address or agent columns to fill.
    const [row] = queryD1<Record<string, unknown>>(`SELECT * FROM live_looks WHERE text = '${TEXT.replace(/'/g, "''")}'`);
    expect(Object.keys(row).sort()).toEqual(["created_at", "hidden_at", "hidden_by", "hidden_reason", "id", "not_checked", "photo_key", "place_id", "poster_key", "text", "user_id", "vibe", "video_key", "wait"]);
    expect(await seriousViolations(page)).toEqual([]);
    // Fits the phone: nothing but the strip's own sideways scroll passes the screen's width.
    const wider = await page.evaluate((width) =>
      Array.from(document.querySelectorAll("main *"))
        // Screen-reader tables are clipped, and the strip scrolls sideways inside itself.
        .filter((element) => !element.closest(".visually-hidden, .looks-strip > li"))
        .filter((element) => element.getBoundingClientRect().right > width + 1).map((element) => `${element.tagName}.${element.className}`),
    PHONE.width);
    expect(wider).toEqual([]);
    await page.context().close();
  });

  it("the live map's list counts it", async () => {
    const page = await openPage(browser, "/live-look", PHONE);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "The Copper Lantern" }) });
    // /api/live is cached for up to 25 s; the list shows the count once the cached copy expires.
    await expect
      .poll(
        async () => {
          const text = await row.textContent();
          if (!text?.includes("in the last hour")) await page.reload();
          return (await row.textContent()) ?? "";
        },
        { timeout: 45_000, interval: 3_000 },
      )
      .toMatch(/\d+ Live Looks? in the last hour/);
    await page.context().close();
  });

  it("the venue's owner hides it from the profile, and it disappears for visitors", async () => {
    const owner = await openPage(browser, PROFILE, PHONE, await demoOwnerSession(browser));
    await post(owner).waitFor();
    await post(owner).getByRole("button", { name: /^Hide the Live Look from/ }).click();
    await post(owner).getByLabel(/Reason for hiding it/).fill("Not about tonight");
    await post(owner).getByRole("button", { name: "Hide Live Look" }).click();
    await expect.poll(() => post(owner).count()).toBe(0);
    await owner.context().close();

    // Signed out: no form, a way to sign in that comes back here.
    const signedOut = await openPage(browser, PROFILE, PHONE);
    const signIn = strip(signedOut).getByRole("link", { name: "Sign in to post a Live Look" });
    await signIn.waitFor();
    expect(await signIn.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(PROFILE)}`);
    await expect.poll(async () => (await strip(signedOut).textContent()) ?? "").not.toContain("Loading Live Looks");
    expect(await post(signedOut).count()).toBe(0);
    await signedOut.context().close();
  });
});
