// Page quality: Lighthouse (its default mobile run: a mid-range phone on slow 4G, simulated) on the
// home page, a venue profile, the FAQ and the live map (issue 38's budgets, 5 runs each) and the
// owner dashboard signed in as the demo owner, in Debian's Chromium with the flags the browser tests
// use. The profile carries six Live Looks with photos; the live map's tiles come from a local
// stand-in (tile-stand-in.ts), so its figure is honest offline.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/e2e/chromium.ts";
import { freePort, serveBuiltApp } from "../serve-built-app.ts";
import { DEMO_OWNER } from "../seed.ts";
import { HOUR_FIELDS } from "../../common/schemas/place.ts";
import { passFail, type BenchApi } from "./bench-api.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const BUDGET = 95;
/** Lighthouse's runs of each page (issue 38: the median of 5). */
const RUNS = 5;
/** A seeded venue's profile (issue 15: popular times, forecast). */
const PROFILE_ROUTE = "/profile/the-copper-lantern";

/**
 * Issue 38's budgets per page: the median performance, the lowest run, the median Total Blocking
 * Time (ms); on every page and run accessibility 100 and layout shift ≤ MAX_CLS, and the largest
 * contentful element in the HTML the server sends.
 */
const PAGE_BUDGETS: Record<string, { median: number; lowest?: number; tbtMs?: number }> = {
  "/": { median: 97, lowest: 90, tbtMs: 150 },
  [PROFILE_ROUTE]: { median: 97, lowest: 90, tbtMs: 150 },
  "/faq": { median: 97, lowest: 90 },
  "/live-look": { median: 90 },
};
const MAX_CLS = 0.02;
/** Issue 38: with monitoring configured, `/`'s median performance within this many points of without. */
const MONITORING_MAX_LOSS = 3;

type Scores = Record<(typeof CATEGORIES)[number], number>;
/** The largest contentful element as Lighthouse names it: a CSS selector and its label (text or alt). */
type LcpElement = { selector: string; nodeLabel: string };

/** Live Looks with photos on the audited profile (issue 17: the budget holds with six of them). */
const LIVE_LOOKS_WITH_PHOTOS = 6;

/** A Live Look needs an account (issue 37), and an account posts 3 an hour at a venue (docs/live-looks.md#who-may-post). */
const LIVE_LOOKS_PER_ACCOUNT = 3;

/** A new account's access token; each from its own test address, as visitors sign up. */
async function signUp(baseUrl: string, n: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.201.${n}` },
    body: JSON.stringify({ name: `Bench visitor ${n}`, email: `bench-looks-${Date.now().toString(36)}-${n}@bench.example.com`, password: "a long enough password" }),
  });
  if (response.status !== 201) throw new Error(`signing up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Sets a place's opening hours as the admin (the place object reloads them); resolves to what puts the old ones back. */
async function openAroundTheClock(api: BenchApi, place: Record<string, unknown>): Promise<() => Promise<void>> {
  const write = async (hours: Record<string, string>) => {
    const response = await fetch(`${api.baseUrl}/api/place/update/${String(place.id)}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...api.adminHeaders },
      body: JSON.stringify(hours),
    });
    if (!response.ok) throw new Error(`updating the venue's hours answered ${response.status}: ${await response.text()}`);
  };
  // 00:00–00:00 every day is open around the clock (docs/when-to-go.md#open-now).
  await write(Object.fromEntries(HOUR_FIELDS.map((field) => [field, "00:00"])));
  return () => write(Object.fromEntries(HOUR_FIELDS.map((field) => [field, String(place[field])])));
}

/**
 * Posts LIVE_LOOKS_WITH_PHOTOS Live Looks to the profile's venue through the API, each with a
 * phone-sized JPEG (1600×1200, drawn with noise in the browser so it compresses like a photo),
 * from accounts signed up for it, with the venue open meanwhile (a closed venue answers 409), its
 * hours put back after.
 */
async function postLiveLooks(api: BenchApi, page: Page): Promise<void> {
  const baseUrl = api.baseUrl;
  const place = (await (await fetch(`${baseUrl}/api/place/${PROFILE_ROUTE.split("/").pop()}`)).json()) as Record<string, unknown>;
  const restoreHours = await openAroundTheClock(api, place);
  try {
    let token = "";
    for (let i = 0; i < LIVE_LOOKS_WITH_PHOTOS; i++) {
      if (i % LIVE_LOOKS_PER_ACCOUNT === 0) token = await signUp(baseUrl, i + 1);
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
      const response = await fetch(`${baseUrl}/api/places/${String(place.id)}/live-looks`, {
        method: "POST",
        body,
        headers: { "cf-connecting-ip": `198.18.200.${i + 1}`, authorization: `Bearer ${token}` },
      });
      if (response.status !== 201) throw new Error(`posting a Live Look answered ${response.status}: ${await response.text()}`);
    }
  } finally {
    await restoreHours();
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

type Audit = { scores: Scores; below: string[]; lcp: LcpElement | null; tbtMs: number; cls: number };

/** Every run's full report, kept to find what a failing budget costs (which audit, which element shifts, which script blocks). */
const REPORTS_DIR = "dist-bench/lighthouse";

/** Lighthouse on `url`; its report is kept as REPORTS_DIR/`report`.json. */
async function audit(url: string, port: number, keepSignIn: boolean, report: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // A signed-in page keeps the session the bench made; the others load as a first visit.
    disableStorageReset: keepSignIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(path.join(REPORTS_DIR, `${report}.json`), JSON.stringify(result.lhr));
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
  return {
    scores,
    below,
    lcp: firstNode(audits["lcp-breakdown-insight"]?.details),
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
  };
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

/** `/`'s median performance in this run's lighthouse section, which the monitored one is compared with. */
let homeMedianWithoutMonitoring: number | null = null;

/**
 * Home with session monitoring configured (issue 18), on a server whose RUM_PROXY points at a
 * local stand-in for the intake, RUNS times: issue 38 wants its median performance within
 * MONITORING_MAX_LOSS points of the lighthouse section's `/` without monitoring. On a page of
 * islands the SDK loads at the visitor's first touch or when the page is hidden
 * (docs/monitoring.md#on-a-page-of-islands); the proof visit below touches the page, as a visitor
 * who uses it does, so it reaches the intake.
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
      const runs: Audit[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await audit(`${app.baseUrl}/`, port, false, `monitored-home-${run + 1}`));
      // Proof that monitoring runs on this server: a visit whose RUM view reaches the stand-in. The
      // SDK sends when the page is hidden, so the page is closed once the SDK's chunk has arrived.
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/`);
      await page.mouse.click(5, 5);
      // The SDK defines DD_RUM once its chunk has run; a page it never reaches sends nothing.
      const started = await page
        .waitForFunction(() => "DD_RUM" in window, undefined, { timeout: 30_000 })
        .then(() => true, () => false);
      await page.close({ runBeforeUnload: true });
      for (let waited = 0; started && received === 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      return runs;
    });
  } finally {
    intake.close();
    await app.stop();
  }
  console.log(`| page | ${CATEGORIES.join(" | ")} | TBT | CLS |`);
  console.log(`|---|${CATEGORIES.map(() => "---|").join("")}---|---|`);
  result.forEach(({ scores, tbtMs, cls }, run) =>
    console.log(`| / (monitoring on, run ${run + 1} of ${RUNS}) | ${CATEGORIES.map((id) => scores[id]).join(" | ")} | ${tbtMs.toFixed(0)} ms | ${cls.toFixed(3)} |`),
  );
  result.forEach(({ below }, run) => below.length && console.log(`/ (monitoring on) run ${run + 1} loses points on: ${below.join("; ")}`));
  const withMonitoring = median(result.map((run) => run.scores.performance));
  const ok = configured && homeMedianWithoutMonitoring !== null && homeMedianWithoutMonitoring - withMonitoring <= MONITORING_MAX_LOSS;
  console.log(
    `Monitoring configured on this server: ${configured ? "yes" : "no"}; the intake stand-in received ${received} requests. ` +
      `/ median performance ${withMonitoring} with monitoring, ${homeMedianWithoutMonitoring ?? "not measured in this run (the lighthouse section did not run)"} without. ` +
      `Budget: within ${MONITORING_MAX_LOSS} points of without → ${passFail(ok)}`,
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
    // An image's label is its alt text or its tag, not text the element contains: an <img>, or an
    // SVG <image> (the live map's first view, whose tagName is lower-case).
    return tag === "IMG" || tag === "image" || text.replace(/\s+/g, " ").trim().startsWith(label);
  } finally {
    await browser.close();
  }
}

/** A route as a report's file name: `/` is home, `/profile/x` profile-x. */
const reportName = (route: string) => route.slice(1).replaceAll("/", "-") || "home";

type RepeatedAudit = { route: string; runs: Audit[]; lcpInHtml: boolean };

async function auditRepeatedly(baseUrl: string, route: string, port: number): Promise<RepeatedAudit> {
  const runs: Audit[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(`${baseUrl}${route}`, port, false, `${reportName(route)}-${run + 1}`));
  return { route, runs, lcpInHtml: await lcpInServerHtml(`${baseUrl}${route}`, runs[runs.length - 1].lcp) };
}

/** The page's budget (PAGE_BUDGETS), accessibility 100 and layout shift ≤ MAX_CLS in every run, the largest element in the HTML. */
function meetsRepeatedBudget({ route, runs, lcpInHtml }: RepeatedAudit): boolean {
  const budget = PAGE_BUDGETS[route];
  const performance = runs.map((run) => run.scores.performance);
  return (
    median(performance) >= budget.median &&
    Math.min(...performance) >= (budget.lowest ?? 0) &&
    median(runs.map((run) => run.tbtMs)) <= (budget.tbtMs ?? Number.POSITIVE_INFINITY) &&
    runs.every((run) => run.scores.accessibility === 100 && run.cls <= MAX_CLS) &&
    lcpInHtml
  );
}

const budgetText = (route: string) => {
  const budget = PAGE_BUDGETS[route];
  return [
    `median ≥ ${budget.median}`,
    budget.lowest !== undefined ? `no run < ${budget.lowest}` : null,
    budget.tbtMs !== undefined ? `blocking time median ≤ ${budget.tbtMs} ms` : null,
    "accessibility 100",
    `layout shift ≤ ${MAX_CLS}`,
    "largest element in the HTML",
  ]
    .filter(Boolean)
    .join(", ");
};

export async function benchLighthouse(api: BenchApi): Promise<boolean> {
  const baseUrl = api.baseUrl;
  console.log(`\n## Page quality: Lighthouse, mobile (simulated slow 4G, 4× CPU slowdown); each run's report in ${REPORTS_DIR}/`);
  return withLighthouseBrowser(async (context, port) => {
    const drawing = await context.newPage();
    await postLiveLooks(api, drawing);
    await drawing.close();
    const repeated: RepeatedAudit[] = [];
    for (const route of Object.keys(PAGE_BUDGETS)) repeated.push(await auditRepeatedly(baseUrl, route, port));

    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password").fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Signed in as").waitFor();
    await page.close();
    const dashboard = await audit(`${baseUrl}/dashboard`, port, true, "dashboard");

    console.log(`| page | ${CATEGORIES.join(" | ")} | TBT | CLS |`);
    console.log(`|---|${CATEGORIES.map(() => "---|").join("")}---|---|`);
    for (const { route, runs } of repeated) {
      runs.forEach(({ scores, tbtMs, cls }, run) =>
        console.log(`| ${route} (run ${run + 1} of ${RUNS}) | ${CATEGORIES.map((id) => scores[id]).join(" | ")} | ${tbtMs.toFixed(0)} ms | ${cls.toFixed(3)} |`),
      );
    }
    console.log(`| /dashboard (signed in) | ${CATEGORIES.map((id) => dashboard.scores[id]).join(" | ")} | ${dashboard.tbtMs.toFixed(0)} ms | ${dashboard.cls.toFixed(3)} |`);
    for (const { route, runs } of repeated) {
      runs.forEach(({ below }, run) => below.length && console.log(`${route} run ${run + 1} loses points on: ${below.join("; ")}`));
    }
    if (dashboard.below.length) console.log(`/dashboard (signed in) loses points on: ${dashboard.below.join("; ")}`);
    let ok = true;
    for (const result of repeated) {
      const performance = result.runs.map((run) => run.scores.performance);
      const lcp = result.runs[result.runs.length - 1].lcp;
      const passes = meetsRepeatedBudget(result);
      ok &&= passes;
      if (result.route === "/") homeMedianWithoutMonitoring = median(performance);
      console.log(
        `${result.route}: median performance ${median(performance)} (runs ${performance.join(", ")}), blocking time median ${median(result.runs.map((run) => run.tbtMs)).toFixed(0)} ms, ` +
          `layout shift at most ${Math.max(...result.runs.map((run) => run.cls)).toFixed(3)}, accessibility ${result.runs.map((run) => run.scores.accessibility).join(", ")}; ` +
          `largest contentful element ${lcp ? `\`${lcp.selector}\` ("${lcp.nodeLabel.slice(0, 60)}")` : "not reported"} ${result.lcpInHtml ? "is" : "is not"} in the server's HTML. ` +
          `Budget: ${budgetText(result.route)} → ${passFail(passes)}`,
      );
    }
    const homeBestPractices = repeated[0].runs.every((run) => run.scores["best-practices"] >= BUDGET);
    console.log(`Budget: best practices ≥ ${BUDGET} on / in every run → ${passFail(homeBestPractices)}`);
    return ok && homeBestPractices;
  });
}
