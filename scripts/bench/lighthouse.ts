// Page quality: Lighthouse (its default mobile run: a mid-range phone on slow 4G, simulated) on the
// home page, the live map, a venue profile and the owner dashboard signed in as the demo owner, in Debian's
// Chromium with the flags the browser tests use. The profile carries six Live Looks with photos.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/e2e/chromium.ts";
import { freePort, serveBuiltApp } from "../serve-built-app.ts";
import { DEMO_OWNER } from "../seed.ts";
import { passFail } from "./bench-api.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const BUDGET = 95;
/**
 * Issue 31: `/` and the profile are audited RUNS times; the median performance must reach
 * MEDIAN_PERFORMANCE with accessibility 100, no run may fall below BUDGET, and the largest
 * contentful element must be in the HTML the server sends (server rendering), not drawn later.
 */
const RUNS = 3;
const MEDIAN_PERFORMANCE = 98;
/** A seeded venue's profile (issue 15: popular times, forecast). */
const PROFILE_ROUTE = "/profile/the-copper-lantern";

type Scores = Record<(typeof CATEGORIES)[number], number>;
/** The largest contentful element as Lighthouse names it: a CSS selector and its label (text or alt). */
type LcpElement = { selector: string; nodeLabel: string };

/** Live Looks with photos on the audited profile (issue 17: the budget holds with six of them). */
const LIVE_LOOKS_WITH_PHOTOS = 6;

/**
 * Posts LIVE_LOOKS_WITH_PHOTOS Live Looks to the profile's venue through the API, each with a
 * phone-sized JPEG (1600×1200, drawn with noise in the browser so it compresses like a photo).
 * Each comes from its own test address, as visitors would (5 posts a minute per client).
 */
async function postLiveLooks(baseUrl: string, page: Page): Promise<void> {
  const place = (await (await fetch(`${baseUrl}/api/place/${PROFILE_ROUTE.split("/").pop()}`)).json()) as { id: number };
  for (let i = 0; i < LIVE_LOOKS_WITH_PHOTOS; i++) {
    const dataUrl = await page.evaluate((seed) => {
      const canvas = document.createElement("canvas");
      canvas.width = 1600;
      canvas.height = 1200;
      const g = canvas.getContext("2d")!;
      const image = g.createImageData(canvas.width, canvas.height);
      let state = seed + 1;
      for (let at = 0; at < image.data.length; at += 4) {
        state = (state * 1103515245 + 12345) % 2147483648;
        const pixel = at / 4;
        const shade = ((pixel % canvas.width) / canvas.width) * 160 + (state % 48);
        image.data.set([shade, 90 + (state % 40), 200 - shade / 2, 255], at);
      }
      g.putImageData(image, 0, 0);
      return canvas.toDataURL("image/jpeg", 0.85);
    }, i);
    const body = new FormData();
    body.set("text", `Bench Live Look ${i + 1}: the back room is filling up, music is good.`);
    body.set("wait", "5-15");
    body.set("photo", new Blob([Buffer.from(dataUrl.split(",")[1], "base64")], { type: "image/jpeg" }), "photo.jpg");
    const response = await fetch(`${baseUrl}/api/places/${place.id}/live-looks`, {
      method: "POST",
      body,
      headers: { "cf-connecting-ip": `198.18.200.${i + 1}` },
    });
    if (response.status !== 201) throw new Error(`posting a Live Look answered ${response.status}: ${await response.text()}`);
  }
}

/** The first node item in an audit's details: the LCP breakdown insight lists the element first. */
function firstNode(details: unknown): LcpElement | null {
  if (details === null || typeof details !== "object") return null;
  const item = details as { type?: string; selector?: string; nodeLabel?: string };
  if (item.type === "node" && item.selector) return { selector: item.selector, nodeLabel: item.nodeLabel ?? "" };
  for (const value of Object.values(details)) {
    const found = firstNode(value);
    if (found) return found;
  }
  return null;
}

type Audit = { scores: Scores; below: string[]; lcp: LcpElement | null };

async function audit(url: string, port: number, keepSignIn: boolean): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // A signed-in page keeps the session the bench made; the others load as a first visit.
    disableStorageReset: keepSignIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as Scores;
  // The audits that cost points, to say what to fix.
  const below = CATEGORIES.flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${audits[ref.id].title}${audits[ref.id].displayValue ? ` (${audits[ref.id].displayValue})` : ""}`),
  );
  // Console errors are worth reading (a CSP violation, a failed request), once each with its host.
  const items = (audits["errors-in-console"]?.details as { items?: { description?: string; url?: string }[] } | undefined)?.items ?? [];
  const errors = new Map<string, number>();
  for (const item of items) {
    const host = item.url ? ` (${new URL(item.url).host})` : "";
    const key = `${(item.description ?? "").slice(0, 160)}${host}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  for (const [error, count] of errors) below.push(`console, ${count}×: ${error}`);
  return { scores, below, lcp: firstNode(audits["lcp-breakdown-insight"]?.details) };
}

/** Runs `use` with a Chromium whose debugging port Lighthouse drives, then closes it. */
async function withLighthouseBrowser<T>(use: (context: BrowserContext, port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "third-place-lighthouse-"));
  // A persistent context is the browser's default one, which Lighthouse's tabs share: a sign-in
  // made in it is there when Lighthouse opens the dashboard.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    return await use(context, port);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const homeMeetsBudget = (scores: Scores) => CATEGORIES.every((id) => scores[id] >= BUDGET);

/**
 * Home with session monitoring configured (issue 18), on a server whose RUM_PROXY points at a
 * local stand-in for the intake: the SDK loads after the page is interactive, so the budget holds.
 */
export async function benchLighthouseMonitored(): Promise<boolean> {
  console.log("\n## Page quality with session monitoring configured: Lighthouse, mobile, on /");
  let received = 0;
  // Answers what the SDK sends as Datadog's intake does (202), and counts it.
  const intake = createServer((request, response) => {
    request.resume().on("end", () => {
      received++;
      response.writeHead(202, { "access-control-allow-origin": "*", "access-control-allow-headers": "*" }).end();
    });
  });
  const intakePort = await freePort();
  await new Promise<void>((resolve) => intake.listen(intakePort, "127.0.0.1", resolve));
  const app = await serveBuiltApp(undefined, undefined, {
    RUM_APPLICATION_ID: "bench-application",
    RUM_CLIENT_TOKEN: "pub-bench-client-token",
    RUM_PROXY: `http://127.0.0.1:${intakePort}/rum`,
  });
  let result;
  let configured = false;
  try {
    // The server must really have monitoring on, or the scores say nothing about it.
    configured = ((await (await fetch(`${app.baseUrl}/api/config/monitoring`)).json()) as { rum: unknown }).rum !== null;
    result = await withLighthouseBrowser(async (context, port) => {
      const scores = await audit(`${app.baseUrl}/`, port, false);
      // Proof that monitoring runs on this server: a visit whose RUM view reaches the stand-in. The
      // SDK sends when the page is hidden, so the page is closed once the SDK's chunk has arrived.
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/`);
      // The SDK defines DD_RUM once its chunk has run; a page it never reaches sends nothing.
      const started = await page
        .waitForFunction(() => "DD_RUM" in window, undefined, { timeout: 30_000 })
        .then(() => true, () => false);
      await page.close({ runBeforeUnload: true });
      for (let waited = 0; started && received === 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      return scores;
    });
  } finally {
    intake.close();
    await app.stop();
  }
  const { scores, below } = result;
  console.log(`| page | ${CATEGORIES.join(" | ")} |`);
  console.log(`|---|${CATEGORIES.map(() => "---|").join("")}`);
  console.log(`| / (monitoring on) | ${CATEGORIES.map((id) => scores[id]).join(" | ")} |`);
  if (below.length) console.log(`/ (monitoring on) loses points on: ${below.join("; ")}`);
  const ok = homeMeetsBudget(scores) && configured;
  console.log(
    `Monitoring configured on this server: ${configured ? "yes" : "no"}; the intake stand-in received ${received} requests. Budget: ≥ ${BUDGET} in each category on / with monitoring configured → ${passFail(ok)}`,
  );
  return ok;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Whether the largest contentful element is in the document as the server sends it: opened with
 * JavaScript off, its selector matches, with the same text when it is text.
 */
async function lcpInServerHtml(url: string, lcp: LcpElement | null): Promise<boolean> {
  if (!lcp) return false;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(url);
    const element = await page.$(lcp.selector);
    if (!element) return false;
    const { tag, text } = await element.evaluate((node) => ({ tag: node.tagName, text: node.textContent ?? "" }));
    const label = lcp.nodeLabel.replace(/\s+/g, " ").trim().replace(/…$/, "");
    // An image's label is its alt text or its tag, not text the element contains.
    return tag === "IMG" || text.replace(/\s+/g, " ").trim().startsWith(label);
  } finally {
    await browser.close();
  }
}

type RepeatedAudit = { route: string; runs: Audit[]; lcpInHtml: boolean };

async function auditRepeatedly(baseUrl: string, route: string, port: number): Promise<RepeatedAudit> {
  const runs: Audit[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(`${baseUrl}${route}`, port, false));
  return { route, runs, lcpInHtml: await lcpInServerHtml(`${baseUrl}${route}`, runs[runs.length - 1].lcp) };
}

/** Median performance ≥ MEDIAN_PERFORMANCE, accessibility 100 in every run, no run below BUDGET, LCP in the HTML. */
function meetsRepeatedBudget({ runs, lcpInHtml }: RepeatedAudit): boolean {
  const performance = runs.map((run) => run.scores.performance);
  return (
    median(performance) >= MEDIAN_PERFORMANCE &&
    Math.min(...performance) >= BUDGET &&
    runs.every((run) => run.scores.accessibility === 100) &&
    lcpInHtml
  );
}

export async function benchLighthouse(baseUrl: string): Promise<boolean> {
  console.log("\n## Page quality: Lighthouse, mobile (simulated slow 4G, 4× CPU slowdown)");
  return withLighthouseBrowser(async (context, port) => {
    const drawing = await context.newPage();
    await postLiveLooks(baseUrl, drawing);
    await drawing.close();
    const repeated: RepeatedAudit[] = [];
    for (const route of ["/", PROFILE_ROUTE]) repeated.push(await auditRepeatedly(baseUrl, route, port));
    const once: { route: string; scores: Scores; below: string[] }[] = [];
    once.push({ route: "/live-look", ...(await audit(`${baseUrl}/live-look`, port, false)) });

    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password").fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Signed in as").waitFor();
    await page.close();
    once.push({ route: "/dashboard (signed in)", ...(await audit(`${baseUrl}/dashboard`, port, true)) });

    console.log(`| page | ${CATEGORIES.join(" | ")} |`);
    console.log(`|---|${CATEGORIES.map(() => "---|").join("")}`);
    for (const { route, runs } of repeated) {
      runs.forEach(({ scores }, run) => console.log(`| ${route} (run ${run + 1} of ${RUNS}) | ${CATEGORIES.map((id) => scores[id]).join(" | ")} |`));
    }
    for (const { route, scores } of once) console.log(`| ${route} | ${CATEGORIES.map((id) => scores[id]).join(" | ")} |`);
    for (const { route, runs } of repeated) {
      runs.forEach(({ below }, run) => below.length && console.log(`${route} run ${run + 1} loses points on: ${below.join("; ")}`));
    }
    for (const { route, below } of once) if (below.length) console.log(`${route} loses points on: ${below.join("; ")}`);
    let ok = true;
    for (const result of repeated) {
      const performance = result.runs.map((run) => run.scores.performance);
      const lcp = result.runs[result.runs.length - 1].lcp;
      const passes = meetsRepeatedBudget(result);
      ok &&= passes;
      console.log(
        `${result.route}: median performance ${median(performance)} (runs ${performance.join(", ")}), accessibility ${result.runs.map((run) => run.scores.accessibility).join(", ")}; ` +
          `largest contentful element ${lcp ? `\`${lcp.selector}\` ("${lcp.nodeLabel.slice(0, 60)}")` : "not reported"} ${result.lcpInHtml ? "is" : "is not"} in the server's HTML. ` +
          `Budget: median ≥ ${MEDIAN_PERFORMANCE}, no run < ${BUDGET}, accessibility 100, largest element in the HTML → ${passFail(passes)}`,
      );
    }
    const homeBestPractices = repeated[0].runs.every((run) => run.scores["best-practices"] >= BUDGET);
    console.log(`Budget: best practices ≥ ${BUDGET} on / in every run → ${passFail(homeBestPractices)}`);
    return ok && homeBestPractices;
  });
}
