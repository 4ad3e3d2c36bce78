// The installable app's pure pieces (docs/app.md): the service worker's caching and push rules,
// saved places' last known level with its age, the iPhone guide's detection, the update banner.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ageText, describeLevel, loadLiveLevels } from "../../client/app/lastKnown";
import { InstallOffer } from "../../client/app/InstallOffer";
import { needsIosGuide, offerInstall } from "../../client/app/install";
import { showUpdateBanner } from "../../client/app/registerServiceWorker";
import {
  carriesCredentials,
  clickEffect,
  FROM_CACHE_HEADER,
  isAppPage,
  isPublicApiRead,
  mayKeep,
  SKIP_WAITING_MESSAGE,
} from "../../client/sw/policy";
import { readPushPayload } from "../../client/sw/pushPayload";

const ORIGIN = "https://thirdplace.example";
const NOW = Date.parse("2026-06-12T21:00:00Z");
const url = (path: string, origin = ORIGIN) => new URL(path, origin);

describe("service worker: what it caches", () => {
  it("treats the signed-out client's empty bearer as no credentials, any token as credentials", () => {
    expect(carriesCredentials(null)).toBe(false);
    expect(carriesCredentials("Bearer ")).toBe(false);
    expect(carriesCredentials("Bearer abc.def")).toBe(true);
    expect(carriesCredentials("Basic dXNlcjpwdw==")).toBe(true);
  });

  it("handles only credential-free GETs of our own API", () => {
    expect(isPublicApiRead("GET", url("/api/live"), ORIGIN, "Bearer ")).toBe(true);
    expect(isPublicApiRead("GET", url("/api/place/the-bar"), ORIGIN, null)).toBe(true);
    expect(isPublicApiRead("GET", url("/api/live"), ORIGIN, "Bearer token")).toBe(false);
    expect(isPublicApiRead("POST", url("/api/live"), ORIGIN, null)).toBe(false);
    expect(isPublicApiRead("GET", url("/api/live", "https://elsewhere.example"), ORIGIN, null)).toBe(false);
    expect(isPublicApiRead("GET", url("/apiary"), ORIGIN, null)).toBe(false);
  });

  it("answers offline navigations with the shell only for the app's pages, never the API, robots.txt or the sitemap", () => {
    for (const path of ["/", "/profile/the-bar", "/live-look?level=Lively", "/app/settings", "/apiary"]) expect(isAppPage(url(path), ORIGIN), path).toBe(true);
    for (const path of ["/api/places/the-bar/embed", "/api/places/the-bar/events.ics", "/api", "/robots.txt", "/sitemap.xml"]) {
      expect(isAppPage(url(path), ORIGIN), path).toBe(false);
    }
    expect(isAppPage(url("/", "https://elsewhere.example"), ORIGIN)).toBe(false);
  });

  it("keeps only 200s the server did not mark private or no-store", () => {
    expect(mayKeep(200, "public, max-age=30, s-maxage=30")).toBe(true);
    expect(mayKeep(200, "no-cache")).toBe(true);
    expect(mayKeep(200, "no-store")).toBe(false);
    expect(mayKeep(200, "private, max-age=60")).toBe(false);
    expect(mayKeep(200, null)).toBe(false);
    expect(mayKeep(404, "public, max-age=60")).toBe(false);
  });
});

describe("service worker: Web Push", () => {
  const payload = { title: "The Bar is Relaxed", body: "Room to sit now.", url: "/profile/the-bar", tag: "watch-7" };

  it("accepts the documented payload and refuses others, or links off our origin", () => {
    expect(readPushPayload(payload)).toEqual(payload);
    expect(readPushPayload({ ...payload, stop_url: "/api/watches/stop/tok" })?.stop_url).toBe("/api/watches/stop/tok");
    expect(readPushPayload({ ...payload, url: "https://evil.example/" })).toBeNull();
    expect(readPushPayload({ ...payload, url: "//evil.example/" })).toBeNull();
    expect(readPushPayload({ ...payload, stop_url: "https://evil.example/stop" })).toBeNull();
    expect(readPushPayload({ title: "no url" })).toBeNull();
    expect(readPushPayload("text")).toBeNull();
  });

  it("refuses paths a browser resolves to another host: backslashes, tabs and newlines, control characters (issue 37)", () => {
    // Each of these, resolved against our origin, leaves it: the URL parser reads "\\" as "/" and drops tabs and newlines.
    const offOrigin = ["/\\evil.example", "/\\/evil.example", "\\/evil.example", "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/\u0000/evil.example", " //evil.example"];
    for (const url of offOrigin) {
      expect(readPushPayload({ ...payload, url }), JSON.stringify(url)).toBeNull();
      expect(readPushPayload({ ...payload, stop_url: url }), JSON.stringify(url)).toBeNull();
    }
    // Our own paths, with queries, fragments and escapes, still pass.
    for (const url of ["/app/plans/12", "/profile/the-bar?tab=hours#now", "/app/messages/4%2F5"]) expect(readPushPayload({ ...payload, url })?.url).toBe(url);
  });

  it("opens the profile on a click, and POSTs the stop URL on the stop action", () => {
    const withStop = { ...payload, stop_url: "/api/watches/stop/tok" };
    expect(clickEffect(withStop, "")).toEqual({ open: "/profile/the-bar" });
    expect(clickEffect(withStop, "stop")).toEqual({ post: "/api/watches/stop/tok" });
    expect(clickEffect(payload, "stop")).toEqual({ open: "/profile/the-bar" });
  });
});

describe("last known level", () => {
  const fetchedAt = "2026-06-12T20:35:00Z";

  it("words ages", () => {
    expect(ageText(20_000)).toBe("just now");
    expect(ageText(25 * 60_000)).toBe("25 min ago");
    expect(ageText(3 * 3600_000 + 5 * 60_000)).toBe("3 h ago");
    expect(ageText(26 * 3600_000)).toBe("1 day ago");
    expect(ageText(50 * 3600_000)).toBe("2 days ago");
    expect(ageText(-5_000)).toBe("just now");
  });

  it("shows a live level bare, a kept one always with its age", () => {
    const place = { level: "Relaxed" as const, updated_at: "2026-06-12T20:35:00Z" };
    expect(describeLevel(place, { fetchedAt, live: true }, NOW)).toBe("Relaxed");
    expect(describeLevel(place, { fetchedAt, live: false }, NOW)).toBe("Relaxed · 25 min ago");
    // No reading time: the fetch time is the age.
    expect(describeLevel({ level: "Packed", updated_at: null }, { fetchedAt: "2026-06-12T19:00:00Z", live: false }, NOW)).toBe(
      "Packed · 2 h ago",
    );
    expect(describeLevel({ level: null, updated_at: null }, { fetchedAt, live: false }, NOW)).toBe("No live level · 25 min ago");
    // Closed until its next opening, live or kept; after that the kept answer knows no level.
    const closed = { level: "Relaxed" as const, updated_at: null, open_now: false, opens_at: "2026-06-12T22:00:00Z" };
    expect(describeLevel(closed, { fetchedAt, live: true }, NOW)).toBe("Closed");
    expect(describeLevel(closed, { fetchedAt, live: false }, NOW)).toBe("Closed");
    expect(describeLevel({ ...closed, opens_at: "2026-06-12T20:30:00Z" }, { fetchedAt, live: false }, NOW)).toBe("No live level · 25 min ago");
    expect(describeLevel({ ...closed, opens_at: null }, { fetchedAt, live: false }, NOW)).toBe("Closed");
  });

  it("marks the service worker's kept answer as not live, with its fetch time", async () => {
    const body = JSON.stringify({ places: [], generated_at: fetchedAt });
    const kept = vi.fn(async () => new Response(body, { headers: { [FROM_CACHE_HEADER]: fetchedAt } }));
    expect(await loadLiveLevels(NOW, kept)).toEqual({ places: [], fetchedAt, live: false });
    const fresh = vi.fn(async () => new Response(body));
    expect(await loadLiveLevels(NOW, fresh)).toEqual({ places: [], fetchedAt: new Date(NOW).toISOString(), live: true });
    // It asks without credentials: the only answers the worker keeps.
    expect(fresh).toHaveBeenCalledWith("/api/live");
    expect(await loadLiveLevels(NOW, vi.fn(async () => Promise.reject(new TypeError("offline"))))).toBeNull();
  });
});

describe("install", () => {
  const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
  const IPAD_DESKTOP_UA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
  const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

  it("guides iPhone and iPad browsers, not installed apps, Macs or Android", () => {
    expect(needsIosGuide(IPHONE, 5, false)).toBe(true);
    expect(needsIosGuide(IPHONE, 5, true)).toBe(false);
    expect(needsIosGuide(IPAD_DESKTOP_UA, 5, false)).toBe(true);
    expect(needsIosGuide(IPAD_DESKTOP_UA, 0, false)).toBe(false);
    expect(needsIosGuide(ANDROID, 5, false)).toBe(false);
  });

  it("waits for offerInstall() when asked to show only when offered", () => {
    const { container } = render(<InstallOffer onlyWhenOffered />);
    expect(container).toBeEmptyDOMElement();
    // jsdom is no iPhone and fired no install prompt: nothing to offer even then.
    offerInstall();
    expect(container).toBeEmptyDOMElement();
  });

  it("tells how to install on an iPhone, Android and a computer where the browser offers no prompt", () => {
    const { getByText } = render(<InstallOffer />);
    expect(getByText("How to install the app")).toBeInTheDocument();
    expect(getByText(/iPhone \(Safari\)/)).toBeInTheDocument();
    expect(getByText(/Android \(Chrome\)/)).toBeInTheDocument();
    expect(getByText(/Computer \(Chrome or Edge\)/)).toBeInTheDocument();
  });
});

describe("update announcement", () => {
  it("asks the waiting worker to take over only when the visitor presses reload", () => {
    const waiting = { postMessage: vi.fn() } as unknown as ServiceWorker;
    showUpdateBanner(waiting);
    expect(screen.getByRole("status")).toHaveTextContent("Update available — reload");
    expect(waiting.postMessage).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "reload" }));
    expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    document.querySelector(".update-banner")?.remove();
  });
});
