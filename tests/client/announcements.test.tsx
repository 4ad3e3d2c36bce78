// Announcements in the clients (docs/announcements.md): the dashboard tab's words (reach, fewer
// than 5, the weekly limit, the pause), writing, previewing and sending; /app's News switch per
// saved place; specials starting soon at saved places (docs/app.md#tonight). Every "now" is fixed.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnnouncementsAnswer, FollowersAnswer } from "../../common/schemas/announcements";
import type { SavedPlace } from "../../common/schemas/saved";
import type { Special } from "../../common/schemas/special";
import { AnnouncementsPanel } from "../../client/pages/dashboard/AnnouncementsPanel";
import { followersText, limitState, reachText } from "../../client/pages/dashboard/announcements";
import { SavedPlaces } from "../../client/pages/app/SavedPlaces";
import { SavedSpecials } from "../../client/pages/app/SavedSpecials";
import { specialSoonText, specialsSoon } from "../../client/pages/app/tonight";
import { callsTo, json, makePlace, stubApi } from "./dashboard-fixtures";

const ZONE = "America/New_York";
/** Friday 16 May 2031, 3 PM in New York (EDT). */
const NOW = Date.parse("2031-05-16T19:00:00Z");

afterEach(() => vi.useRealTimers());

const signIn = () => {
  localStorage.setItem("access_token", "token");
  localStorage.setItem("user_id", "4");
};

const answer = (overrides: Partial<AnnouncementsAnswer> = {}): AnnouncementsAnswer => ({
  announcements: [],
  paused: false,
  limit: { per_week: 3, sent_this_week: 1, next_at: null },
  ...overrides,
});
const followers: FollowersAnswer = {
  fewer_than_five: false,
  followers: 12,
  sharing: 7,
  categories: [{ name: "wine-bar", count: 6 }],
  vibes: [{ name: "Lively", count: 5 }],
  neighbourhoods: [{ name: "East Village", count: 5 }],
  source: "From followers only: people who saved this place.",
};

describe("the Announcements tab in words", () => {
  it("says reach as totals, and only 'fewer than 5' below 5 followers", () => {
    expect(reachText({ fewer_than_five: false, followers: 12, delivered: 11, opened: 4 })).toBe("Sent to 12 followers · 11 delivered · 4 opened");
    expect(reachText({ fewer_than_five: true, followers: null, delivered: null, opened: null })).toMatch(/^Sent to fewer than 5 followers/);
    expect(followersText({ ...followers, fewer_than_five: true, followers: null, sharing: null })).toBe("Fewer than 5 people follow your news so far.");
    expect(followersText({ ...followers, sharing: null })).toBe("12 people follow your news; fewer than 5 of them share what they like.");
  });

  it("explains the weekly limit, when the next may go, and the pause", () => {
    expect(limitState(answer(), ZONE)).toEqual({ canSend: true, text: expect.stringMatching(/3 announcements in any 7 days.*1 of 3 used/) });
    const used = limitState(answer({ limit: { per_week: 3, sent_this_week: 3, next_at: "2031-05-17T22:00:00.000Z" } }), ZONE);
    expect(used.canSend).toBe(false);
    expect(used.text).toMatch(/All 3 are used: the next can go out from Sat, May 17, 6:00 PM/);
    expect(limitState(answer({ paused: true }), ZONE)).toEqual({ canSend: false, text: expect.stringMatching(/paused by Third Place/) });
  });
});

describe("the Announcements tab", () => {
  it("previews, sends and lists with reach; shows what sharing followers like", async () => {
    signIn();
    let list = answer();
    const fetchMock = stubApi({
      "GET /api/place/1/announcements": () => json(list),
      "GET /api/place/1/followers": followers,
      "GET /api/business/1/events": { events: [], next_offset: null },
      "GET /api/place/1/specials": { specials: [] },
      "POST /api/place/1/announcements": () => {
        list = answer({
          limit: { per_week: 3, sent_this_week: 2, next_at: null },
          announcements: [
            { id: 9, title: "Jazz on Friday", text: "The trio is back.", event: null, special: null, created_at: new Date(NOW).toISOString(), reach: { fewer_than_five: false, followers: 12, delivered: 12, opened: 3 } },
          ],
        });
        return json({ id: 9, reach: { fewer_than_five: false, followers: 12, delivered: 0, opened: 0 } }, 201);
      },
    });
    render(<AnnouncementsPanel place={makePlace()} />);
    expect(await screen.findByText(/1 of 3 used in the last 7 days/)).toBeInTheDocument();
    expect(await screen.findByText("12 people follow your news; 7 of them share what they like.")).toBeInTheDocument();
    expect(screen.getByText("wine bar (6)")).toBeInTheDocument();
    expect(screen.getByText("East Village (5)")).toBeInTheDocument();

    // An empty message is refused before sending, with the server's sentence.
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "Jazz on Friday" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Write what you want to tell your followers.");
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: "The trio is back." } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview).toHaveTextContent("The Copper Lantern: Jazz on Friday");
    expect(preview).toHaveTextContent("The trio is back.");

    fireEvent.click(screen.getByRole("button", { name: "Send to followers" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Sent. Sent to 12 followers · 0 delivered · 0 opened");
    const [, init] = callsTo(fetchMock, "POST", "/api/place/1/announcements")[0];
    expect(JSON.parse(String(init?.body))).toEqual({ title: "Jazz on Friday", text: "The trio is back." });
    expect(await screen.findByText("Sent to 12 followers · 12 delivered · 3 opened")).toBeInTheDocument();
  });

  it("cannot send while paused, and says why", async () => {
    signIn();
    stubApi({
      "GET /api/place/1/announcements": answer({ paused: true }),
      "GET /api/place/1/followers": { ...followers, fewer_than_five: true, followers: null, sharing: null, categories: [], vibes: [], neighbourhoods: [] },
      "GET /api/business/1/events": { events: [], next_offset: null },
      "GET /api/place/1/specials": { specials: [] },
    });
    render(<AnnouncementsPanel place={makePlace()} />);
    expect(await screen.findByText(/paused by Third Place/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send to followers" })).toBeDisabled();
    expect(await screen.findByText("Fewer than 5 people follow your news so far.")).toBeInTheDocument();
  });
});

function savedPlace(overrides: Partial<SavedPlace> = {}): SavedPlace {
  return {
    id: 1,
    slug: "the-copper-lantern",
    name: "The Copper Lantern",
    address: "101 Avenue A",
    latitude: 40.72,
    longitude: -73.98,
    type: "Bar",
    category: "cocktail-bar",
    timezone: ZONE,
    level: "Relaxed",
    vs_usual: null,
    percent: 20,
    open: true,
    opens_at: null,
    news: false,
    saved_at: "2031-05-01T00:00:00.000Z",
    best_time: null,
    ...overrides,
  };
}

describe("/app: news and specials at saved places", () => {
  it("turns a saved place's news on with a labelled switch", async () => {
    signIn();
    const fetchMock = stubApi({
      "GET /api/me/saved": { places: [savedPlace()], generated_at: "" },
      "PUT /api/me/saved/1": { place_id: 1, news: true, saved_at: "2031-05-01T00:00:00.000Z" },
    });
    render(<MemoryRouter><SavedPlaces now={NOW} /></MemoryRouter>);
    const toggle = await screen.findByRole("switch", { name: "News from The Copper Lantern" });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole("switch", { name: "News from The Copper Lantern" })).toBeChecked());
    const [, init] = callsTo(fetchMock, "PUT", "/api/me/saved/1")[0];
    expect(JSON.parse(String(init?.body))).toEqual({ news: true });
  });

  const special = (overrides: Partial<Special>): Special => ({
    id: 1,
    title: "Happy hour",
    text: "$6 margaritas",
    days: ["Friday"],
    from: "17:00",
    to: "19:00",
    starts_at: null,
    on_now: false,
    next_start: null,
    ends_at: null,
    ...overrides,
  });
  const place = { id: 1, name: "The Copper Lantern", slug: "the-copper-lantern", timezone: ZONE };

  it("lists specials on now or starting within 3 hours, by next_start", () => {
    const soon = special({ id: 1, next_start: "2031-05-16T21:00:00.000Z" });
    const later = special({ id: 2, title: "Late deal", next_start: "2031-05-16T23:00:00.000Z" });
    const on = special({ id: 3, title: "Oysters", on_now: true, next_start: "2031-05-23T18:00:00.000Z", ends_at: "2031-05-16T20:00:00.000Z" });
    const shown = specialsSoon([{ place, specials: [later, soon, on] }], NOW);
    expect(shown.map((entry) => entry.special.id)).toEqual([3, 1]);
    expect(specialSoonText(shown[0], NOW, "en-US")).toBe("Oysters now · until 4 PM");
    expect(specialSoonText(shown[1], NOW, "en-US")).toBe("Happy hour · starts 5 PM");
  });

  it("shows them under Specials soon with their place", async () => {
    stubApi({ "GET /api/places/1/specials": { specials: [special({ next_start: "2031-05-16T21:00:00.000Z" })] } });
    render(<MemoryRouter><SavedSpecials saved={{ places: [savedPlace()], generated_at: "" }} now={NOW} /></MemoryRouter>);
    const row = (await screen.findByText("Happy hour · starts 5 PM")).closest("li")!;
    expect(within(row).getByRole("link", { name: "The Copper Lantern" })).toHaveAttribute("href", "/profile/the-copper-lantern");
    expect(row).toHaveTextContent("$6 margaritas");
  });
});
