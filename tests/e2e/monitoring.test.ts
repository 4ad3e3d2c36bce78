// Session monitoring in Chromium (docs/monitoring.md). Unconfigured (this file's server, as
// `npm start` runs): a visit sends nothing to a monitoring host, downloads no SDK and keeps the
// CSP. Configured (a second server whose RUM_PROXY points at a receiver in this test): the
// receiver gets view events with the configured env and the package's version, a failed read as
// an error with its route, and a session replay; no payload, inflated, holds a password typed on
// /auth or a dashboard link's token.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { constants, inflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import packageJson from "../../package.json";
import { copyState, freePort, serveState, type ServedApp } from "../../scripts/serve-built-app.ts";
import { root } from "../../scripts/local-state.ts";
import { launchBrowser, openPage } from "./browser";
import { baseUrl } from "./server";

/** The SDK's chunks in this build: client/lib/rum.ts and what it imports from @datadog. */
function sdkChunks(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, "dist", "client", ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(([key]) => key === "client/lib/rum.ts" || key.includes("node_modules/@datadog/"))
    .map(([, chunk]) => `/${chunk.file}`);
}

const MONITORING_HOST = /datadog|browser-intake|ddforward/i;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the loader's question to the worker: by then monitoring has started or decided not to. */
const monitoringDecided = (page: Page) => page.waitForResponse((response) => response.url().endsWith("/api/config/monitoring"));

describe("session monitoring, unconfigured", () => {
  it("sends nothing to a monitoring host and downloads no SDK through home, live map, profile and dashboard; the CSP is unchanged", async () => {
    const chunks = sdkChunks();
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const page = await openPage(browser, "about:blank");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    const appOrigin = new URL(baseUrl).origin;

    for (const route of ["/", "/live-look", "/profile/the-copper-lantern", "/dashboard"]) {
      const decided = monitoringDecided(page);
      const response = await page.goto(route);
      // A page of islands (home, a profile, the live map) asks at the visitor's first touch (docs/monitoring.md#on-a-page-of-islands).
      if (route === "/" || route === "/live-look" || route.startsWith("/profile/")) await page.locator("main h1").first().click();
      const csp = response!.headers()["content-security-policy"];
      expect(csp).toContain("connect-src 'self';");
      // Only the app's own service worker (docs/app.md), no blob: workers.
      expect(csp).toContain("worker-src 'self';");
      expect(await (await decided).json()).toEqual({ rum: null });
    }

    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((url) => MONITORING_HOST.test(url))).toEqual([]);
    expect(requested.filter((url) => chunks.some((chunk) => url.endsWith(chunk)))).toEqual([]);
    // Everything else went to the app itself or the basemap's tile host.
    expect(requested.filter((url) => new URL(url).origin !== appOrigin && !url.includes("basemaps.cartocdn.com"))).toEqual([]);
    await page.context().close();
  });
});

interface Received {
  /** The intake path the SDK asked the proxy to forward to, e.g. /api/v2/rum. */
  track: string;
  /** Every readable form of the body: as sent, inflated, and each multipart part inflated. */
  texts: string[];
}

/** zlib-inflated `data` when it is deflated (the SDK's compression), else null. */
function inflated(data: Buffer): string | null {
  try {
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");
  } catch {
    return null;
  }
}

/** A stand-in for Datadog's intake behind RUM_PROXY: keeps what arrives, answers like the intake. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      response.writeHead(202, { "access-control-allow-origin": "*", "access-control-allow-headers": "*" });
      response.end();
      if (request.method !== "POST") return;
      const body = Buffer.concat(chunks);
      const url = new URL(request.url!, "http://receiver");
      const texts = [body.toString("latin1"), request.url!];
      const whole = inflated(body);
      if (whole !== null) texts.push(whole);
      const type = request.headers["content-type"] ?? "";
      if (type.startsWith("multipart/form-data")) {
        const form = await new globalThis.Response(body, { headers: { "content-type": type } }).formData();
        const parts: FormDataEntryValue[] = [];
        form.forEach((value) => parts.push(value));
        for (const value of parts) {
          const part = typeof value === "string" ? Buffer.from(value) : Buffer.from(new Uint8Array(await value.arrayBuffer()));
          texts.push(part.toString("latin1"), inflated(part) ?? "");
        }
      }
      received.push({ track: (url.searchParams.get("ddforward") ?? "").split("?")[0], texts });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, received, server };
}

/** What this test reads of a RUM event. */
interface RumEventJson {
  type: string;
  /** "env:…,service:…,version:…" and the SDK's own tags: where an event carries its env. */
  ddtags?: string;
  version?: string;
  service?: string;
  application: { id: string };
  view: { id: string; url: string; name?: string };
  /** What the app added to an error it reported itself. */
  context?: Record<string, unknown>;
}

/** The RUM events received so far (newline-delimited JSON in the readable body). */
function rumEvents(received: Received[]): RumEventJson[] {
  return received
    .filter((request) => request.track === "/api/v2/rum")
    // What the SDK could not compress before the page went away is sent as it is, after a newline.
    .flatMap((request) => request.texts.map((text) => text.trim()).filter((text) => text.startsWith("{")).slice(0, 1))
    .flatMap((text) => jsonObjects(text).map((json) => JSON.parse(json) as RumEventJson));
}

/**
 * The JSON objects in `text`, newline-separated or not: when a batch is finished while the
 * compression worker still holds a write, the SDK starts the next message without its newline and
 * sends the two back to back at the page's exit ("{…}{…}", seen once on CI).
 */
function jsonObjects(text: string): string[] {
  const objects: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") {
      if (depth++ === 0) start = index;
    } else if (char === "}" && --depth === 0) objects.push(text.slice(start, index + 1));
  }
  return objects;
}

/** Makes the page hidden, which the SDK treats as the page's exit: it sends what it holds at once. */
function hideFromTheSdk(page: Page) {
  return page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("session monitoring, configured", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let app: ServedApp;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A copy of the seeded state the shared servers started from: seeding again took a minute.
    app = await serveState(copyState(inject("stateTemplate")), undefined, {
      RUM_APPLICATION_ID: "e2e-application",
      RUM_CLIENT_TOKEN: "pub-e2e-client-token",
      RUM_ENV: "e2e",
      RUM_PROXY: `${receiver.url}/rum`,
      // Every session records a replay here, so the test sees one (the default stays 20).
      RUM_REPLAY_SAMPLE_RATE: "100",
    });
  });
  afterAll(async () => {
    receiver?.server.close();
    await app?.stop();
  });

  it("sends views with env and version and a masked replay, and never the password or the dashboard link's token", async () => {
    const password = `pw-${randomUUID()}`;
    const token = `tok-${randomUUID()}`;
    // The npm package also exposes the SDK as window.DD_RUM, which says when it has started a
    // page's view and when the replay records: from then on, leaving the page sends them.
    type Sdk = { getInternalContext(): { view?: { id?: string; url?: string } } | undefined; getSessionReplayLink(): string | undefined };
    const monitored = async (page: Page, route: string) => {
      const response = await page.goto(route);
      // A page of islands loads monitoring at the visitor's first touch or key (docs/monitoring.md#on-a-page-of-islands).
      if (route === "/" || route === "/live-look") await page.locator("main h1").first().click();
      await page.waitForFunction(
        (pathname) => (window as unknown as { DD_RUM?: Sdk }).DD_RUM?.getInternalContext()?.view?.url?.includes(pathname),
        new URL(route, app.baseUrl).pathname,
      );
      return response!;
    };
    const recording = (page: Page) =>
      page.waitForFunction(() => {
        const link = (window as unknown as { DD_RUM?: Sdk }).DD_RUM?.getSessionReplayLink();
        return link && !link.includes("error-type=");
      });

    const page = await openPage(browser, "about:blank", undefined, undefined, app.baseUrl);
    const csp = (await monitored(page, "/")).headers()["content-security-policy"];
    expect(csp).toContain(`connect-src 'self' ${receiver.url};`);
    expect(csp).toContain("worker-src 'self' blob:");

    await monitored(page, "/auth");
    // Replay starts at the first click or key (docs/monitoring.md).
    await page.getByLabel("Password").click();
    await recording(page);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Email").fill("someone@example.com");
    // A hidden page is a page exit to the SDK: it sends the view's replay while the page is still
    // alive, and the test waits for it before leaving. Left to the next page load, the replay went
    // out as a beacon from a page being torn down and was lost twice on loaded machines.
    const authView = (await page.evaluate(() => (window as unknown as { DD_RUM?: Sdk }).DD_RUM?.getInternalContext()?.view?.id))!;
    expect(authView).toBeTruthy();
    await hideFromTheSdk(page);
    await expect
      .poll(() => receiver.received.filter((request) => request.track === "/api/v2/replay" && request.texts.some((text) => text.includes(authView))).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);

    // The app takes the token out of the address before anything loads; the SDK must not see it either.
    await monitored(page, `/dashboard?token=${token}&user_id=1`);

    // A read that fails (this venue does not exist) is reported with its route and status.
    await monitored(page, "/profile/no-such-venue");
    await page.waitForFunction(() => document.title.startsWith("Venue not found"));
    // Hidden again on every try, so what the SDK collected after an earlier flush (the page's error,
    // the view's last update) goes out with the next while the page is alive, never as a beacon
    // from a page being torn down.
    await expect
      .poll(
        async () => {
          await hideFromTheSdk(page);
          return rumEvents(receiver.received).filter((event) => event.type === "view").map((event) => new URL(event.view.url).pathname);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual(expect.arrayContaining(["/", "/auth", "/dashboard", "/profile/no-such-venue"]));
    await page.goto("about:blank");
    const views = rumEvents(receiver.received).filter((event) => event.type === "view");
    for (const view of views) {
      expect(view).toMatchObject({ version: packageJson.version, service: "third-place", application: { id: "e2e-application" } });
      expect(view.ddtags?.split(",")).toEqual(expect.arrayContaining(["env:e2e", `version:${packageJson.version}`]));
    }
    expect(views.find((view) => view.view.url.includes("/dashboard"))!.view.name).toBe("/dashboard");
    expect(rumEvents(receiver.received).filter((event) => event.type === "error").map((event) => event.context)).toContainEqual({
      source: "data",
      status: 404,
      route: "/profile/:barId",
    });

    // The /auth page's replay (awaited above), with its inputs masked.
    expect(views.find((view) => new URL(view.view.url).pathname === "/auth")!.view.id).toBe(authView);
    const authReplay = receiver.received.filter((request) => request.track === "/api/v2/replay" && request.texts.some((text) => text.includes(authView)));
    expect(authReplay.some((request) => request.texts.some((text) => text.includes('"records"') && text.includes("***")))).toBe(true);

    const everything = receiver.received.flatMap((request) => request.texts);
    expect(everything.filter((text) => text.includes(password))).toEqual([]);
    expect(everything.filter((text) => text.includes(token))).toEqual([]);
    await page.context().close();
    // Five page loads, a replay and two waits of up to 30 s for the receiver: the default 60 s ran
    // out once on a loaded CI machine.
  }, 180_000);
});
