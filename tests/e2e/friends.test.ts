// Friends who say where they are (docs/friends.md#check-ins), in Chromium at 375 px with a browser
// context per person: Ana checks in at a venue for Ben only; Ben sees her out, Cy (also her friend,
// not chosen) does not; Ana stops with one tap from /app and the check-in is gone from D1.
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, queryD1, seriousViolations } from "./browser";
import { launchBrowser } from "./browser";
import { baseUrl } from "./server";
import { openAllDay } from "./venue-hours";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const phone = { width: 375, height: 812 };
const VENUE = { slug: "the-copper-lantern", name: "The Copper Lantern" };
const run = Date.now().toString(36);

interface Account {
  id: number;
  token: string;
  name: string;
}

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

async function signUp(name: string): Promise<Account> {
  const answer = await api<{ access_token: string; user_id: number }>("POST", "/api/auth/signup", null, {
    email: `${name.toLowerCase()}-${run}@friends.example.com`,
    password: "a long enough password",
    name,
    handle: `${name.toLowerCase()}_${run}`,
  });
  return { id: answer.user_id, token: answer.access_token, name };
}

async function befriend(a: Account, b: Account, bHandle: string) {
  const { id } = await api<{ id: number }>("POST", "/api/me/friend-requests", a.token, { handle: bHandle });
  await api("POST", `/api/me/friend-requests/${id}/accept`, b.token);
}

/** A phone-sized page signed in as `account` (its access token in local storage, as signing in leaves it). */
function pageAs(account: Account, route: string): Promise<Page> {
  const storageState: BrowserContextOptions["storageState"] = {
    cookies: [],
    origins: [{ origin: baseUrl, localStorage: [{ name: "access_token", value: account.token }, { name: "user_id", value: String(account.id) }] }],
  };
  return openPage(browser, route, phone, storageState);
}

describe("check-ins between friends, one browser each", () => {
  let ana: Account;
  let ben: Account;
  let cy: Account;
  let anaPage: Page;

  // Check-ins are taken only while a venue is open (docs/when-to-go.md#closed-wins): open it around the clock, whatever the hour the test runs at.
  let restoreHours = async () => {};
  afterAll(() => restoreHours());

  beforeAll(async () => {
    restoreHours = await openAllDay([VENUE.slug]);
    [ana, ben, cy] = [await signUp("Ana"), await signUp("Ben"), await signUp("Cy")];
    await befriend(ana, ben, `ben_${run}`);
    await befriend(ana, cy, `cy_${run}`);
  });

  it("Ana checks in at a venue for Ben only", async () => {
    anaPage = await pageAs(ana, `/profile/${VENUE.slug}`);
    await anaPage.getByRole("heading", { name: VENUE.name, level: 1 }).waitFor();
    await anaPage.getByRole("button", { name: `I'm here at ${VENUE.name}` }).click();
    await anaPage.getByLabel("For how long").selectOption("2");
    await anaPage.getByRole("radio", { name: "Friends I choose" }).check();
    await anaPage.getByRole("checkbox", { name: /^Ben/ }).check();
    expect(await anaPage.getByRole("checkbox", { name: /^Cy/ }).isChecked()).toBe(false);
    expect(await seriousViolations(anaPage)).toEqual([]);
    await anaPage.getByRole("button", { name: "Check in", exact: true }).click();
    await anaPage.getByRole("status").getByText("You're checked in here", { exact: false }).waitFor();
    await anaPage.getByText("visible to 1 chosen friend", { exact: false }).first().waitFor();
    expect(queryD1(`SELECT audience, place_id IS NOT NULL AS has_place FROM check_ins WHERE user_id = ${ana.id}`)).toEqual([{ audience: "chosen", has_place: 1 }]);
  });

  it("Ben, chosen, sees her out and at the venue", async () => {
    const benPage = await pageAs(ben, "/app/friends");
    const benOut = benPage.getByRole("region", { name: "Out now" });
    await benOut.getByText(`@ana_${run}`).waitFor();
    await benOut.getByRole("link", { name: VENUE.name }).waitFor();
    expect(await seriousViolations(benPage)).toEqual([]);
    expect(await benPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await benPage.goto(`/profile/${VENUE.slug}`);
    await benPage.getByText("1 friend here").waitFor();
    await benPage.context().close();
  });

  it("Cy, her friend but not chosen, does not", async () => {
    const cyPage = await pageAs(cy, "/app/friends");
    const cyOut = cyPage.getByRole("region", { name: "Out now" });
    await cyOut.getByText("None of your friends is sharing a check-in with you right now.").waitFor();
    expect(await cyOut.getByText(`@ana_${run}`).count()).toBe(0);
    await cyPage.goto(`/profile/${VENUE.slug}`);
    await cyPage.getByText("None of your friends is checked in here.").waitFor();
    await cyPage.context().close();
  });

  it("Ana stops with one tap from /app, and the check-in is gone", async () => {
    await anaPage.goto("/app");
    const reminder = anaPage.getByRole("region", { name: `You're checked in at ${VENUE.name}` });
    await reminder.waitFor();
    await reminder.getByRole("button", { name: "Stop sharing now" }).click();
    await reminder.waitFor({ state: "detached" });
    expect(queryD1(`SELECT count(*) AS n FROM check_ins WHERE user_id = ${ana.id}`)).toEqual([{ n: 0 }]);
    await anaPage.context().close();
  });
});
