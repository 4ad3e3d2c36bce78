// When to go on the public site: the words of whenToGo.ts on hand-made cases, the profile's
// popular times, forecast and "right now" against a fake API, and the live map's filters and order.
// Every "now" is a fixed instant (vi.setSystemTime); the venue is in New York.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ForecastAnswer, LivePlace, PopularHour, PopularTimesAnswer, PublicPlace } from "../../common/schemas/answers";
import { filtersAddress } from "../../client/live/liveFilters";
import { applyLiveFilters, liveFilterParams, readLiveFilters } from "../../client/live/liveList";
import {
  bestTimeText,
  busiestText,
  busyText,
  closedText,
  forecastRow,
  forecastRows,
  placeEdge,
  hourRangeText,
  LEVELS_ONLY,
  liveSummary,
  livelyPercent,
  silentText,
  venueWeekday,
} from "../../client/live/whenToGo";
import { json, makePlace, stubApi } from "./dashboard-fixtures";

vi.mock("../../client/map/VenueMap", () => ({
  // Leaflet needs a real layout; the map's list and filters are what these tests read.
  default: () => <div data-testid="map" />,
}));

const ZONE = "America/New_York";
const HOUR = 3_600_000;
/** Tuesday 9 June 2026, 10:30 PM in New York (EDT, UTC−4). */
const TUESDAY_NIGHT = Date.parse("2026-06-10T02:30:00Z");
/** Wednesday 10 June 2026, 9:30 AM in New York. */
const WEDNESDAY_MORNING = Date.parse("2026-06-10T13:30:00Z");
/** Sunday 14 June 2026, 9:30 AM in New York. */
const SUNDAY_MORNING = Date.parse("2026-06-14T13:30:00Z");

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** Venue-day order from 5 AM; the venue opens at 5 PM and closes at 2 AM, except on Sundays. */
const VENUE_HOURS = Array.from({ length: 24 }, (_, index) => (5 + index) % 24);
const USUAL: Record<number, number> = { 17: 10, 18: 20, 19: 30, 20: 45, 21: 70, 22: 75, 23: 60, 0: 40, 1: 20 };

function dayHours(weekday: string): PopularHour[] {
  return VENUE_HOURS.map((hour) => {
    const closed = weekday === "Sunday" || !(hour in USUAL);
    return { hour, closed, usual: closed ? null : USUAL[hour] };
  });
}

function popularTimes(overrides: Partial<PopularTimesAnswer> = {}): PopularTimesAnswer {
  return {
    timezone: ZONE,
    day_start_hour: 5,
    days: WEEKDAY_NAMES.map((weekday) => ({ weekday, hours: dayHours(weekday) })),
    live: { percent: 92, level: "Packed", vs_usual: "busier", updated_at: "2026-06-10T02:29:00.000Z" },
    enough_data: true,
    ...overrides,
  };
}

/** Twelve hours from 10 PM Tuesday: 60, 50, 30, 20 percent, then closed from 2 AM. */
function forecast(): ForecastAnswer {
  const start = Date.parse("2026-06-10T02:00:00Z");
  const percents = [60, 50, 30, 20];
  return {
    generated_at: new Date(TUESDAY_NIGHT).toISOString(),
    hours: Array.from({ length: 14 }, (_, index) => {
      const percent = percents[index] ?? null;
      return {
        start: new Date(start + index * HOUR).toISOString(),
        percent,
        low: percent === null ? null : percent - 10,
        high: percent === null ? null : percent + 10,
        closed: percent === null,
      };
    }),
    best_time: { start: "2026-06-10T05:00:00.000Z", end: "2026-06-10T06:00:00.000Z", percent: 20 },
  };
}

function livePlace(overrides: Partial<LivePlace> = {}): LivePlace {
  return {
    id: 1,
    slug: "the-copper-lantern",
    name: "The Copper Lantern",
    address: "101 Avenue A, New York, NY",
    latitude: 40.72,
    longitude: -73.98,
    type: "Bar",
    category: "cocktail-bar",
    cover_image: null,
    people: 92,
    percent: 92,
    level: "Packed",
    updated_at: "2026-06-10T02:29:00.000Z",
    timezone: ZONE,
    open_now: true,
    opens_at: null,
    vs_usual: "busier",
    live_looks_last_hour: 0,
    special_now: false,
    ...overrides,
  };
}

function useClock(now: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
}
afterEach(() => vi.useRealTimers());

describe("when to go in words", () => {
  it("writes hour ranges as people say them", () => {
    expect(hourRangeText(21, 23, "en-US")).toBe("9–11 PM");
    expect(hourRangeText(11, 13, "en-US")).toBe("11 AM–1 PM");
    expect(hourRangeText(23, 1, "en-US")).toBe("11 PM–1 AM");
    expect(hourRangeText(0, 1, "en-US")).toBe("12–1 AM");
  });

  it("finds the busiest run: the peak and its neighbours within 10 points, never across a closed hour", () => {
    // 70 and 75 at 9 and 10 PM; 60 at 11 PM is more than 10 points below the peak.
    expect(busiestText(dayHours("Tuesday"), "en-US")).toBe("Usually busiest 9–11 PM");
    const wider = dayHours("Tuesday").map((hour) => (hour.hour === 23 ? { ...hour, usual: 68 } : hour));
    expect(busiestText(wider, "en-US")).toBe("Usually busiest 9 PM–12 AM");
    const closedAt11 = dayHours("Tuesday").map((hour) => (hour.hour === 23 ? { ...hour, usual: null, closed: true } : hour));
    expect(busiestText(closedAt11, "en-US")).toBe("Usually busiest 9–11 PM");
    expect(busiestText(dayHours("Sunday"), "en-US")).toBeNull();
  });

  it("takes today's weekday in the venue's zone, the small hours counting as the night before", () => {
    expect(venueWeekday(ZONE, 5, TUESDAY_NIGHT)).toBe("Tuesday");
    expect(venueWeekday(ZONE, 5, Date.parse("2026-06-10T06:30:00Z"))).toBe("Tuesday"); // 2:30 AM Wednesday
    expect(venueWeekday(ZONE, 5, WEDNESDAY_MORNING)).toBe("Wednesday");
  });

  it("says when a closed venue opens: the time today, the weekday otherwise", () => {
    expect(closedText("2026-06-10T21:00:00.000Z", ZONE, WEDNESDAY_MORNING, "en-US")).toBe("Closed · opens 5 PM");
    expect(closedText("2026-06-15T21:00:00.000Z", ZONE, SUNDAY_MORNING, "en-US")).toBe("Closed · opens Mon 5 PM");
    expect(closedText("2026-06-10T21:30:00.000Z", ZONE, WEDNESDAY_MORNING, "en-US")).toBe("Closed · opens 5:30 PM");
    expect(closedText(null, ZONE, WEDNESDAY_MORNING, "en-US")).toBe("Closed");
  });

  it("says when a silent sensor was last heard", () => {
    expect(silentText("2026-06-10T01:12:00.000Z", ZONE, TUESDAY_NIGHT, "en-US")).toBe("No live reading: the sensor was last heard at 9:12 PM.");
    expect(silentText("2026-06-08T01:12:00.000Z", ZONE, TUESDAY_NIGHT, "en-US")).toBe("No live reading: the sensor was last heard at Sun 9:12 PM.");
    expect(silentText("2026-05-01T01:12:00.000Z", ZONE, TUESDAY_NIGHT, "en-US")).toBe("No live reading: the sensor was last heard on Apr 30.");
    expect(silentText(null, ZONE, TUESDAY_NIGHT, "en-US")).toBe("No live reading yet: the venue's sensor hasn't reported.");
  });

  it("summarises a live entry: closed first, people only when public, the comparison with usual", () => {
    expect(liveSummary(livePlace(), TUESDAY_NIGHT, "en-US")).toEqual({
      closed: null,
      people: "About 92 people",
      vsUsual: "Busier than usual",
      silent: null,
    });
    expect(liveSummary(livePlace({ people: null, vs_usual: "quieter" }), TUESDAY_NIGHT, "en-US")).toMatchObject({
      people: null,
      vsUsual: "Quieter than usual",
    });
    const closed = livePlace({ open_now: false, opens_at: "2026-06-10T21:00:00.000Z", people: 0, percent: 0, level: "Relaxed" });
    expect(liveSummary(closed, WEDNESDAY_MORNING, "en-US")).toEqual({ closed: "Closed · opens 5 PM", people: null, vsUsual: null, silent: null });
  });

  it("forecast: Lively until the end of the current run at the lively percent, the best time, each hour's row in one word and one number", () => {
    const threshold = livelyPercent(makePlace());
    expect(threshold).toBe(40);
    const answer = forecast();
    expect(busyText(answer.hours, threshold, ZONE, "en-US")).toBe("Lively until about 12 AM");
    expect(busyText(answer.hours.slice(2), threshold, ZONE, "en-US")).toBeNull();
    const later = [{ ...answer.hours[0], percent: 30 }, ...answer.hours.slice(1)];
    expect(busyText(later, threshold, ZONE, "en-US")).toBe("Lively from about 11 PM until about 12 AM");
    expect(busyText([{ ...answer.hours[0], percent: 100 }, ...answer.hours.slice(1)], threshold, ZONE, "en-US")).toBe("Lively to Packed until about 12 AM");
    expect(bestTimeText(answer.best_time, threshold, ZONE, "en-US")).toBe("Best time to go tonight: 1–2 AM (Relaxed)");
    expect(bestTimeText({ start: "2026-06-10T18:00:00.000Z", end: "2026-06-10T19:00:00.000Z", percent: 55 }, threshold, ZONE, "en-US")).toBe(
      "Best time to go today: 2–3 PM (Lively)",
    );
    expect(bestTimeText(null, threshold, ZONE, "en-US")).toBeNull();
    // Counts hidden: no thresholds and no percents, so no level word either.
    expect(livelyPercent({ lively_threshold: null, packed_threshold: null })).toBeNull();
    expect(busyText(answer.hours, null, ZONE, "en-US")).toBeNull();
    expect(bestTimeText({ ...answer.best_time!, percent: null }, null, ZONE, "en-US")).toBe("Best time to go tonight: 1–2 AM");
    const edge = placeEdge(makePlace());
    expect(forecastRow(answer.hours[0], ZONE, "en-US", edge)).toEqual({ label: "10 PM", value: "Lively · 60%", low: 50, high: 70 });
    // The range kept inside Relaxed's band (below 40 %).
    expect(forecastRow(answer.hours[2], ZONE, "en-US", edge)).toEqual({ label: "12 AM", value: "Relaxed · 30%", low: 20, high: 39 });
    expect(forecastRow(answer.hours[5], ZONE, "en-US", edge)).toMatchObject({ label: "3 AM", value: "Closed" });
    // The owner's dashboard, without the edge: numbers only, as before.
    expect(forecastRow(answer.hours[0], ZONE, "en-US").value).toBe("60% (50–70%)");
    // Closed hours collapsed: "Closed until" the next open hour, "Closed" when none follows.
    const reopening = [...answer.hours.slice(0, 6), { ...answer.hours[6], closed: false, percent: 10, low: 5, high: 15 }];
    expect(forecastRows(reopening, ZONE, "en-US", edge).map((row) => `${row.label} ${row.value}`)).toEqual([
      "10 PM Lively · 60%",
      "11 PM Lively · 50%",
      "12 AM Relaxed · 30%",
      "1 AM Relaxed · 20%",
      "2 AM Closed until 4 AM",
      "4 AM Relaxed · 10%",
    ]);
    expect(forecastRows(answer.hours, ZONE, "en-US", edge, 12).map((row) => row.value).slice(4)).toEqual(["Closed"]);
  });
});

function renderProfile(
  live: LivePlace,
  options: { popular?: PopularTimesAnswer; forecast?: ForecastAnswer; place?: Partial<PublicPlace> } = {},
) {
  stubApi({
    // A visitor's view: without `owners` (which would make the profile an owner's).
    "GET /api/place/the-copper-lantern": { ...makePlace(), owners: undefined, ...options.place },
    "GET /api/live": { places: [live], generated_at: new Date(Date.now()).toISOString() },
    "GET /api/places/1/popular-times": options.popular ?? popularTimes(),
    "GET /api/places/1/forecast": options.forecast ?? forecast(),
    "GET /api/business/1/events": { events: [], next_offset: null },
    "GET /api/places/1/reviews": () => json({ reviews: [], summary: { count: 0, average_rating: null } }),
    // Two posts, the newer without a wait: the latest reported wait is the older one's.
    "GET /api/places/1/live-looks": {
      live_looks: [
        { id: 2, text: "Band on", photo_url: null, video_url: null, poster_url: null, wait: null, vibe: "Lively", created_at: new Date(Date.now() - 5 * 60_000).toISOString() },
        { id: 1, text: "Queue outside", photo_url: null, video_url: null, poster_url: null, wait: "5-15", vibe: null, created_at: new Date(Date.now() - 12 * 60_000).toISOString() },
      ],
      wait_summary: { minutes: 10, reports: 1, since: new Date(Date.now() - 3_600_000).toISOString() },
      next_cursor: null,
    },
  });
  const router = createMemoryRouter(
    [{ path: "/profile/:barId", lazy: async () => ({ Component: (await import("../../client/pages/live/BarProfile")).default }) }],
    { initialEntries: ["/profile/the-copper-lantern"] },
  );
  return render(<RouterProvider router={router} />);
}

describe("profile: popular times", () => {
  beforeEach(() => useClock(TUESDAY_NIGHT));

  it("selects today in the venue's zone and draws its hours, closed ones as closed, with the live bar and words", async () => {
    renderProfile(livePlace());
    const section = (await screen.findByRole("heading", { name: "Popular times" })).closest("section")!;
    const day = await within(section).findByRole("combobox", { name: "Day" });
    expect(day).toHaveValue("Tuesday");
    expect(within(day).getByRole("option", { name: "Tuesday (today)" })).toBeInTheDocument();
    // An American's week starts on Sunday (a German's on Monday: tests/client/formats.test.ts).
    expect(within(day).getAllByRole("option").map((option) => option.textContent)[0]).toBe("Sunday");
    expect(within(section).getByText(/Live: 92% of capacity/)).toHaveTextContent("Live: 92% of capacity · Busier than usual");
    expect(within(section).getByText("Usually busiest 9–11 PM")).toBeInTheDocument();

    const bars = section.querySelectorAll(".popular-hour");
    expect(bars).toHaveLength(24);
    expect(section.querySelectorAll(".popular-hour.closed")).toHaveLength(15);
    const now = section.querySelector(".popular-hour.now")!;
    expect(now.querySelector<HTMLElement>(".popular-bar")!.style.height).toBe("75%");
    expect(now.querySelector<HTMLElement>(".popular-live-bar")!.style.height).toBe("92%");

    // The screen-reader table: one row per hour, closed hours said as closed, the live value at 10 PM.
    const table = within(section).getByRole("table", { name: "Usual busyness on Tuesday, percent of capacity by hour" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(24);
    expect(rows[0]).toHaveTextContent("5 AMClosed");
    expect(rows[17]).toHaveTextContent("10 PM75%; now 92%");
    expect(rows[21]).toHaveTextContent("2 AMClosed");
  });

  it("shows another weekday without the live bar, and a closed day without a busiest run", async () => {
    renderProfile(livePlace());
    const day = await screen.findByRole("combobox", { name: "Day" });
    fireEvent.change(day, { target: { value: "Sunday" } });
    const section = day.closest("section")!;
    expect(within(section).queryByText(/Live:/)).not.toBeInTheDocument();
    expect(section.querySelector(".popular-live-bar")).toBeNull();
    expect(section.querySelectorAll(".popular-hour.closed")).toHaveLength(24);
    expect(within(section).queryByText(/Usually busiest/)).not.toBeInTheDocument();
    expect(within(section).getByRole("table", { name: /on Sunday/ })).toBeInTheDocument();
  });

  it("says 'Not enough data yet' without the chart when the history is too short", async () => {
    const empty = popularTimes({
      enough_data: false,
      days: WEEKDAY_NAMES.map((weekday) => ({ weekday, hours: dayHours(weekday).map((hour) => ({ ...hour, usual: null })) })),
      live: { percent: 30, level: "Relaxed", vs_usual: null, updated_at: "2026-06-10T02:29:00.000Z" },
    });
    renderProfile(livePlace({ vs_usual: null }), { popular: empty });
    const section = (await screen.findByRole("heading", { name: "Popular times" })).closest("section")!;
    expect(await within(section).findByText("Not enough data yet")).toBeInTheDocument();
    expect(within(section).getByText(/Live: 30% of capacity/)).toBeInTheDocument();
    expect(section.querySelector(".popular-chart")).toBeNull();
  });
});

describe("profile: forecast and right now", () => {
  it("gives the best time, how long it stays busy and twelve hours with ranges, closed hours marked", async () => {
    useClock(TUESDAY_NIGHT);
    renderProfile(livePlace());
    const section = (await screen.findByRole("heading", { name: "Next 12 hours" })).closest("section")!;
    expect(await within(section).findByText("Best time to go tonight: 1–2 AM (Relaxed)")).toBeInTheDocument();
    expect(within(section).getByText("Lively until about 12 AM")).toBeInTheDocument();
    const rows = within(within(section).getByRole("table")).getAllByRole("row").slice(1);
    // Four open hours and the closed ones after them in one row.
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent("10 PMLively · 60%");
    expect(rows[4]).toHaveTextContent("2 AMClosed");
    expect(within(section).getByText(/turns Lively at 40% of capacity/)).toBeInTheDocument();
    // Visitors' latest wait report stands beside the forecast, as a report.
    expect(await within(section).findByText("Latest reported wait: 5–15 min (12 min ago)")).toBeInTheDocument();
    const looks = screen.getByRole("region", { name: "Live Looks" });
    expect(within(looks).getByText("Reported wait about 10 min (1 report in the last hour)")).toBeInTheDocument();

    const now = (await screen.findByRole("heading", { name: "Right now" })).parentElement!;
    expect(await within(now).findByText("About 92 people inside")).toBeInTheDocument();
    expect(within(now).getByText("Busier than usual")).toBeInTheDocument();
  });

  it("a closed venue says when it opens and never '0 people inside'", async () => {
    useClock(WEDNESDAY_MORNING);
    renderProfile(livePlace({ open_now: false, opens_at: "2026-06-10T21:00:00.000Z", people: 0, percent: 0, level: "Relaxed", vs_usual: null }));
    const now = (await screen.findByRole("heading", { name: "Right now" })).parentElement!;
    expect(await within(now).findByText("Closed · opens 5 PM")).toBeInTheDocument();
    expect(now).not.toHaveTextContent(/people/);
    expect(within(now).queryByText("Relaxed")).not.toBeInTheDocument();
  });

  it("a silent sensor says when it was last heard; hidden counts leave the level without people", async () => {
    useClock(TUESDAY_NIGHT);
    const { unmount } = renderProfile(livePlace({ level: null, people: null, percent: null, vs_usual: null, updated_at: "2026-06-10T01:12:00.000Z" }));
    const now = (await screen.findByRole("heading", { name: "Right now" })).parentElement!;
    expect(await within(now).findByText("No live reading: the sensor was last heard at 9:12 PM.")).toBeInTheDocument();
    unmount();

    renderProfile(livePlace({ people: null }));
    const again = (await screen.findByRole("heading", { name: "Right now" })).parentElement!;
    expect(await within(again).findByText("Packed")).toBeInTheDocument();
    expect(again).not.toHaveTextContent(/people/);
  });
});

describe("profile: counts hidden by the owners", () => {
  it("says levels only instead of charts, with the live level and the best time in words", async () => {
    useClock(TUESDAY_NIGHT);
    const shown = popularTimes();
    // What the API answers a visitor when public_counts is off (docs/when-to-go.md#public-counts).
    const popular = {
      ...shown,
      days: shown.days.map((day) => ({ ...day, hours: day.hours.map((hour) => ({ ...hour, usual: null })) })),
      live: { ...shown.live!, percent: null },
    };
    const full = forecast();
    const hidden = {
      ...full,
      hours: full.hours.map((hour) => ({ ...hour, percent: null, low: null, high: null })),
      best_time: { ...full.best_time!, percent: null },
    };
    renderProfile(livePlace({ people: null, percent: null }), {
      popular,
      forecast: hidden,
      place: { lively_threshold: null, packed_threshold: null },
    });

    const popularSection = (await screen.findByRole("heading", { name: "Popular times" })).closest("section")!;
    expect(await within(popularSection).findByText(/Live: Packed/)).toHaveTextContent("Live: Packed · Busier than usual");
    expect(within(popularSection).getByText(LEVELS_ONLY)).toBeInTheDocument();
    expect(popularSection.querySelector(".popular-chart")).toBeNull();
    expect(popularSection).not.toHaveTextContent(/%/);

    const forecastSection = (await screen.findByRole("heading", { name: "Next 12 hours" })).closest("section")!;
    expect(await within(forecastSection).findByText("Best time to go tonight: 1–2 AM")).toBeInTheDocument();
    expect(within(forecastSection).getByText(LEVELS_ONLY)).toBeInTheDocument();
    expect(within(forecastSection).queryByRole("table")).not.toBeInTheDocument();
    expect(forecastSection).not.toHaveTextContent(/%|Lively until/);

    const now = (await screen.findByRole("heading", { name: "Right now" })).parentElement!;
    expect(await within(now).findByText("Packed")).toBeInTheDocument();
    expect(now).not.toHaveTextContent(/people/);
  });
});

describe("live map: filters and order", () => {
  const venues = [
    livePlace({ id: 1, name: "Alpha", percent: 70, level: "Lively", people: 70 }),
    livePlace({ id: 2, name: "Bravo", percent: 10, level: "Relaxed", people: 10, vs_usual: "quieter", live_looks_last_hour: 2 }),
    livePlace({ id: 3, name: "Charlie", percent: 95, level: "Packed", people: 95 }),
    livePlace({ id: 4, name: "Delta", percent: null, level: null, people: null, vs_usual: null }),
    livePlace({ id: 5, name: "Echo", percent: 0, level: "Relaxed", people: 0, open_now: false, opens_at: "2026-06-10T21:00:00.000Z" }),
  ];
  const names = (places: LivePlace[]) => places.map((place) => place.name);

  it("filters by open now and level, and orders quietest or busiest with silent then closed venues last", () => {
    const all = readLiveFilters(new URLSearchParams());
    expect(names(applyLiveFilters(venues, all))).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(names(applyLiveFilters(venues, { ...all, openNow: true }))).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    expect(names(applyLiveFilters(venues, { ...all, level: "Relaxed" }))).toEqual(["Bravo", "Echo"]);
    expect(names(applyLiveFilters(venues, { ...all, level: "Relaxed", openNow: true }))).toEqual(["Bravo"]);
    const withSpecial = [...venues.slice(0, 2), { ...venues[2], special_now: true }, ...venues.slice(3)];
    expect(names(applyLiveFilters(withSpecial, { ...all, specialNow: true }))).toEqual(["Charlie"]);
    expect(names(applyLiveFilters(venues, { ...all, sort: "quietest" }))).toEqual(["Bravo", "Alpha", "Charlie", "Delta", "Echo"]);
    expect(names(applyLiveFilters(venues, { ...all, sort: "busiest" }))).toEqual(["Charlie", "Alpha", "Bravo", "Delta", "Echo"]);
    // A venue that hides its counts has a level but no percent: live, ordered by its level (names break ties).
    const levelOnly = livePlace({ id: 6, name: "Foxtrot", percent: null, people: null, level: "Packed" });
    expect(names(applyLiveFilters([...venues, levelOnly], { ...all, sort: "busiest" }))).toEqual(["Charlie", "Foxtrot", "Alpha", "Bravo", "Delta", "Echo"]);
    expect(names(applyLiveFilters([...venues, levelOnly], { ...all, sort: "quietest" }))).toEqual(["Bravo", "Alpha", "Charlie", "Foxtrot", "Delta", "Echo"]);
  });

  it("reads and writes the filters in the address, defaults left out and nonsense ignored", () => {
    expect(readLiveFilters(new URLSearchParams("open_now=1&special_now=1&offer_now=1&level=Lively&sort=busiest&quiet_at=21"))).toEqual({ openNow: true, specialNow: true, offerNow: true, level: "Lively", sort: "busiest", quietAt: 21 });
    expect(readLiveFilters(new URLSearchParams("open_now=yes&special_now=yes&offer_now=yes&level=Loud&sort=random&quiet_at=24"))).toEqual({ openNow: false, specialNow: false, offerNow: false, level: "all", sort: "name", quietAt: null });
    expect(readLiveFilters(new URLSearchParams("quiet_at=9pm")).quietAt).toBeNull();
    expect(liveFilterParams({ openNow: true, specialNow: true, offerNow: true, level: "Packed", sort: "quietest", quietAt: 0 }).toString()).toBe("open_now=1&special_now=1&offer_now=1&level=Packed&sort=quietest&quiet_at=0");
    expect(liveFilterParams({ openNow: false, specialNow: false, offerNow: false, level: "all", sort: "name", quietAt: null }).toString()).toBe("");
    // The form sends the box's hour as quiet_at and the picker's as quiet_hour, which wins; the picker alone is off.
    expect(readLiveFilters(new URLSearchParams("quiet_at=21&quiet_hour=22")).quietAt).toBe(22);
    expect(readLiveFilters(new URLSearchParams("quiet_hour=22")).quietAt).toBeNull();
  });

  it("lists each venue's state as the address filters it (the worker's render), and its form leads to the next address", async () => {
    useClock(WEDNESDAY_MORNING);
    stubApi({
      "GET /api/live": { places: venues, generated_at: new Date(WEDNESDAY_MORNING).toISOString() },
      "GET /api/config/map": { tile_url: "", attribution: "" },
    });
    const renderAt = async (path: string) => {
      cleanup();
      const router = createMemoryRouter(
        [{ path: "/live-look", lazy: async () => ({ Component: (await import("../../client/pages/live/LiveMap")).default }) }],
        { initialEntries: [path] },
      );
      render(<RouterProvider router={router} />);
      const list = (await screen.findByRole("heading", { name: "Venues" })).closest("section")!;
      await within(list).findAllByRole("link");
      return { list, rowOf: (name: string) => within(list).getByRole("link", { name }).closest("li")! };
    };
    const { rowOf } = await renderAt("/live-look?level=Relaxed");
    expect(screen.getByRole("radio", { name: "Relaxed" })).toBeChecked();
    expect(rowOf("Echo")).toHaveTextContent(/Closed · opens \d+ PM/);
    expect(rowOf("Echo")).not.toHaveTextContent(/people/);
    expect(rowOf("Bravo")).toHaveTextContent("About 10 people");
    expect(rowOf("Bravo")).toHaveTextContent("Quieter than usual");
    // Live Looks beside the sensor's numbers; a venue without any says nothing about them.
    expect(rowOf("Bravo")).toHaveTextContent("2 Live Looks in the last hour");
    expect(rowOf("Echo")).not.toHaveTextContent(/Live Look/);

    // The form (a GET the server answers) leads to the address without defaults, at the filters.
    const form = document.querySelector<HTMLFormElement>("form#live-filters")!;
    expect(form).toHaveAttribute("method", "get");
    fireEvent.click(screen.getByRole("checkbox", { name: "Open now" }));
    expect(filtersAddress(form, { pathname: "/live-look", search: "?level=Relaxed" })).toBe("/live-look?open_now=1&level=Relaxed#live-filters");
    fireEvent.click(screen.getByRole("radio", { name: "All venues" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "busiest" } });
    expect(filtersAddress(form, { pathname: "/live-look", search: "?level=Relaxed" })).toBe("/live-look?open_now=1&sort=busiest#live-filters");
    expect(filtersAddress(form, { pathname: "/live-look", search: "?open_now=1&sort=busiest" })).toBeNull();

    const next = await renderAt("/live-look?open_now=1&sort=busiest");
    expect(within(next.list).queryByRole("link", { name: "Echo" })).not.toBeInTheDocument();
    expect(within(next.list).getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(["Charlie", "Alpha", "Bravo", "Delta"]);
    expect(screen.getByRole("status")).toHaveTextContent("Showing 4 of 5 venues.");
    expect(next.rowOf("Delta")).toHaveTextContent("No live reading: the sensor was last heard");
  });
});
