// The profile's Live Looks strip against a fake API: the posts, the reported wait, the form that
// loads on demand, reporting; and the words of Live Looks on the profile and the live map.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveLookAnswer, LiveLooksAnswer } from "../../common/schemas/answers";
import { liveLooksLastHourText, timeAgo, waitSummaryText } from "../../client/lib/format";
import { renderStrip, STRIP_PROFILE_PATH } from "./live-look-fixtures";

const NOW = Date.parse("2026-06-05T22:00:00Z");
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const look = (id: number, overrides: Partial<LiveLookAnswer> = {}): LiveLookAnswer => ({
  id,
  text: `Post ${id}`,
  photo_url: null,
  video_url: null,
  poster_url: null,
  wait: null,
  vibe: null,
  not_checked: false,
  created_at: minutesAgo(id),
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the words", () => {
  it("timeAgo", () => {
    expect(timeAgo(minutesAgo(0.5), NOW)).toBe("just now");
    expect(timeAgo(minutesAgo(12), NOW)).toBe("12 min ago");
    expect(timeAgo(minutesAgo(60), NOW)).toBe("1 hour ago");
    expect(timeAgo(minutesAgo(179), NOW)).toBe("2 hours ago");
    expect(timeAgo(minutesAgo(3 * 24 * 60), NOW)).toBe("3 days ago");
    // A clock a little behind the server's never says "-1 min ago".
    expect(timeAgo(new Date(NOW + 30_000).toISOString(), NOW)).toBe("just now");
  });

  it("the wait summary and the map list's count", () => {
    const since = minutesAgo(60);
    expect(waitSummaryText({ minutes: 10, reports: 3, since })).toBe("Reported wait about 10 min (3 reports in the last hour)");
    expect(waitSummaryText({ minutes: 0, reports: 1, since })).toBe("Reported wait: none (1 report in the last hour)");
    expect(liveLooksLastHourText(2)).toBe("2 Live Looks in the last hour");
    expect(liveLooksLastHourText(1)).toBe("1 Live Look in the last hour");
    expect(liveLooksLastHourText(0)).toBeNull();
  });
});

describe("LiveLooks strip", () => {
  it("shows posts newest first with photo alt text from the post, relative times, wait and vibe, and the reported wait", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const answer: LiveLooksAnswer = {
      live_looks: [
        look(12, { text: "Patio is open <b>now</b> http://example.com", photo_url: "/api/images/live-looks/a.jpg", wait: "5-15", vibe: "Lively" }),
        look(40),
      ],
      wait_summary: { minutes: 10, reports: 3, since: minutesAgo(60) },
      next_cursor: null,
    };
    vi.stubGlobal("fetch", vi.fn(async () => json(answer)));
    renderStrip(false);

    expect(await screen.findByText("Reported wait about 10 min (3 reports in the last hour)")).toBeInTheDocument();
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    // Text as text: no HTML, no link.
    expect(within(items[0]).getByText("Patio is open <b>now</b> http://example.com")).toBeInTheDocument();
    expect(items[0].querySelector("a, b")).toBeNull();
    expect(within(items[0]).getByRole("img")).toHaveAttribute("alt", "Patio is open <b>now</b> http://example.com");
    expect(items[0].textContent).toContain("12 min ago · Wait 5–15 min · Lively");
    expect(items[1].textContent).toContain("40 min ago");
    expect(within(items[0]).queryByRole("button", { name: /^Hide/ })).toBeNull();
  });

  it("signed out, offers no form but a link to sign in that comes back to the profile (docs/live-looks.md#who-may-post)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => json({ live_looks: [], wait_summary: null, next_cursor: null })));
    renderStrip(false, { signedIn: false });
    const link = await screen.findByRole("link", { name: "Sign in to post a Live Look" });
    expect(link).toHaveAttribute("href", `/signin?next=${encodeURIComponent(STRIP_PROFILE_PATH)}`);
    expect(screen.queryByRole("button", { name: "Post a Live Look" })).toBeNull();
  });

  it("marks a post that contradicted the sensor as not checked against it", async () => {
    const answer: LiveLooksAnswer = { live_looks: [look(5, { text: "Totally packed", vibe: "Packed", not_checked: true }), look(9)], wait_summary: null, next_cursor: null };
    vi.stubGlobal("fetch", vi.fn(async () => json(answer)));
    renderStrip(false);
    const items = within(await screen.findByRole("list")).getAllByRole("listitem");
    expect(within(items[0]).getByText("Not checked against the sensor")).toBeInTheDocument();
    expect(within(items[1]).queryByText("Not checked against the sensor")).toBeNull();
  });

  it("loads the form on demand, checks it with the shared schema and posts a photo with wait and vibe", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const posted = look(0, { text: "Short line", photo_url: "/api/images/live-looks/b.jpg", wait: "lt5", vibe: "Relaxed", created_at: new Date().toISOString() });
    // The server's list: the post is in it once posted.
    const stored: LiveLookAnswer[] = [];
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== "POST") return json({ live_looks: stored, wait_summary: null, next_cursor: null });
      stored.push(posted);
      return json(posted, 201);
    });
    vi.stubGlobal("fetch", fetchMock);
    renderStrip(false);
    expect(await screen.findByText("No Live Looks in the last 3 hours. Be the first to post one.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Post a Live Look" }));
    let text = await screen.findByLabelText(/What's it like right now\?/);
    await waitFor(() => expect(text).toHaveFocus());
    // Escape closes it and gives focus back to the button; it opens again.
    fireEvent.keyDown(text, { key: "Escape" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Post a Live Look" })).toHaveFocus());
    fireEvent.click(screen.getByRole("button", { name: "Post a Live Look" }));
    text = await screen.findByLabelText(/What's it like right now\?/);
    fireEvent.click(screen.getByRole("button", { name: "Post Live Look" }));
    expect(await screen.findByText("Say what it is like there now.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);

    fireEvent.change(text, { target: { value: "Short line" } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], "p.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByLabelText(/^Photo/), { target: { files: [photo] } });
    expect(screen.getByRole("img", { name: "Preview of your photo" })).toHaveAttribute("src", "blob:preview");
    fireEvent.click(screen.getByLabelText("< 5 min"));
    fireEvent.click(screen.getByLabelText("Relaxed"));
    fireEvent.click(screen.getByRole("button", { name: "Post Live Look" }));

    expect(await screen.findByText("Thanks! Your Live Look is posted.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(String(url)).toMatch(/\/api\/places\/3\/live-looks$/);
    const body = init!.body as FormData;
    expect([body.get("text"), body.get("wait"), body.get("vibe"), (body.get("photo") as File).name]).toEqual(["Short line", "lt5", "Relaxed", "p.jpg"]);
    expect(await screen.findByRole("img", { name: "Short line" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Post a Live Look" })).toHaveFocus());
  });

  it("reports a post and offers Hide to the venue's owners", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST"
        ? json({ ok: true, message: "Thanks for telling us. We will look at this Live Look." }, 201)
        : json({ live_looks: [look(5, { text: "Rude words" })], wait_summary: null, next_cursor: null }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderStrip(true);
    const report = await screen.findByRole("button", { name: "Report the Live Look from 5 min ago" });
    expect(screen.getByRole("button", { name: "Hide the Live Look from 5 min ago" })).toBeInTheDocument();
    fireEvent.click(report);
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Thanks for telling us. We will look at this Live Look.")).toBeInTheDocument();
    const [url] = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(String(url)).toMatch(/\/api\/live-looks\/5\/report$/);
  });
});
