// Plans and messages (docs/friends.md) with two browsers at 375 px: Maya makes a plan with her demo
// friend, who answers "Going" on the plan's page and writes in its chat, and the message appears on Maya's
// open plan page without a reload.
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

describe("a plan and its chat, in two browsers", () => {
  it("A makes a plan, B answers Going and writes, and A sees B's message without a reload", async () => {
    const maya = await demoConsumerApp(browser, DEMO_CONSUMER.email);
    const sam = await demoConsumerApp(browser, DEMO_FRIENDS[0].email);
    // Ids by the API, as the app reads them (wrangler's D1 reads are slow on a busy machine).
    const samId = await sam.evaluate(async () => {
      const response = await fetch("/api/me", { headers: { authorization: `Bearer ${localStorage.getItem("access_token")}` } });
      return ((await response.json()) as { id: number }).id;
    });
    const placeId = await maya.evaluate(async () => ((await (await fetch("/api/place/the-copper-lantern")).json()) as { id: number }).id);
    const title = `Quiz night ${Date.now()}`;
    // Maya makes the plan through the API from her signed-in page (the form has its own journey: plan-form.test.ts).
    const planId = await maya.evaluate(
      async ({ title, placeId, samId }) => {
        const response = await fetch("/api/plans", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("access_token")}` },
          body: JSON.stringify({ title, place_id: placeId, starts_at: new Date(Date.now() + 3 * 3600_000).toISOString(), invitees: [samId] }),
        });
        return ((await response.json()) as { id: number }).id;
      },
      { title, placeId, samId },
    );
    await maya.goto(`/app/plans/${planId}`);
    await maya.getByRole("heading", { name: title }).waitFor();
    const mayaLog = maya.getByRole("log");
    await maya.getByText("Connecting…").waitFor({ state: "hidden" });

    await sam.getByRole("link", { name: "Plans" }).click();
    await sam.getByRole("link", { name: title }).click();
    await sam.getByRole("heading", { name: title }).waitFor();
    await sam.getByRole("button", { name: "Going" }).click();
    await sam.getByText(`${DEMO_FRIENDS[0].name}: Going`).waitFor();
    expect(await seriousViolations(sam)).toEqual([]);
    expect(await sam.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    const text = `See you there ${Date.now()}`;
    // Sam's socket is open: the message goes over it, not by POST (docs/chat.md#the-app).
    await sam.getByText("Connecting…").waitFor({ state: "hidden" });
    const posts: string[] = [];
    sam.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/messages")) posts.push(request.url());
    });
    await sam.getByRole("textbox", { name: "Message" }).fill(text);
    await sam.getByRole("button", { name: "Send" }).click();
    // Over the open socket, with no reload; how fast is the bench's to measure (chat section), not a
    // test's on a loaded machine.
    await mayaLog.getByText(text).waitFor();
    // One message stored, on Sam's page too, acknowledged on the socket.
    await sam.getByRole("log").getByText(text).waitFor();
    await sam.getByRole("textbox", { name: "Message" }).and(sam.locator(":placeholder-shown")).waitFor();
    expect(posts).toEqual([]);
    expect(await seriousViolations(maya)).toEqual([]);
    await maya.context().close();
    await sam.context().close();
  }, 120_000);
});
