// The consumer app (docs/app.md#tonight): /app's words (tonight.ts), its sections against a fake
// API (saved places live and offline, Near me now and at 9 PM from home or the phone, the
// inbox), and the live map's save buttons and "Quiet at 9 PM" filter. Every "now" is fixed.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EventAnswer, LivePlace, MeAnswer } from "../../common/schemas/answers";
import type { ConsumerNotificationAnswer } from "../../common/schemas/push";
import { MAX_RADIUS_M, MAX_SUGGESTIONS, type SavedPlace, type Suggestion } from "../../common/schemas/saved";
import { formatHour } from "../../common/formats";
import { installState } from "../../client/app/install";
import { FROM_CACHE_HEADER } from "../../client/sw/policy";
import { filtersAddress } from "../../client/live/liveFilters";
import { QUIET_LIMIT, QUIET_RADIUS_M, quietAtTime, quietIds, quietQueryArea } from "../../client/live/quietAt";
import { RouterLinks } from "../../client/lib/routerLinks";
import { Inbox } from "../../client/pages/app/Inbox";
import { SavedPlaces } from "../../client/pages/app/SavedPlaces";
import NearMe from "../../client/pages/app/NearMe";
import { eventsComingUp, savedPlaceLines, suggestionLevel, suggestionOpen } from "../../client/pages/app/tonight";
import { callsTo, json, makeEvent, stubApi } from "./dashboard-fixtures";

vi.mock("../../client/map/VenueMap", () => ({
  // Leaflet needs a real layout; the e2e journey saves from a popup.
  default: () => <div data-testid="map" />,
}));

const ZONE = "America/New_York";
/** Tuesday 9 June 2026, 10:30 PM in New York (EDT, UTC−4). */
const TUESDAY_NIGHT = Date.parse("2026-06-10T02:30:00Z");

function useClock(now: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
}
afterEach(() => vi.useRealTimers());

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
    vs_usual: "quieter",
    percent: 20,
    open: true,
    opens_at: null,
    news: false,
    saved_at: "2026-06-01T00:00:00.000Z",
    best_time: { start: "2026-06-10T03:00:00.000Z", end: "2026-06-10T04:00:00.000Z", percent: 15 },
    ...overrides,
  };
}

function suggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  const { news: _news, saved_at: _saved, best_time: _best, ...place } = savedPlace();
  return { ...place, distance_m: 340, ...overrides };
}

function livePlace(overrides: Partial<LivePlace> = {}): LivePlace {
  return {
    id: 1,
    slug: "alpha",
    name: "Alpha",
    address: "1 First Ave",
    latitude: 40.72,
    longitude: -73.98,
    type: "Bar",
    category: "pub",
    cover_image: null,
    people: 20,
    percent: 20,
    level: "Relaxed",
    updated_at: new Date(TUESDAY_NIGHT).toISOString(),
    timezone: ZONE,
    open_now: true,
    opens_at: null,
    vs_usual: null,
    live_looks_last_hour: 0,
    special_now: false,
    ...overrides,
  };
}

const maya: MeAnswer = {
  id: 4,
  email: "maya@example.com",
  name: "Maya Lopez",
  role: "owner",
  places: [],
  handle: "maya",
  home: { lat: 40.727, lng: -73.982 },
  preferences: { categories: ["wine-bar"], tags: [], level: "Lively" },
  time_zone: ZONE,
  quiet_hours: null,
  neighbourhood: null,
  share_likes: false,
};

const signIn = () => {
  localStorage.setItem("access_token", "token");
  localStorage.setItem("user_id", "4");
};

describe("Tonight in words", () => {
  it("says a saved place's state: against usual, open or when it opens, the best time tonight", () => {
    expect(savedPlaceLines(savedPlace(), TUESDAY_NIGHT, "en-US")).toEqual({
      vsUsual: "Quieter than usual",
      open: "Open now",
      best: "Best time to go tonight: 11 PM–12 AM",
    });
    const closed = savedPlaceLines(savedPlace({ open: false, opens_at: "2026-06-10T21:00:00.000Z", vs_usual: null, best_time: null }), TUESDAY_NIGHT, "en-US");
    expect(closed).toEqual({ vsUsual: null, open: "Closed · opens Wed 5 PM", best: null });
    expect(savedPlaceLines(savedPlace({ open: null }), TUESDAY_NIGHT, "en-US").open).toBeNull();
  });

  it("lists events at saved places this week, soonest first, running ones too, recurring last", () => {
    const at = (iso: string, extra: Partial<EventAnswer> = {}) => makeEvent({ start_time: iso, end_time: null, is_recurring: false, ...extra });
    const soon = at("2026-06-10T23:00:00.000Z", { id: 1, name: "Trivia" });
    const running = at("2026-06-10T01:00:00.000Z", { id: 2, name: "Jazz", end_time: "2026-06-10T04:00:00.000Z" });
    const past = at("2026-06-09T20:00:00.000Z", { id: 3, name: "Over" });
    const later = at("2026-06-20T20:00:00.000Z", { id: 4, name: "Too far" });
    const weekly = at("2026-01-01T20:00:00.000Z", { id: 5, name: "Karaoke", is_recurring: true, repeating_days: ["Friday"] });
    const answers = [{ events: [soon, past, weekly], next_offset: null }, { events: [later, running], next_offset: null }];
    expect(eventsComingUp(answers, TUESDAY_NIGHT).map((event) => event.name)).toEqual(["Jazz", "Trivia", "Karaoke"]);
  });

  it("says a suggestion's distance, its level now or forecast, and whether it is open then", () => {
    // One word and one number, as every screen says a venue-hour; closed wins (docs/when-to-go.md#one-number-one-word).
    expect(suggestionLevel(suggestion({ percent: null }), false)).toBe("Relaxed");
    expect(suggestionLevel(suggestion({ percent: 30 }), true)).toBe("Relaxed · 30%");
    expect(suggestionLevel(suggestion({ percent: null, level: null }), true)).toBe("No forecast");
    expect(suggestionLevel(suggestion({ percent: null, level: null }), false)).toBe("No live level");
    expect(suggestionLevel(suggestion({ open: false, level: "Relaxed", percent: 5 }), false)).toBe("Closed");
    expect(suggestionOpen(suggestion(), true, TUESDAY_NIGHT, "en-US")).toBe("Open then");
    expect(suggestionOpen(suggestion({ open: false, opens_at: null }), false, TUESDAY_NIGHT, "en-US")).toBe("Closed");
  });
});

describe("Quiet at 9 PM", () => {
  it("asks about the start of the picked hour on the local clock: this hour, later today, else tomorrow", () => {
    const now = new Date(2026, 5, 9, 22, 30);
    expect(quietAtTime(22, now)).toEqual(new Date(2026, 5, 9, 22, 0));
    expect(quietAtTime(23, now)).toEqual(new Date(2026, 5, 9, 23, 0));
    expect(quietAtTime(21, now)).toEqual(new Date(2026, 5, 10, 21, 0));
    expect(quietAtTime(0, now)).toEqual(new Date(2026, 5, 10, 0, 0));
  });

  it("asks from the middle of the venues with the API's widest radius, and keeps the Relaxed ones", () => {
    expect(QUIET_RADIUS_M).toBe(MAX_RADIUS_M);
    expect(QUIET_LIMIT).toBe(MAX_SUGGESTIONS);
    expect(quietQueryArea([{ latitude: 40, longitude: -74 }, { latitude: 41, longitude: -73 }, { latitude: null, longitude: null }])).toEqual({
      lat: 40.5,
      lng: -73.5,
      radius_m: MAX_RADIUS_M,
    });
    expect(quietQueryArea([{ latitude: null, longitude: null }])).toBeNull();
    const answer = { at: "", forecast: true, generated_at: "", places: [suggestion({ id: 1 }), suggestion({ id: 2, level: "Lively" }), suggestion({ id: 3, level: null })] };
    expect(quietIds(answer)).toEqual(new Set([1]));
  });
});

describe("the live map", () => {
  const venues = [livePlace({ id: 1, name: "Alpha", slug: "alpha" }), livePlace({ id: 2, name: "Bravo", slug: "bravo", level: "Lively", latitude: 40.74 })];
  const renderMap = (path: string) => {
    const router = createMemoryRouter(
      [{ path: "/live-look", lazy: async () => {
          const LiveMap = (await import("../../client/pages/live/LiveMap")).default;
          // As the site's layout does: links in the page's islands are the router's here.
          return { Component: () => <RouterLinks><LiveMap /></RouterLinks> };
        } }],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it("keeps the venues forecast Relaxed at the picked hour, asked of the suggestions", async () => {
    useClock(TUESDAY_NIGHT);
    const fetchMock = stubApi({
      "GET /api/live": { places: venues, generated_at: new Date(TUESDAY_NIGHT).toISOString() },
      "GET /api/config/map": { tile_url: "", attribution: "" },
      // Alpha is Relaxed now but forecast Lively then; Bravo the other way round.
      "GET /api/places/suggestions": {
        at: "",
        forecast: true,
        generated_at: "",
        places: [suggestion({ id: 2, level: "Relaxed" }), suggestion({ id: 1, level: "Lively" })],
      },
    });
    // The worker lists every venue; the map island asks the forecast on the visitor's clock and hides the others.
    // It reads the filters from the document's address, as the browser's router keeps it.
    history.replaceState(null, "", "/live-look?quiet_at=21");
    renderMap("/live-look?quiet_at=21");
    const list = (await screen.findByRole("heading", { name: "Venues" })).closest("section")!;
    const alpha = (await within(list).findByRole("link", { name: "Alpha" })).closest("li")!;
    await waitFor(() => expect(alpha).not.toBeVisible());
    expect(within(list).getByRole("link", { name: "Bravo" })).toBeVisible();
    expect(screen.getByRole("checkbox", { name: "Quiet at 9 PM" })).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("Showing 1 of 2 venues forecast Relaxed at 9 PM.");
    const [[input]] = callsTo(fetchMock, "GET", "/api/places/suggestions");
    const query = new URL(String(input), "http://localhost").searchParams;
    expect(Object.fromEntries(query)).toEqual({
      lat: "40.730",
      lng: "-73.980",
      radius_m: String(MAX_RADIUS_M),
      at: quietAtTime(21, new Date(TUESDAY_NIGHT)).toISOString(),
      level: "Relaxed",
      limit: String(MAX_SUGGESTIONS),
    });

    // The form: another hour wins over the box's, and the box off leads back to every venue.
    const form = document.querySelector<HTMLFormElement>("form#live-filters")!;
    fireEvent.change(screen.getByRole("combobox", { name: "Quiet at what time" }), { target: { value: "22" } });
    expect(filtersAddress(form, { pathname: "/live-look", search: "?quiet_at=21" })).toBe("/live-look?quiet_at=22#live-filters");
    fireEvent.click(screen.getByRole("checkbox", { name: "Quiet at 9 PM" }));
    expect(filtersAddress(form, { pathname: "/live-look", search: "?quiet_at=21" })).toBe("/live-look#live-filters");
  });

  it("enables each row's Show on map once the map is drawn, where React renders the page and the list comes after the map", async () => {
    useClock(TUESDAY_NIGHT);
    // The live answer comes after the map island mounted, as it does after signing in.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      "GET /api/live": () => answered.then(() => json({ places: venues, generated_at: new Date(TUESDAY_NIGHT).toISOString() })),
      "GET /api/config/map": { tile_url: "", attribution: "" },
    });
    renderMap("/live-look");
    await waitFor(() => expect(document.querySelector(".venue-map")).not.toHaveClass("venue-map-pending"));
    answer();
    const show = await screen.findByRole("button", { name: "Show on map: Bravo" });
    await waitFor(() => expect(show).toBeEnabled());
    expect(screen.getByRole("button", { name: "Show on map: Alpha" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Zoom to the venues" })).toBeEnabled();
  });

  it("saves a venue from its row for a signed-in visitor and offers to install", async () => {
    useClock(TUESDAY_NIGHT);
    signIn();
    const fetchMock = stubApi({
      "GET /api/live": { places: venues, generated_at: new Date(TUESDAY_NIGHT).toISOString() },
      "GET /api/config/map": { tile_url: "", attribution: "" },
      "GET /api/me/saved": { places: [], generated_at: new Date(TUESDAY_NIGHT).toISOString() },
      "PUT /api/me/saved/2": { place_id: 2, news: false, saved_at: new Date(TUESDAY_NIGHT).toISOString() },
    });
    renderMap("/live-look");
    const save = await screen.findByRole("button", { name: "Save Bravo" });
    expect(save).toHaveAttribute("aria-pressed", "false");
    expect(installState().offered).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByRole("button", { name: "Saved Bravo" })).toHaveAttribute("aria-pressed", "true"));
    expect(callsTo(fetchMock, "PUT", "/api/me/saved/2")).toHaveLength(1);
    expect(installState().offered).toBe(true);
    expect(screen.getByRole("button", { name: "Save Alpha" })).toHaveAttribute("aria-pressed", "false");
  });

  it("signed out, each row's save is a link to sign in that comes back to the map", async () => {
    useClock(TUESDAY_NIGHT);
    stubApi({
      "GET /api/live": { places: venues, generated_at: new Date(TUESDAY_NIGHT).toISOString() },
      "GET /api/config/map": { tile_url: "", attribution: "" },
    });
    renderMap("/live-look?level=Lively");
    const link = await screen.findByRole("link", { name: "Sign in to save Bravo" });
    expect(link).toHaveAttribute("href", `/signin?next=${encodeURIComponent("/live-look?level=Lively")}`);
  });
});

describe("/app sections", () => {
  const at = (element: React.ReactNode) => render(<MemoryRouter>{element}</MemoryRouter>);

  it("shows each saved place's level, against usual, open now and the best time, and removes one", async () => {
    signIn();
    const fetchMock = stubApi({
      "GET /api/me/saved": { places: [savedPlace(), savedPlace({ id: 2, slug: "bravo", name: "Bravo", level: null, vs_usual: null, open: false, opens_at: null })], generated_at: "" },
      "DELETE /api/me/saved/2": { ok: true },
    });
    at(<SavedPlaces now={TUESDAY_NIGHT} actions={(place) => <span>watch {place.name}</span>} />);
    const row = (await screen.findByRole("link", { name: "The Copper Lantern" })).closest("li")!;
    expect(row).toHaveTextContent("Relaxed");
    expect(row).toHaveTextContent("Quieter than usual");
    expect(row).toHaveTextContent("Open now");
    expect(row).toHaveTextContent("Best time to go tonight: 11 PM–12 AM");
    expect(row).toHaveTextContent("watch The Copper Lantern");
    const bravo = screen.getByRole("link", { name: "Bravo" }).closest("li")!;
    // Closed wins: the closed badge, never "No live data" or a level.
    expect(bravo.querySelector(".level-badge.level-closed")).toHaveTextContent("Closed");
    expect(bravo).not.toHaveTextContent("No live data");
    // The list of saved names is kept for offline use, under the signed-in account.
    expect(JSON.parse(localStorage.getItem("saved_places")!)).toEqual({
      user_id: "4",
      places: [{ id: 1, slug: "the-copper-lantern", name: "The Copper Lantern" }, { id: 2, slug: "bravo", name: "Bravo" }],
    });
    fireEvent.click(within(bravo).getByRole("button", { name: "Remove Bravo from saved" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Bravo" })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "DELETE", "/api/me/saved/2")).toHaveLength(1);
  });

  it("offline, shows the kept saved places with the last known level and its age, never as live", async () => {
    signIn();
    localStorage.setItem("saved_places", JSON.stringify({ user_id: "4", places: [{ id: 1, slug: "alpha", name: "Alpha" }] }));
    const fetchedAt = new Date(TUESDAY_NIGHT - 40 * 60_000).toISOString();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).includes("/api/me/saved")) throw new TypeError("Failed to fetch");
        const kept = { places: [livePlace({ updated_at: new Date(TUESDAY_NIGHT - 25 * 60_000).toISOString() })], generated_at: fetchedAt };
        return new Response(JSON.stringify(kept), { headers: { "content-type": "application/json", [FROM_CACHE_HEADER]: fetchedAt } });
      }),
    );
    at(<SavedPlaces now={TUESDAY_NIGHT} />);
    const row = (await screen.findByRole("link", { name: "Alpha" })).closest("li")!;
    await waitFor(() => expect(row).toHaveTextContent("Relaxed · 25 min ago"));
    expect(screen.getByText(/You're offline/)).toBeInTheDocument();
  });

  it("kept names of another account are not shown", async () => {
    signIn();
    localStorage.setItem("saved_places", JSON.stringify({ user_id: "5", places: [{ id: 1, slug: "alpha", name: "Alpha" }] }));
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    at(<SavedPlaces now={TUESDAY_NIGHT} />);
    await screen.findByRole("alert");
    expect(screen.queryByRole("link", { name: "Alpha" })).not.toBeInTheDocument();
  });

  // Near me (docs/app.md#near-me) took the place of the old suggestions section: the same
  // question, asked from the home area or the phone, now or at 9 PM.
  const nearMeApi = (suggestions: (url: URL) => unknown, me: MeAnswer = maya) =>
    stubApi({
      "GET /api/me": me,
      "GET /api/places/suggestions": ({ url }: { url: URL }) => json(suggestions(url)),
      "GET /api/live": { places: [], generated_at: "" },
      "GET /api/me/friends/out": { friends: [] },
      "GET /api/me/check-in": { check_in: null, ghost: false },
      "GET /api/config/map": { tile_url: "", attribution: "" },
    });
  const suggestionsQuery = (fetchMock: ReturnType<typeof stubApi>, index: number) =>
    new URL(String(callsTo(fetchMock, "GET", "/api/places/suggestions").at(index)![0]), "http://localhost").searchParams;

  it("lists places near home now, then at 9 PM with the forecast", async () => {
    signIn();
    useClock(TUESDAY_NIGHT);
    const fetchMock = nearMeApi((url) => ({
      at: "",
      forecast: url.searchParams.has("at"),
      generated_at: "",
      places: [suggestion({ name: "Bowery Wine Cellar", slug: "bowery", percent: url.searchParams.has("at") ? 30 : 20 })],
    }));
    at(<NearMe />);
    const row = await screen.findByRole("button", { name: /^Bowery Wine Cellar/ });
    expect(row).toHaveTextContent("0.2 mi away");
    expect(row).toHaveTextContent("Relaxed");
    expect(row).toHaveTextContent("Open now");
    expect(screen.getByText("Near your home area.")).toBeInTheDocument();
    expect(Object.fromEntries(suggestionsQuery(fetchMock, 0))).toEqual({ lat: "40.727", lng: "-73.982", radius_m: String(MAX_RADIUS_M), limit: String(MAX_SUGGESTIONS) });

    fireEvent.click(screen.getByRole("button", { name: "At 9 PM" }));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Bowery Wine Cellar/ })).toHaveTextContent("Relaxed · 30%"));
    expect(screen.getByRole("button", { name: /^Bowery Wine Cellar/ })).toHaveTextContent("Open then");
    expect(suggestionsQuery(fetchMock, -1).get("at")).toBe(quietAtTime(21, new Date(TUESDAY_NIGHT)).toISOString());

    // The "When" list starts at Now, then the coming hours on the phone's clock, the next one first.
    const next = (new Date(TUESDAY_NIGHT).getHours() + 1) % 24;
    const hours = screen.getByRole("combobox", { name: "Another hour" });
    expect([...hours.querySelectorAll("option")].slice(0, 3).map((option) => option.textContent)).toEqual(["Now", formatHour(next, 0, "en-US"), formatHour(next + 1, 0, "en-US")]);
    fireEvent.change(hours, { target: { value: String(next) } });
    await waitFor(() => expect(suggestionsQuery(fetchMock, -1).get("at")).toBe(quietAtTime(next, new Date(TUESDAY_NIGHT)).toISOString()));
    expect(screen.getByRole("list", { name: `Places near you at ${formatHour(next, 0, "en-US")}` })).toBeInTheDocument();
  });

  it("asks near the phone only when the person presses Use my location, and keeps the position nowhere", async () => {
    signIn();
    const fetchMock = nearMeApi(() => ({ at: "", forecast: false, generated_at: "", places: [] }), { ...maya, home: null });
    const getCurrentPosition = vi.fn((done: PositionCallback) => done({ coords: { latitude: 40.71234, longitude: -73.99876 } } as GeolocationPosition));
    vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
    at(<NearMe />);
    // Without a home area the list is never empty for want of a place to look from: the city centre.
    await screen.findByText("Around the city centre.");
    expect(getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Use my location" }));
    await screen.findByText("Near you now.");
    await waitFor(() => expect([suggestionsQuery(fetchMock, -1).get("lat"), suggestionsQuery(fetchMock, -1).get("lng")]).toEqual(["40.712", "-73.999"]));
    expect(JSON.stringify({ ...localStorage })).not.toContain("40.71");
  });

  it("lists the inbox with its unread count, and marks one and then all read", async () => {
    signIn();
    const item = (id: number, read: boolean): ConsumerNotificationAnswer => ({
      id,
      kind: "quiet_now",
      title: `Place ${id} is quiet now`,
      body: "Relaxed: plenty of room.",
      url: `/profile/place-${id}`,
      place_id: id,
      read,
      created_at: new Date(TUESDAY_NIGHT - id * 60 * 60_000).toISOString(),
    });
    const fetchMock = stubApi({
      "GET /api/me/notifications": { notifications: [item(1, false), item(2, false), item(3, true)], unread: 2, next_before: null },
      "POST /api/me/notifications/read": ({ init }: { init?: RequestInit }) => json({ marked: 1, unread: "all" in JSON.parse(String(init?.body)) ? 0 : 1 }),
    });
    at(<Inbox now={TUESDAY_NIGHT} />);
    const heading = await screen.findByRole("heading", { name: /Notifications/ });
    await waitFor(() => expect(heading).toHaveTextContent("Notifications 2 unread"));
    expect(screen.getByRole("link", { name: "Place 1 is quiet now" })).toHaveAttribute("href", "/profile/place-1");
    expect(screen.getByRole("link", { name: "Place 1 is quiet now" }).closest("li")).toHaveTextContent("1 h ago");
    expect(screen.queryByRole("button", { name: "Mark read Place 3 is quiet now" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Mark read Place 1 is quiet now" }));
    await waitFor(() => expect(heading).toHaveTextContent("Notifications 1 unread"));
    expect(screen.queryByRole("button", { name: "Mark read Place 1 is quiet now" })).not.toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, "POST", "/api/me/notifications/read")[0][1]?.body))).toEqual({ ids: [1] });

    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(heading).toHaveTextContent(/^Notifications$/));
    expect(JSON.parse(String(callsTo(fetchMock, "POST", "/api/me/notifications/read")[1][1]?.body))).toEqual({ all: true });
    expect(screen.queryByRole("button", { name: /Mark read/ })).not.toBeInTheDocument();
  });
});
