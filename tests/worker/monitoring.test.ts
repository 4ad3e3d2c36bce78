// Session monitoring on the worker's side (docs/monitoring.md): the vars it reads, the config
// endpoint, the Content-Security-Policy with and without it, and the request id of an unexpected 500.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import worker from "../../worker/index";
import { DEFAULT_REPLAY_SAMPLE_RATE, monitoringConfig, monitoringOrigin, type MonitoringVars } from "../../worker/lib/monitoring";
import { contentSecurityPolicy } from "../../worker/lib/security-headers";
import { api } from "./helpers";

const TILES = "https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png";
const UNSET: MonitoringVars = {
  RUM_APPLICATION_ID: "",
  RUM_CLIENT_TOKEN: "",
  RUM_SITE: "datadoghq.com",
  RUM_ENV: "production",
  RUM_PROXY: "",
  RUM_REPLAY_SAMPLE_RATE: "20",
};
// Env's vars are typed as wrangler.toml's literal defaults; a deployment sets other strings.
const configured = (vars: Partial<Record<keyof MonitoringVars, string>>) =>
  ({ ...UNSET, RUM_APPLICATION_ID: "app-id", RUM_CLIENT_TOKEN: "pub-token", ...vars }) as unknown as MonitoringVars;

describe("monitoringConfig()", () => {
  it("is off with wrangler.toml's defaults, and without an application id or client token", () => {
    expect(monitoringConfig(env)).toBeNull();
    expect(monitoringConfig(configured({ RUM_APPLICATION_ID: " " }))).toBeNull();
    expect(monitoringConfig(configured({ RUM_CLIENT_TOKEN: "" }))).toBeNull();
  });

  it("hands the browser the configured settings, with the spec's defaults", () => {
    expect(monitoringConfig(configured({}))).toEqual({
      application_id: "app-id",
      client_token: "pub-token",
      site: "datadoghq.com",
      env: "production",
      proxy: null,
      replay_sample_rate: 20,
    });
    expect(DEFAULT_REPLAY_SAMPLE_RATE).toBe(20);
    expect(monitoringConfig(configured({ RUM_SITE: "", RUM_ENV: "" }))).toMatchObject({ site: "datadoghq.com", env: "production" });
    expect(monitoringConfig(configured({ RUM_SITE: "datadoghq.eu", RUM_ENV: "staging", RUM_REPLAY_SAMPLE_RATE: "100" }))).toMatchObject({
      site: "datadoghq.eu",
      env: "staging",
      replay_sample_rate: 100,
    });
  });

  it.each(["", "abc", "20.5", "-1", "101"])("keeps 20 percent of replays for RUM_REPLAY_SAMPLE_RATE %j", (rate) => {
    expect(monitoringConfig(configured({ RUM_REPLAY_SAMPLE_RATE: rate }))?.replay_sample_rate).toBe(20);
  });

  it("stays off rather than send somewhere unintended", () => {
    for (const vars of [
      { RUM_SITE: "https://datadoghq.com" },
      { RUM_SITE: "datadoghq.com/evil" },
      { RUM_PROXY: "javascript:alert(1)" },
      { RUM_PROXY: "//elsewhere.example" },
      { RUM_PROXY: "not a url" },
    ]) {
      expect(monitoringConfig(configured(vars)), JSON.stringify(vars)).toBeNull();
    }
    expect(monitoringConfig(configured({ RUM_PROXY: "https://rum.example.com/forward" }))?.proxy).toBe("https://rum.example.com/forward");
    expect(monitoringConfig(configured({ RUM_PROXY: "/rum" }))?.proxy).toBe("/rum");
  });
});

describe("monitoringOrigin()", () => {
  it.each([
    ["datadoghq.com", "", "https://browser-intake-datadoghq.com"],
    ["us3.datadoghq.com", "", "https://browser-intake-us3-datadoghq.com"],
    ["datadoghq.eu", "", "https://browser-intake-datadoghq.eu"],
    ["datadoghq.com", "http://127.0.0.1:9999/rum", "http://127.0.0.1:9999"],
    ["datadoghq.com", "/rum", null],
  ])("site %s, proxy %j → %s", (site, proxy, origin) => {
    expect(monitoringOrigin(monitoringConfig(configured({ RUM_SITE: site, RUM_PROXY: proxy }))!)).toBe(origin);
  });
});

describe("Content-Security-Policy with session monitoring", () => {
  it("is unchanged while monitoring is off", () => {
    expect(contentSecurityPolicy(TILES, null)).toBe(contentSecurityPolicy(TILES));
    expect(contentSecurityPolicy(TILES)).toContain("connect-src 'self';");
    expect(contentSecurityPolicy(TILES)).toContain("worker-src 'self';");
  });

  it("gains exactly the intake origin and blob: workers when configured", () => {
    const csp = contentSecurityPolicy(TILES, monitoringConfig(configured({ RUM_SITE: "datadoghq.eu" })));
    expect(csp).toContain("connect-src 'self' https://browser-intake-datadoghq.eu;");
    // 'self' stays: the app's service worker (docs/app.md) must still register.
    expect(csp).toContain("worker-src 'self' blob:;");
    expect(csp).toContain("script-src 'self';");
  });

  it("is what the worker sends with the app's HTML", async () => {
    // The test pool serves no built assets: the app's HTML is a stand-in.
    const ASSETS = { fetch: async () => new Response("<!doctype html>", { headers: { "content-type": "text/html" } }) };
    const page = (vars: object) =>
      worker.fetch(new Request("https://third-place.test/live-look"), { ...env, ASSETS, ...vars } as unknown as Env, {} as ExecutionContext);
    const off = await page({});
    expect(off.headers.get("content-security-policy")).toBe(contentSecurityPolicy(env.MAP_TILE_URL));
    const on = await page({ RUM_APPLICATION_ID: "app-id", RUM_CLIENT_TOKEN: "pub-token", RUM_PROXY: "https://rum.example.com/in" });
    expect(on.headers.get("content-security-policy")).toContain("connect-src 'self' https://rum.example.com;");
  });
});

describe("GET /api/config/monitoring", () => {
  it("answers rum: null while monitoring is off (the local default)", async () => {
    const response = await api("/api/config/monitoring");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rum: null });
  });

  it("answers the settings when configured", async () => {
    const response = await app.request(
      "/api/config/monitoring",
      {},
      { ...env, RUM_APPLICATION_ID: "app-id", RUM_CLIENT_TOKEN: "pub-token", RUM_ENV: "staging" },
    );
    expect(await response.json()).toEqual({
      rum: { application_id: "app-id", client_token: "pub-token", site: "datadoghq.com", env: "staging", proxy: null, replay_sample_rate: 20 },
    });
  });
});

describe("an unexpected failure", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the usual sentence with a request id, and logs that id as one JSON line", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // Without its database the place list cannot be read: a bug on our side, as far as the route knows.
    const response = await app.request("/api/places?secret=x", {}, { ...env, DB: undefined });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; request_id: string };
    expect(body.error).toBe("Something went wrong on our side. Please try again.");
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toHaveBeenCalledOnce();
    const line = JSON.parse(String(logged.mock.calls[0][0]));
    expect(line).toMatchObject({ level: "error", request_id: body.request_id, method: "GET", path: "/api/places" });
    expect(JSON.stringify(line)).not.toContain("secret");
  });

  it("gives a 5xx we answer on purpose (health without its database) its words, a request id and the same log line", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await app.request("/api/health", {}, { ...env, DB: undefined });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; request_id: string };
    expect(body.error).toBe("The database is unreachable.");
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logged.mock.calls.map((call) => String(call[0])).filter((text) => text.startsWith("{"));
    expect(lines.map((text) => JSON.parse(text))).toEqual([expect.objectContaining({ level: "error", request_id: body.request_id, path: "/api/health" })]);
  });
});
