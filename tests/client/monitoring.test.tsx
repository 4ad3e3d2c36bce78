// Session monitoring in the browser (docs/monitoring.md): the SDK's settings against the spec's
// constants, what is scrubbed before anything is sent, replay privacy per page, and the loader that
// downloads the SDK only when the worker says monitoring is configured.
import type { RumEvent } from "@datadog/browser-rum";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, matchRoutes, RouterProvider, type DataRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import packageJson from "../../package.json";
import { publicApi } from "../../client/api/endpoints";
import { useApi } from "../../client/api/useApi";
import { reportError, startMonitoring } from "../../client/lib/monitoring";
import { pagePrivacy } from "../../client/lib/pagePrivacy";
import { routeName, rumInitOptions, scrub, scrubEvent, scrubUrl } from "../../client/lib/rumSettings";
import { Layout } from "../../client/components/Layout";
import { ErrorPage } from "../../client/pages/ErrorPage";
import { routes } from "../../client/routes";
import { MONITORING_CONFIG as CONFIG } from "./monitoring-fixtures";

const rum = vi.hoisted(() => ({ startRum: vi.fn(), report: vi.fn() }));
// The SDK's chunk: the loader must import it only when configured.
vi.mock("../../client/lib/rum", () => rum);


describe("rumInitOptions()", () => {
  it("gives the SDK the spec's sampling and privacy: 100 % of sessions, 20 % of replays, input masked", () => {
    const options = rumInitOptions(CONFIG, packageJson.version);
    expect(options).toMatchObject({
      applicationId: "app-id",
      clientToken: "pub-token",
      site: "datadoghq.com",
      env: "production",
      version: packageJson.version,
      sessionSampleRate: 100,
      sessionReplaySampleRate: 20,
      defaultPrivacyLevel: "mask-user-input",
      enablePrivacyForActionName: true,
      compressIntakeRequests: true,
      telemetrySampleRate: 0,
    });
    expect(options.proxy).toBeUndefined();
    expect(options.beforeSend).toBe(scrubEvent);
  });

  it("takes env, proxy and the replay rate from the configuration", () => {
    expect(rumInitOptions({ ...CONFIG, env: "staging", proxy: "https://rum.example.com/in", replay_sample_rate: 100 }, "1.0.0")).toMatchObject({
      env: "staging",
      proxy: "https://rum.example.com/in",
      sessionReplaySampleRate: 100,
      version: "1.0.0",
    });
  });
});

describe("scrub()", () => {
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
  it.each([
    [`https://app.test/invite/${jwt}`, "https://app.test/invite/redacted"],
    ["https://app.test/invite/abc?x=1", "https://app.test/invite/redacted?x=redacted"],
    ["https://app.test/dashboard?token=secret&user_id=3&place_id=5&tab=people", "https://app.test/dashboard?token=redacted&user_id=redacted&place_id=5&tab=people"],
    ["https://app.test/dashboard?code=one-time", "https://app.test/dashboard?code=redacted"],
    ["https://app.test/live-look?open_now=1&level=Lively&sort=quietest", "https://app.test/live-look?open_now=1&level=Lively&sort=quietest"],
    ["https://app.test/auth?next=%2Finvite%2Fabc", "https://app.test/auth?next=redacted"],
    [`Request failed: Bearer ${jwt}`, "Request failed: Bearer redacted"],
    // A value ends only at &, #, a quote or white space: rather too much redacted than too little.
    ["Failed to load /invite/abc.def (see https://app.test/x?token=t) now", "Failed to load /invite/redacted (see https://app.test/x?token=redacted now"],
  ])("%s → %s", (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it("drops a URL's fragment", () => {
    expect(scrubUrl("https://app.test/faq?token=x#access_token=y")).toBe("https://app.test/faq?token=redacted");
  });
});

describe("scrubEvent()", () => {
  const view = { url: "https://app.test/dashboard?token=abc", referrer: "https://app.test/invite/xyz" };
  const scrubbed = (event: object) => {
    const copy = structuredClone(event) as RumEvent;
    expect(scrubEvent(copy)).toBe(true);
    return copy;
  };

  it("scrubs the view's address and referrer on every event", () => {
    expect(scrubbed({ type: "view", view: { ...view, performance: { lcp: { resource_url: "https://app.test/i?token=1" } } } })).toMatchObject({
      view: { url: "https://app.test/dashboard?token=redacted", referrer: "https://app.test/invite/redacted", performance: { lcp: { resource_url: "https://app.test/i?token=redacted" } } },
    });
  });

  it("scrubs resources, errors, actions and long tasks", () => {
    expect(scrubbed({ type: "resource", view, resource: { url: "https://app.test/api/x?token=abc" } })).toMatchObject({
      resource: { url: "https://app.test/api/x?token=redacted" },
    });
    expect(
      scrubbed({ type: "error", view, error: { message: "at /invite/abc", stack: "?code=1", resource: { url: "https://app.test/invite/abc" } } }),
    ).toMatchObject({ error: { message: "at /invite/redacted", stack: "?code=redacted", resource: { url: "https://app.test/invite/redacted" } } });
    expect(scrubbed({ type: "action", view, action: { target: { name: "https://app.test/invite/abc" } } })).toMatchObject({
      action: { target: { name: "https://app.test/invite/redacted" } },
    });
    expect(scrubbed({ type: "long_task", view, long_task: { scripts: [{ source_url: "https://app.test/a.js?token=1", invoker: "x" }] } })).toMatchObject({
      long_task: { scripts: [{ source_url: "https://app.test/a.js?token=redacted" }] },
    });
  });
});

describe("pagePrivacy() and routeName()", () => {
  it.each([
    ["/", "input", "/"],
    ["/profile/the-copper-lantern", "input", "/profile/:barId"],
    ["/auth", "input", "/auth"],
    ["/dashboard", "mask", "/dashboard"],
    ["/place_info", "mask", "/place_info"],
    // What friends wrote, and who goes where.
    ["/app/messages/12", "mask", "/app/messages/:conversationId"],
    ["/app/plans/3", "mask", "/app/plans/:planId"],
    ["/app/plans", "mask", "/app/plans"],
    ["/app/plans/new", "mask", "/app/plans/new"],
    // Friends and their whereabouts, and the inbox that tells of them (issue 37 #5).
    ["/app/friends", "mask", "/app/friends"],
    ["/app/inbox", "mask", "/app/inbox"],
    // An invite page's address is its token, and the page shows it as a link and a QR code: nothing recorded.
    ["/app/friends/invite/tok3n", "off", "/app/friends/invite/:token"],
    ["/app/Friends/%69nvite/tok3n", "off", "/app/friends/invite/:token"],
    ["/app", "input", "/app"],
    ["/admin", "off", "/admin"],
    ["/admin/edit-event/3", "off", "/admin/edit-event/:eventId"],
    ["/invite/eyJabc", "off", "/invite/:token"],
    ["/no-such-page", "input", "/*"],
    // The router matches any case and decodes escapes: so must the rules.
    ["/Admin", "off", "/admin"],
    ["/INVITE/eyJabc", "off", "/invite/:token"],
    ["/%64ashboard", "mask", "/dashboard"],
  ])("%s: replay %s, view %s", (pathname, privacy, name) => {
    expect(pagePrivacy(pathname)).toBe(privacy);
    expect(routeName(matchRoutes(routes, pathname)!.map((match) => match.route.path))).toBe(name);
  });
});

describe("every route's replay privacy (issue 37 #5)", () => {
  /** Every route's path pattern, nested paths joined, with each parameter given a sample value. */
  const paths = (list: typeof routes, parent = ""): string[] =>
    list.flatMap((route) => {
      const path = route.index ? parent : `${parent}/${route.path ?? ""}`.replace(/\/+/g, "/");
      return [path, ...(route.children ? paths(route.children as typeof routes, path) : [])];
    });
  const all = [...new Set(paths(routes))].filter((path) => path !== "/*");

  it("records nothing of a page whose address holds a token or invite", () => {
    const secret = all.filter((path) => /:token|invite/i.test(path));
    expect(secret).toEqual(expect.arrayContaining(["/invite/:token", "/app/friends/invite/:token"]));
    for (const path of secret) expect(pagePrivacy(path.replace(/:\w+/g, "x")), path).toBe("off");
  });

  it("masks every friends, inbox, plan and messages page entirely", () => {
    const social = all.filter((path) => /^\/app\/(friends|inbox|plans|messages)/.test(path) && !/invite/.test(path));
    expect(social.length).toBeGreaterThanOrEqual(7);
    for (const path of social) expect(pagePrivacy(path.replace(/:\w+/g, "12")), path).toBe("mask");
  });
});

describe("each page's replay privacy on its own root", () => {
  // A replay snapshot taken while one page gives way to the next must mask the page it still
  // shows by that page's rule: the attribute lives on the page's root, not on <body>.
  it("marks owner pages masked, admin and invite pages hidden, others input-masked, changing with the page", async () => {
    const Page = () => <p>page</p>;
    const router = createMemoryRouter(
      [{ path: "/", Component: Layout, children: ["dashboard", "admin", "invite/:token", "profile/:barId"].map((path) => ({ path, Component: Page })) }],
      { initialEntries: ["/dashboard"] },
    );
    const { container } = render(<RouterProvider router={router} />);
    const privacy = () => container.querySelector(".page-root")!.getAttribute("data-dd-privacy");
    await screen.findByText("page");
    expect(privacy()).toBe("mask");
    for (const [path, value] of [["/Admin", "hidden"], ["/invite/eyJabc", "hidden"], ["/profile/3", "mask-user-input"]]) {
      await act(() => router.navigate(path));
      expect(privacy()).toBe(value);
    }
    expect(document.body.hasAttribute("data-dd-privacy")).toBe(false);
  });
});

describe("the loader and the error reporter", () => {
  const router = {} as DataRouter;
  const answer = (body: object, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("keeps errors caught before the loader has decided, for the SDK once it runs", async () => {
    // A page's first errors come before monitoring starts: a fresh copy of the module, as a page load has.
    vi.resetModules();
    const fresh = await import("../../client/lib/monitoring");
    const early = new Error("the first page's read failed");
    fresh.reportError(early, { source: "data" });
    rum.startRum.mockReturnValueOnce(rum.report);
    vi.stubGlobal("fetch", vi.fn(async () => answer({ rum: CONFIG })));
    void fresh.startMonitoring(router, Promise.resolve());
    await waitFor(() => expect(rum.report).toHaveBeenCalledWith(early, { source: "data" }));
    rum.startRum.mockClear();
    rum.report.mockClear();
  });

  it("asks nothing before the page has settled", async () => {
    const fetch = vi.fn(async () => answer({ rum: null }));
    vi.stubGlobal("fetch", fetch);
    // Idle at once, so only the page's settling can hold the loader back: no waiting on a clock.
    vi.stubGlobal("requestIdleCallback", (task: () => void) => {
      task();
      return 0;
    });
    let settle!: () => void;
    const started = startMonitoring(router, new Promise<void>((resolve) => (settle = resolve)));
    // Everything the loader could do without the page settled runs in this task's microtasks.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
    settle();
    await started;
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    // jsdom has no idle callbacks: the loader falls back to a timer again.
    vi.stubGlobal("requestIdleCallback", undefined);
  });

  it("downloads nothing more while monitoring is off, and reports go nowhere", async () => {
    const fetch = vi.fn(async () => answer({ rum: null }));
    vi.stubGlobal("fetch", fetch);
    void startMonitoring(router, Promise.resolve());
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(String(fetch.mock.calls[0])).toContain("/api/config/monitoring");
    reportError(new Error("nobody listens"), { source: "test" });
    // That no monitoring chunk is then downloaded is checked in the browser (tests/e2e/monitoring.test.ts).
    expect(rum.startRum).not.toHaveBeenCalled();
  });

  it("starts the SDK when configured and forwards the error page's and failed reads' errors", async () => {
    rum.startRum.mockReturnValue(rum.report);
    // The failed read and the error page also log to the console, as they should.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes("/api/config/monitoring") ? answer({ rum: CONFIG }) : answer({ error: "Something went wrong on our side. Please try again.", request_id: "req-1" }, 500),
    );
    vi.stubGlobal("fetch", fetch);
    void startMonitoring(router, Promise.resolve());
    await waitFor(() => expect(rum.startRum).toHaveBeenCalledWith(CONFIG, router));

    renderHook(() => useApi(publicApi.live()));
    await waitFor(() =>
      expect(rum.report).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }), { source: "data", status: 500, request_id: "req-1" }),
    );

    const Broken = () => {
      throw new Error("chart exploded");
    };
    render(<RouterProvider router={createMemoryRouter([{ path: "/", Component: Broken, ErrorBoundary: ErrorPage }])} />);
    expect(await screen.findByText("Unexpected Application Error!")).toBeInTheDocument();
    expect(rum.report).toHaveBeenCalledWith(expect.objectContaining({ message: "chart exploded" }), { source: "error-boundary" });
  });
});
