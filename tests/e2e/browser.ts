// Debian's Chromium driven by playwright-core (flags in chromium.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { queryLocalD1 } from "../../scripts/local-state.ts";
import { inject } from "vitest";
import { DEMO_OWNER } from "../../scripts/seed.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * A fresh browser context on `route`; `storageState` starts it with a saved session (cookies,
 * localStorage); `baseURL` serves it from another server than the shared one.
 */
export async function openPage(
  browser: Browser,
  route: string,
  viewport = { width: 1280, height: 900 },
  storageState?: BrowserContextOptions["storageState"],
  baseURL = inject("baseUrl"),
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
  // An app page (not about:blank, which a journey opens to watch every request from the start).
  if (route.startsWith("/")) await reactRendered(page);
  return page;
}

/**
 * Waits until React owns the page: a public page arrives rendered by the worker
 * (docs/server-rendering.md) and its buttons answer only once hydrated, so a journey that clicked
 * as soon as the text showed could click HTML that nothing listens to yet. The site header is the
 * first thing React renders (or hydrates) on every page.
 */
export async function reactRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector("#root header");
    return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
  });
}

/** Reads the app's local D1 (the same state the server uses) with wrangler. */
export const queryD1 = <T = Record<string, unknown>>(sql: string): T[] => queryLocalD1<T>(inject("stateDir"), sql);

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
 * Signs the demo owner in through /auth and answers the session (refresh cookie, access token) for
 * later contexts. Once per file, not per test: the server allows an account 10 sign-ins a minute,
 * and the e2e files together would otherwise pass that limit on a fast machine.
 */
export async function demoOwnerSession(browser: Browser): Promise<BrowserContextOptions["storageState"]> {
  const page = await openPage(browser, "/auth?next=%2Fdashboard");
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password").fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByText("Signed in as").getByText(DEMO_OWNER.name).waitFor();
  const session = await page.context().storageState();
  await page.context().close();
  return session;
}
