// Debian's Chromium driven by playwright-core (flags in chromium.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { ACCESS_TOKEN_KEY, USER_ID_KEY } from "../../client/api/session";
import { queryLocalD1 } from "../../scripts/local-state.ts";
import { DEMO_CONSUMER, DEMO_OWNER } from "../../scripts/seed.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";
import { baseUrl, stateDir } from "./server";

/** The phone the journeys judge a page on (390 px wide, as a common phone). */
export const PHONE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * A fresh browser context on `route`; `storageState` starts it with a saved session (cookies,
 * localStorage); `baseURL` serves it from another server than this file's (server.ts).
 */
export async function openPage(
  browser: Browser,
  route: string,
  viewport = { width: 1280, height: 900 },
  storageState?: BrowserContextOptions["storageState"],
  baseURL = baseUrl,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, storageState });
  const page = await context.newPage();
  // Pages must not throw; an uncaught error fails the journey that caused it.
  page.on("pageerror", (error) => {
    throw error;
  });
  // The HTML's Content-Security-Policy is strict; a violation is a bug in what we ship.
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) {
      throw new Error(`CSP violation on ${route}: ${message.text()}`);
    }
  });
  await page.goto(route);
  // An app page (not about:blank, which a journey opens to watch every request from the start, nor
  // an API answer, which signedInSession opens to sign in from the app's origin).
  if (route.startsWith("/") && !route.startsWith("/api/")) await reactRendered(page);
  return page;
}

/**
 * Waits until the page answers a visitor: a public page arrives rendered by the worker
 * (docs/server-rendering.md) and its buttons answer only once hydrated, so a journey that clicked
 * as soon as the text showed could click HTML that nothing listens to yet. The site header is the
 * first thing React renders (or hydrates) on every page; on a page of islands
 * (docs/server-rendering.md#islands) it hydrates at the first touch, and the islands' entry, which
 * holds that touch until then, has run once the page has loaded.
 */
export async function reactRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector("#root header");
    const islandsListen = document.querySelector('script[src*="/islands-"]') !== null && document.readyState === "complete";
    return header !== null && (islandsListen || Object.keys(header).some((key) => key.startsWith("__reactFiber")));
  });
}

/** Reads the app's local D1 (the same state the server uses) with wrangler. */
export const queryD1 = <T = Record<string, unknown>>(sql: string): T[] => queryLocalD1<T>(stateDir, sql);

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Serious and critical axe-core violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // evaluate() runs outside the page's CSP, which forbids injected inline scripts.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ["violations"],
    }),
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * A session of `email` (the refresh cookie, and the access token and user id in local storage, as
 * the sign-in form leaves them) for later contexts, made by POST /api/auth/login from a page of the
 * app: for journeys that only need to be signed in. The journeys about signing in (auth, accounts,
 * passkeys, consumer-app) use the form.
 */
export async function signedInSession(browser: Browser, email: string, password: string): Promise<BrowserContextOptions["storageState"]> {
  // Any page of the app's origin: the cookie and local storage belong to it.
  const page = await openPage(browser, "/api/health");
  const status = await page.evaluate(
    async ({ credentials, keys }) => {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(credentials),
      });
      if (!response.ok) return response.status;
      const answer = (await response.json()) as { access_token: string; user_id: number };
      localStorage.setItem(keys.token, answer.access_token);
      localStorage.setItem(keys.user, String(answer.user_id));
      return response.status;
    },
    { credentials: { email, password }, keys: { token: ACCESS_TOKEN_KEY, user: USER_ID_KEY } },
  );
  if (status !== 200) throw new Error(`Signing ${email} in answered ${status}.`);
  const session = await page.context().storageState();
  await page.context().close();
  return session;
}

/**
 * The demo owner's session (signedInSession). Once per file, not per test: the server allows an
 * account 10 sign-ins a minute.
 */
export const demoOwnerSession = (browser: Browser) => signedInSession(browser, DEMO_OWNER.email, DEMO_OWNER.password);

/**
 * /app at 375 px signed in (signedInSession) as `email`: the demo consumer or one of her demo
 * friends, who share her password.
 */
export async function demoConsumerApp(browser: Browser, email: string): Promise<Page> {
  const session = await signedInSession(browser, email, DEMO_CONSUMER.password);
  const page = await openPage(browser, "/app", { width: 375, height: 812 }, session);
  await page.getByRole("heading", { name: /^Good to see you/ }).waitFor();
  return page;
}

/**
 * A new account (POST /api/auth/signup) signed in on `page` as the sign-in form leaves it: the
 * access token and user id in local storage. `page` must be on the app's origin.
 */
export async function signUpOnPage(page: Page, name: string, emailPrefix: string): Promise<{ token: string; userId: number }> {
  const signUp = await page.request.post("/api/auth/signup", {
    data: { name, email: `${emailPrefix}-${Date.now()}@example.com`, password: "a long enough password" },
  });
  if (signUp.status() !== 201) throw new Error(`Signing up ${name} answered ${signUp.status()}.`);
  const { access_token: token, user_id: userId } = (await signUp.json()) as { access_token: string; user_id: number };
  await page.evaluate(([accessToken, id, keys]) => {
    localStorage.setItem(keys[0], accessToken);
    localStorage.setItem(keys[1], id);
  }, [token, String(userId), [ACCESS_TOKEN_KEY, USER_ID_KEY]] as const);
  return { token, userId };
}
