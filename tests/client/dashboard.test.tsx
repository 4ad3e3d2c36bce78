import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createBrowserRouter, createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { session } from "../../client/api/session";
import Dashboard from "../../client/pages/dashboard/Dashboard";
import { KEY_TRENDS_REFRESH_MS } from "../../client/pages/dashboard/KeyTrendsPanel";
import PlaceDashboard from "../../client/pages/dashboard/PlaceDashboard";
import PlaceInfo from "../../client/pages/dashboard/PlaceInfo";
import { confirmRemoveOwner, confirmRevokeInvite } from "../../client/components/PlaceAccess";
import type { KeyTrends, OpenInvitesAnswer, PlaceOwnersAnswer } from "../../common/schemas/answers";
import { callsTo, json, makePlace, stubApi } from "./dashboard-fixtures";
import { addDays } from "../../client/pages/dashboard/insights";

const copper = makePlace();
const stoop = makePlace({ id: 2, slug: "the-stoop", name: "The Stoop", cover_image: null, cover_photo_url: null, phone_number: "", owners: [], website: "" });

const liveTrends: KeyTrends = { currentCapacity: 64, peakHour: "21:00", peakHourUtilization: 82, currentPopulation: 64, currentStatus: "Lively" };

const quarterHours = { intervals: ["2026-05-01T23:00:00Z", "2026-05-01T23:15:00Z"], relative_fullness: [40, 55] };

/** The per-place charts' answers, the same for both places. */
const placeCharts = (id: number) => ({
  [`GET /api/place/${id}/key-trends`]: liveTrends,
  [`GET /api/place/${id}/daily_population_summary`]: [
    { label: "20:00", general_avg: 40, last_day_value: 55 },
    { label: "21:00", general_avg: 70, last_day_value: 82 },
  ],
  [`GET /api/place/${id}/agg_15_device_counts`]: quarterHours,
  [`GET /api/place/people/${id}/agg_15_device_counts`]: quarterHours,
  [`GET /api/place/${id}/weekly_population_summary`]: { Monday: 12, Friday: 48 },
});

// The signed-in owner is user 5 (see signIn), Dana; Eli is a co-owner.
const copperOwners: PlaceOwnersAnswer = {
  owners: [
    { id: 5, name: "Dana Demo", email: "dana@example.com", since: "2026-01-02T10:00:00.000Z" },
    { id: 6, name: "Eli", email: "eli@example.com", since: "2026-02-03T10:00:00.000Z" },
  ],
};
const copperInvites: OpenInvitesAnswer = {
  invites: [
    { id: "inv-1", created_at: "2026-05-01T16:00:00.000Z", expires_at: "2026-05-08T16:00:00.000Z", created_by: { name: "Eli", email: "eli@example.com" } },
    { id: "inv-2", created_at: "2026-05-02T16:00:00.000Z", expires_at: "2026-05-09T16:00:00.000Z", created_by: null },
  ],
};

/** Every endpoint the dashboard reads; `overrides` replace single routes. */
function dashboardApi(overrides: Record<string, unknown> = {}) {
  return stubApi({
    "GET /api/get-places-owned": [copper, stoop],
    "GET /api/place/1": copper,
    "GET /api/check_pico/1": { exists: true },
    "GET /api/check_pico/2": { exists: false },
    "GET /api/place/1/devices": { devices: [], max_devices: 1 },
    "GET /api/place/2/devices": { devices: [], max_devices: 1 },
    "POST /api/feature-flags/enable_new_dashboard": { value: false },
    ...placeCharts(1),
    ...placeCharts(2),
    "GET /api/calendar_data": {
      calendar_data: [
        { date: "2026-04-30", busyness_score: 34 },
        { date: "2026-05-01", busyness_score: 91 },
      ],
    },
    "GET /api/hourly_data": {
      hourly_data: [
        { hour: "20:00", population: 60 },
        { hour: "21:00", population: 91 },
      ],
    },
    "GET /api/peak_hourly_data": { peakHour: "21:00", peakHourUtilization: 91 },
    "GET /api/business/1/events": { events: [] },
    "GET /api/place/1/owners": copperOwners,
    "GET /api/place/1/invites": copperInvites,
    ...overrides,
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/dashboard", Component: Dashboard },
      { path: "/place_info", Component: PlaceInfo },
      { path: "/place_dashboard", Component: PlaceDashboard },
      { path: "/auth", Component: () => <h1>Sign in page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signIn = () => session.store("owner-token", 5);

describe("Dashboard session", () => {
  it("sends a visitor without a token to /auth and back here afterwards", async () => {
    dashboardApi();
    const router = renderAt("/dashboard?place_id=1");
    await screen.findByRole("heading", { name: "Sign in page" });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/dashboard?place_id=1")}`);
  });

  it("takes a bare token from the query only after the signed-out visitor confirms whose it is", async () => {
    const fetchMock = dashboardApi({ "GET /api/me": { id: 9, name: "Sam Rivera", email: "sam@example.com", role: "owner", places: [] } });
    const router = renderAt("/dashboard?token=handed-over&user_id=9&place_id=1");
    expect(router.state.location.search).toBe("?place_id=1");
    fireEvent.click(await screen.findByRole("button", { name: "Continue as Sam Rivera" }));
    await screen.findByRole("heading", { name: copper.name, level: 2 });
    expect(session.accessToken()).toBe("handed-over");
    expect(session.userId()).toBe("9");
    const [, init] = callsTo(fetchMock, "GET", "/api/get-places-owned")[0];
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer handed-over");
  });
});

describe("Dashboard sign-in links (issue 12)", () => {
  const sam = { id: 5, name: "Sam Rivera", email: "sam@example.com", role: "owner", places: [] };
  const mallory = { id: 9, name: "Mallory", email: "mallory@evil.example" };
  const code = "c".repeat(43);

  it("asks a signed-in visitor before switching accounts, and keeps their session when they decline", async () => {
    signIn();
    const fetchMock = dashboardApi({ "GET /api/me": sam, "POST /api/auth/handoff/inspect": mallory });
    renderAt(`/dashboard?code=${code}&user_id=9&place_id=1`);
    const question = await screen.findByRole("heading", { name: "Continue as Mallory?" });
    expect(question).toHaveFocus();
    expect(screen.getByText(/You are signed in here as/)).toHaveTextContent("Sam Rivera (sam@example.com)");
    expect(callsTo(fetchMock, "GET", "/api/get-places-owned")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Stay signed in as Sam Rivera" }));
    await screen.findByRole("heading", { name: copper.name, level: 2 });
    expect(session.accessToken()).toBe("owner-token");
    expect(session.userId()).toBe("5");
    expect(callsTo(fetchMock, "POST", "/api/auth/handoff/redeem")).toHaveLength(0);
  });

  it("switches to the link's account only on 'Continue as …', by redeeming the code", async () => {
    signIn();
    const fetchMock = dashboardApi({
      "GET /api/me": sam,
      "POST /api/auth/handoff/inspect": mallory,
      "POST /api/auth/handoff/redeem": { access_token: "mallory-token", user_id: 9 },
    });
    renderAt(`/dashboard?code=${code}&user_id=9&place_id=1`);
    fireEvent.click(await screen.findByRole("button", { name: "Continue as Mallory" }));
    await screen.findByRole("heading", { name: copper.name, level: 2 });
    expect(session.accessToken()).toBe("mallory-token");
    const [, init] = callsTo(fetchMock, "POST", "/api/auth/handoff/redeem")[0];
    expect(JSON.parse(String(init?.body))).toEqual({ code, user_id: 9 });
    expect(init?.credentials).toBe("include");
  });

  it("ignores a bare token with a note while someone is signed in", async () => {
    signIn();
    const fetchMock = dashboardApi({ "GET /api/me": sam });
    const router = renderAt("/dashboard?token=someone-elses&user_id=9&place_id=1");
    await screen.findByRole("heading", { name: copper.name, level: 2 });
    expect(screen.getByText(/it was ignored because you are already signed in/)).toBeInTheDocument();
    expect(session.accessToken()).toBe("owner-token");
    expect(router.state.location.search).toBe("?place_id=1");
    const sentTokens = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.Authorization);
    expect(sentTokens).not.toContain("Bearer someone-elses");
  });

  it("says why a used or expired code cannot sign in, then goes on to /auth", async () => {
    dashboardApi({
      "POST /api/auth/handoff/inspect": () => json({ error: "This sign-in link has expired or was already used. Sign in instead." }, 410),
    });
    const router = renderAt(`/dashboard?code=${code}&user_id=9`);
    expect(await screen.findByRole("alert")).toHaveTextContent("expired or was already used");
    fireEvent.click(screen.getByRole("button", { name: "Continue without it" }));
    await screen.findByRole("heading", { name: "Sign in page" });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/dashboard")}`);
    expect(session.accessToken()).toBeNull();
  });

  it("takes the code out of the address bar and its history entry before anything loads", async () => {
    dashboardApi({ "POST /api/auth/handoff/inspect": mallory });
    window.history.replaceState(null, "", `/dashboard?code=${code}&user_id=9&place_id=1#top`);
    const entries = window.history.length;
    const router = createBrowserRouter([{ path: "/dashboard", Component: Dashboard }]);
    render(<RouterProvider router={router} />);
    // Synchronously after the first render: replaced, not pushed, so Back cannot bring it back.
    expect(window.location.search).toBe("?place_id=1");
    expect(window.location.hash).toBe("#top");
    expect(window.history.length).toBe(entries);
    await screen.findByRole("heading", { name: "Continue as Mallory?" });
    expect(window.location.href).not.toContain(code);
    expect(router.state.location.search).toBe("?place_id=1");
    router.dispose();
  });
});

describe("Dashboard businesses", () => {
  beforeEach(signIn);

  it("folds the list on a narrow screen through its title, folded from the start (the landing lists each venue)", async () => {
    dashboardApi();
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    renderAt("/dashboard");
    const toggle = await screen.findByRole("button", { name: "Your Businesses" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const list = screen.getByRole("navigation", { name: "Your Businesses" });
    expect(within(list).queryByRole("button", { name: /The Copper Lantern/ })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    fireEvent.click(within(list).getByRole("button", { name: /The Stoop/ }));
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "false"));
    expect(within(list).queryByRole("button", { name: /The Copper Lantern/ })).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(within(list).getByRole("button", { name: /The Copper Lantern/ })).toBeVisible();
  });

  it("lands on each venue's now: level, people, percent and its sensors, with a button to open it", async () => {
    // Friday 7:10 PM in New York: both venues open (closed, the line says so: owner-evening.test.ts).
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse("2026-05-01T23:10:00Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const sensor = {
      id: 3, name: "Front bar", dev_eui: null, created_at: "2026-05-01T18:00:00.000Z", online: true, last_seen_at: "2026-05-01T19:00:00.000Z",
      last_count: 12, last_reading_at: new Date(Date.now() - 4 * 60_000).toISOString(), firmware: null, uptime_s: null, rssi: null, flagged: null, health: [],
    };
    dashboardApi({
      "GET /api/place/1/devices": { devices: [sensor], max_devices: 1 },
      "GET /api/place/2/key-trends": { currentCapacity: null, peakHour: null, peakHourUtilization: null, currentPopulation: null, currentStatus: null },
    });
    const router = renderAt("/dashboard");
    const copperCard = await screen.findByRole("region", { name: copper.name });
    expect(await within(copperCard).findByText("Lively · 64 people · 64%")).toBeInTheDocument();
    expect(await within(copperCard).findByText("1 of 1 sensor online · Last reading 4 min ago")).toBeInTheDocument();
    const stoopCard = screen.getByRole("region", { name: stoop.name });
    expect(await within(stoopCard).findByText("No reading in the last 5 minutes")).toBeInTheDocument();
    fireEvent.click(within(stoopCard).getByRole("button", { name: "Open The Stoop" }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get("place_id")).toBe("2"));
    expect(await screen.findByRole("tab", { name: "Now", selected: true })).toBeInTheDocument();
  });

  it("lists the owner's businesses with cover or 'No Image' and asks to pick one", async () => {
    dashboardApi();
    renderAt("/dashboard");
    const list = await screen.findByRole("navigation", { name: "Your Businesses" });
    const items = within(list).getAllByRole("button");
    expect(items.map((item) => item.textContent)).toEqual([copper.name, `No Image${stoop.name}`]);
    expect(items[0].querySelector("img")).toHaveAttribute("src", copper.cover_image);
    expect(screen.getByText("Select a business to view details.")).toBeInTheDocument();
  });

  it("shows 'Failed to fetch businesses.' when the list cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    dashboardApi({ "GET /api/get-places-owned": () => json({}, 500) });
    renderAt("/dashboard");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch businesses.");
  });

  it("shows the chosen business: details, N/A for missing ones, Monday-first hours and the device badge", async () => {
    dashboardApi();
    renderAt("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Open The Stoop" }));
    // The device badge heads the venue; its details, hours and co-owners are under Settings.
    expect(await screen.findByText("Warning: Device is Offline")).toBeInTheDocument();
    expect(screen.getByText(/plugged in/)).toBeInTheDocument();
    expect(screen.getByText(/Wi-Fi/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("tab", { name: "Settings" }));
    const details = await screen.findByRole("region", { name: "Details and hours" });
    const facts = within(details).getAllByRole("definition").map((entry) => entry.textContent);
    expect(facts).toEqual([stoop.address, "N/A", "N/A", "N/A", "Shown publicly"]);
    const rows = within(details).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Monday5:00 PM2:00 AM",
      "Tuesday5:00 PM2:00 AM",
      "Wednesday5:00 PM2:00 AM",
      "Thursday5:00 PM2:00 AM",
      "Friday4:00 PM4:00 AM",
      "Saturday4:00 PM4:00 AM",
      "SundayClosed",
    ]);
  });

  it("says 'Device is Online' when a device reported", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1");
    expect(await screen.findByText("Device is Online")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: copper.name })).toHaveAttribute("aria-current", "true");
  });

  it("lists each sensor's problems in the device-status dropdown, in words", async () => {
    const sensor = {
      id: 3, name: "Front bar", dev_eui: null, created_at: "2026-05-01T18:00:00.000Z", online: true, last_seen_at: "2026-05-01T19:00:00.000Z",
      last_count: 12, last_reading_at: "2026-05-01T19:00:00.000Z", firmware: null, uptime_s: null, rssi: -85, flagged: null,
      health: [
        { code: "stuck", message: "Stuck: the count has been 12 since Fri, May 1, 5:00 PM, over 2 hours while open" },
        { code: "weak_signal", message: "Weak signal: -85 dBm (below -80 dBm)" },
      ],
    };
    const healthy = { ...sensor, id: 4, name: "Patio", rssi: null, health: [] };
    dashboardApi({ "GET /api/place/1/devices": { devices: [sensor, healthy], max_devices: 2 } });
    renderAt("/dashboard?place_id=1");
    const problems = await screen.findByRole("list", { name: "Problems of Front bar" });
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual(sensor.health.map((problem) => problem.message));
    expect(problems.closest("details")).toHaveTextContent("Device is Online");
    expect(problems.closest("details")).not.toHaveTextContent("Patio");
  });

  it("lists the sensors on the Now tab with their last reading and what to do about each problem", async () => {
    const sensor = {
      id: 3, name: "Front bar", dev_eui: null, created_at: "2026-05-01T18:00:00.000Z", online: false, last_seen_at: "2026-05-01T19:00:00.000Z",
      last_count: 12, last_reading_at: new Date(Date.now() - 2 * 3_600_000).toISOString(), firmware: null, uptime_s: null, rssi: null, flagged: null,
      health: [{ code: "offline", message: "Offline since Fri, May 1, 7:00 PM" }],
    };
    const fresh = { ...sensor, id: 4, name: "Patio", online: true, last_count: 1, last_reading_at: new Date(Date.now() - 60_000).toISOString(), health: [] };
    dashboardApi({ "GET /api/place/1/devices": { devices: [sensor, fresh], max_devices: 2 } });
    renderAt("/dashboard?place_id=1");
    const sensors = await screen.findByRole("region", { name: "Sensors" });
    const rows = await within(sensors).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Front barOffline12 people, 2 hours agoOffline since Fri, May 1, 7:00 PM. Check that it is plugged in and switched on and that the venue's Wi-Fi works; it shows online within 5 minutes of its next count.",
      "PatioOnline1 person, 1 min ago",
    ]);
    expect(within(screen.getByRole("region", { name: "Now" })).getByText("1 of 2 sensors online · Last reading 1 min ago")).toBeInTheDocument();
  });

  it("edits, updates with the owner's JSON and shows the new phone number", async () => {
    const fetchMock = dashboardApi({
      "POST /api/place/update/1": ({ init }: { init?: RequestInit }) => json({ ...copper, ...JSON.parse(String(init?.body)) }),
    });
    renderAt("/dashboard?place_id=1&tab=settings");
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "(212) 555-0199" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText(copper.phone_number)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "(212) 555-0199" } });
    fireEvent.change(screen.getByLabelText("Sunday Open"), { target: { value: "12:00" } });
    fireEvent.change(screen.getByLabelText("Sunday Close"), { target: { value: "20:00" } });
    const publicCounts = screen.getByRole("checkbox", { name: "Show visitor counts publicly" });
    expect(publicCounts).toBeChecked();
    fireEvent.click(publicCounts);
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Business updated successfully!");
    expect(screen.getByText("(212) 555-0199")).toBeInTheDocument();
    expect(screen.getByText("Hidden from visitors")).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, "POST", "/api/place/update/1")[0];
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      name: copper.name,
      phone_number: "(212) 555-0199",
      sunday_open: "12:00",
      sunday_close: "20:00",
      favorite: false,
      public_counts: false,
    });
    expect(Object.keys(body)).toHaveLength(20);
  });

  it("checks the edit with the server's schema before sending it", async () => {
    const fetchMock = dashboardApi();
    renderAt("/dashboard?place_id=1&tab=settings");
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " " } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "555" } });
    fireEvent.change(screen.getByLabelText("Monday Close"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(screen.getByText("Invalid phone number format.")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(fetchMock, "POST", "/api/place/update/1")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "The Copper Lantern" } });
    fireEvent.change(screen.getByLabelText("Phone number"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Give both an opening and a closing time, or leave both empty when closed.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/api/place/update/1")).toHaveLength(0);
  });

  it("shows the server's sentence, or 'Failed to update business.', when the update is refused", async () => {
    let answer = json({ error: "phone_number: Invalid phone number format." }, 400);
    dashboardApi({ "POST /api/place/update/1": () => answer });
    renderAt("/dashboard?place_id=1&tab=settings");
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("phone_number: Invalid phone number format.");
    answer = new Response("", { status: 500 });
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Failed to update business."));
  });

  it("generates an invite link, copies it with the spec's alert and closes the modal", async () => {
    dashboardApi({
      "POST /api/place/1/generate-url": { invite_link: "http://localhost/invite/abc", expires_at: "2026-05-08T20:00:00.000Z" },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    renderAt("/dashboard?place_id=1&tab=settings");
    fireEvent.click(await screen.findByRole("button", { name: "Assign Additional Owner" }));
    const dialog = await screen.findByRole("dialog", { name: "Generated URL" });
    expect(within(dialog).getByLabelText("Invite link")).toHaveValue("http://localhost/invite/abc");
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy to Clipboard" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("URL copied to clipboard!"));
    expect(writeText).toHaveBeenCalledWith("http://localhost/invite/abc");
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("Dashboard data tabs", () => {
  beforeEach(signIn);

  const VENUE_TABS = ["Now", "Offers", "Redeem", "Events", "Menu", "Specials", "News", "Insights", "Settings"];
  const tabNames = async () => {
    await screen.findByRole("tab", { name: "Today at a Glance" });
    // Let the flag's answer arrive before reading the tab list.
    await act(async () => {});
    return screen.getAllByRole("tab").map((tab) => tab.textContent);
  };

  it("opens a venue on Now, its tabs in one row, the spec's data views under Insights", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1");
    expect(await screen.findByRole("tab", { name: "Now", selected: true })).toBeInTheDocument();
    expect(within(screen.getByRole("tablist", { name: "Venue" })).getAllByRole("tab").map((tab) => tab.textContent)).toEqual(VENUE_TABS);
    expect(await screen.findByRole("region", { name: "Key trends" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sensors" })).toBeInTheDocument();
  });

  it("shows People when enable_new_dashboard is on", async () => {
    dashboardApi({ "POST /api/feature-flags/enable_new_dashboard": { value: true } });
    renderAt("/dashboard?place_id=1&tab=overview");
    await waitFor(async () => expect(await tabNames()).toContain("People"));
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([...VENUE_TABS, "Today at a Glance", "Forecast", "Daily Comparison", "People"]);
  });

  it("hides People when the flag is off", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1&tab=overview");
    expect(await tabNames()).toEqual([...VENUE_TABS, "Today at a Glance", "Forecast", "Daily Comparison"]);
  });

  it("hides People when the flag cannot be fetched", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    dashboardApi({ "POST /api/feature-flags/enable_new_dashboard": () => Promise.reject(new TypeError("offline")) });
    renderAt("/dashboard?place_id=1&tab=overview");
    expect(await tabNames()).toEqual([...VENUE_TABS, "Today at a Glance", "Forecast", "Daily Comparison"]);
  });

  it("hides People when the flag answers with an error", async () => {
    dashboardApi({ "POST /api/feature-flags/enable_new_dashboard": () => json({ error: "boom" }, 500) });
    renderAt("/dashboard?place_id=1&tab=people");
    expect(await screen.findByText("Invalid Tab")).toBeInTheDocument();
    expect(screen.getAllByRole("tab")).toHaveLength(VENUE_TABS.length);
  });

  it("shows 'Invalid Tab' for an unknown tab", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1&tab=nonsense");
    expect(await screen.findByText("Invalid Tab")).toBeInTheDocument();
  });

  it("moves between tabs with the arrow keys and keeps the tab in the address", async () => {
    dashboardApi();
    const router = renderAt("/dashboard?place_id=1");
    const first = await screen.findByRole("tab", { name: "Now" });
    expect(first).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(first, { key: "End" });
    expect(await screen.findByRole("tab", { name: "Settings", selected: true })).toHaveFocus();
    expect(new URLSearchParams(router.state.location.search).get("tab")).toBe("settings");
    fireEvent.click(screen.getByRole("tab", { name: "Insights" }));
    const glance = await screen.findByRole("tab", { name: "Today at a Glance", selected: true });
    expect(new URLSearchParams(router.state.location.search).get("tab")).toBe("insights");
    fireEvent.keyDown(glance, { key: "ArrowRight" });
    expect(await screen.findByRole("tab", { name: "Forecast", selected: true })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Insights" })).toHaveAttribute("aria-selected", "true");
    expect(new URLSearchParams(router.state.location.search).get("tab")).toBe("forecast");
  });

  it("draws the overview: summary, hourly bars, recent capacity and the weekly chart", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1&tab=overview");
    const hourly = await screen.findByRole("region", { name: "Hourly: usual versus today" });
    await waitFor(() => expect(hourly.querySelector("canvas")).not.toBeNull());
    expect(hourly.querySelector(".chart-canvas")).toHaveAttribute("data-points", "2");
    expect(within(hourly).getByText("Usual")).toBeInTheDocument();
    expect(within(hourly).getByText("Today")).toBeInTheDocument();
    const recent = screen.getByRole("region", { name: "Capacity, last 24 hours" });
    await waitFor(() => expect(recent.querySelector("canvas")).not.toBeNull());
    const weekly = screen.getByRole("region", { name: "Weekly summary" });
    await waitFor(() => expect(weekly.querySelector(".chart-canvas")).toHaveAttribute("data-points", "7"));
    const summary = screen.getByRole("region", { name: "Today so far" });
    await within(summary).findByText("9 PM · 82%");
    expect(within(summary).getByText("12 points busier than usual (usually 70% at 9 PM)")).toBeInTheDocument();
  });

  it("keeps a failed chart at 'Loading...' with a retry that loads it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    dashboardApi({
      "GET /api/place/1/weekly_population_summary": () => (fail ? json({ error: "down" }, 503) : json({ Monday: 3 })),
    });
    renderAt("/dashboard?place_id=1&tab=overview");
    const retry = await screen.findByRole("button", { name: "Retry loading the weekly summary" });
    const weekly = screen.getByRole("region", { name: "Weekly summary" });
    expect(within(weekly).getByText("Loading...")).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(weekly.querySelector("canvas")).not.toBeNull());
  });

  it("opens a heatmap day's hourly chart with its peak hour", async () => {
    dashboardApi();
    renderAt("/dashboard?place_id=1&tab=daily");
    expect(await screen.findByText("Select a day to view hourly data.")).toBeInTheDocument();
    // The calendar opens on the latest month with data, and goes back as far as the data does.
    expect(await screen.findByRole("heading", { name: "May 2026" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Next month/ })).toBeDisabled();
    const empty = screen.getByRole("button", { name: "Saturday, May 2, 2026: no data" });
    expect(empty).toBeDisabled();
    expect(empty).toHaveClass("heatmap-score-none");
    fireEvent.click(screen.getByRole("button", { name: /Previous month/ }));
    expect(screen.getByRole("button", { name: "Thursday, April 30, 2026: busyness 34" })).toHaveClass("heatmap-score-3");
    expect(screen.getByRole("button", { name: /Previous month/ })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: /Next month/ }));
    const busyDay = screen.getByRole("button", { name: "Friday, May 1, 2026: busyness 91" });
    expect(busyDay).toHaveClass("heatmap-score-9");
    fireEvent.click(busyDay);
    expect(busyDay).toHaveAttribute("aria-pressed", "true");
    const detail = await screen.findByRole("region", { name: "Hourly Population Data for 2026-05-01" });
    expect(await within(detail).findByText("9 PM")).toBeInTheDocument();
    expect(within(detail).getByText("91%")).toBeInTheDocument();
    expect(within(detail).getByText("Peak Hour Population")).toBeInTheDocument();
    await waitFor(() => expect(detail.querySelector(".chart-canvas")).toHaveAttribute("data-points", "2"));
  });

  it("draws 'Population (Past 24hrs)' on the People tab", async () => {
    dashboardApi({ "POST /api/feature-flags/enable_new_dashboard": { value: true } });
    renderAt("/dashboard?place_id=1&tab=people");
    const people = await screen.findByRole("region", { name: "Population (Past 24hrs)" });
    await waitFor(() => expect(people.querySelector("canvas")).not.toBeNull());
    expect(within(people).getAllByText("People").length).toBeGreaterThan(0);
  });
});

describe("Key trends", () => {
  beforeEach(signIn);
  afterEach(() => vi.useRealTimers());

  const tileValues = () =>
    within(screen.getByRole("region", { name: "Key trends" }))
      .getAllByRole("definition")
      .map((tile) => tile.textContent);

  it("starts at 'Loading...' and shows 'Device Offline' in all four tiles when currentCapacity is null", async () => {
    // One gate for every key-trends request, made before or after the release: the panel's effect
    // may send its request after the region first renders, so collecting the requests sent "so
    // far" and answering those raced React's effect scheduling.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const offline = { currentCapacity: null, peakHour: null, peakHourUtilization: null, currentPopulation: null, currentStatus: null };
    dashboardApi({ "GET /api/place/1/key-trends": () => gate.then(() => json(offline)) });
    renderAt("/place_dashboard?place_id=1");
    await screen.findByRole("region", { name: "Key trends" });
    expect(tileValues()).toEqual(["Loading...", "Loading...", "Loading...", "Loading..."]);
    await act(async () => release());
    // The answer reaches state after its body is read, a few tasks later: wait for the outcome.
    await waitFor(() => expect(tileValues()).toEqual(["Device Offline", "Device Offline", "Device Offline", "Device Offline"]));
  });

  it("refreshes on its own so a rising crowd shows without a reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let capacity = 20;
    dashboardApi({ "GET /api/place/1/key-trends": () => json({ ...liveTrends, currentCapacity: capacity }) });
    renderAt("/place_dashboard?place_id=1");
    await waitFor(() => expect(tileValues()[0]).toBe("20%"));
    capacity = 45;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEY_TRENDS_REFRESH_MS);
    });
    await waitFor(() => expect(tileValues()[0]).toBe("45%"));
    expect(KEY_TRENDS_REFRESH_MS).toBeLessThanOrEqual(60_000);
  });
});

describe("Place info", () => {
  beforeEach(signIn);

  it("shows type and details, and links to the place dashboard", async () => {
    dashboardApi();
    renderAt("/place_info?place_id=1");
    const details = await screen.findByRole("region", { name: copper.name });
    expect(within(details).getByText("Bar")).toBeInTheDocument();
    expect(within(details).getByRole("link", { name: copper.website })).toHaveAttribute("href", copper.website);
    expect(within(details).getByRole("link", { name: "Go to Place Dashboard" })).toHaveAttribute("href", "/place_dashboard?place_id=1");
  });

  it("lists the owners and open invite links with labelled Remove and Revoke buttons", async () => {
    dashboardApi();
    renderAt("/place_info?place_id=1");
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    const owners = (await within(access).findByRole("heading", { name: "Owners" })).nextElementSibling as HTMLElement;
    expect(within(owners).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Dana Demo (dana@example.com) (you)Remove",
      "Eli (eli@example.com)Remove",
    ]);
    expect(within(access).getByRole("button", { name: "Remove Eli" })).toBeInTheDocument();
    const revokeButtons = within(access).getAllByRole("button", { name: /^Revoke the invite link made by/ });
    expect(revokeButtons).toHaveLength(2);
    expect(revokeButtons[0]).toHaveAccessibleName(expect.stringContaining("made by Eli on"));
    expect(revokeButtons[1]).toHaveAccessibleName(expect.stringContaining("made by an administrator on"));
    // The links' tokens are never shown, only when they were made and until when they work.
    expect(access).not.toHaveTextContent("inv-1");
  });

  it("removes a co-owner only after confirmation, then reads the owners and the place again", async () => {
    let owners = copperOwners;
    const fetchMock = dashboardApi({
      "GET /api/place/1/owners": () => json(owners),
      "DELETE /api/place/1/owners/6": () => {
        owners = { owners: copperOwners.owners.slice(0, 1) };
        return json({ ok: true });
      },
    });
    renderAt("/place_info?place_id=1");
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);

    fireEvent.click(await within(access).findByRole("button", { name: "Remove Eli" }));
    expect(confirm).toHaveBeenLastCalledWith(confirmRemoveOwner("Eli"));
    expect(callsTo(fetchMock, "DELETE", "/api/place/1/owners/6")).toHaveLength(0);

    const placeReads = callsTo(fetchMock, "GET", "/api/place/1").length;
    fireEvent.click(within(access).getByRole("button", { name: "Remove Eli" }));
    expect(await within(access).findByRole("status")).toHaveTextContent("Eli is no longer an owner.");
    await waitFor(() => expect(within(access).queryByRole("button", { name: "Remove Eli" })).toBeNull());
    expect(callsTo(fetchMock, "DELETE", "/api/place/1/owners/6")).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/api/place/1").length).toBe(placeReads + 1));
  });

  it("shows the server's sentence when removing the last owner is refused", async () => {
    dashboardApi({
      "DELETE /api/place/1/owners/5": () => json({ error: "A place must keep at least one owner." }, 409),
    });
    renderAt("/place_info?place_id=1");
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(await within(access).findByRole("button", { name: "Remove Dana Demo" }));
    expect(await within(access).findByRole("alert")).toHaveTextContent("A place must keep at least one owner.");
    expect(within(access).getByRole("button", { name: "Remove Dana Demo" })).toBeInTheDocument();
  });

  it("revokes an invite link after confirmation and lists it no more", async () => {
    let invites = copperInvites;
    const fetchMock = dashboardApi({
      "GET /api/place/1/invites": () => json(invites),
      "DELETE /api/place/1/invites/inv-2": () => {
        invites = { invites: copperInvites.invites.slice(0, 1) };
        return json({ ok: true });
      },
    });
    renderAt("/place_info?place_id=1");
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    fireEvent.click(await within(access).findByRole("button", { name: /made by an administrator/ }));
    expect(confirm).toHaveBeenCalledWith(confirmRevokeInvite);
    expect(await within(access).findByRole("status")).toHaveTextContent("Invite link revoked.");
    await waitFor(() => expect(within(access).getAllByRole("button", { name: /^Revoke/ })).toHaveLength(1));
    expect(callsTo(fetchMock, "DELETE", "/api/place/1/invites/inv-2")).toHaveLength(1);
  });

  it("lists a newly generated invite link", async () => {
    let invites: OpenInvitesAnswer = { invites: [] };
    dashboardApi({
      "GET /api/place/1/invites": () => json(invites),
      "POST /api/place/1/generate-url": () => {
        invites = copperInvites;
        return json({ invite_link: "https://third-place.test/invite/abc", expires_at: "2026-05-09T16:00:00.000Z" }, 201);
      },
    });
    renderAt("/place_info?place_id=1");
    const access = await screen.findByRole("region", { name: "Owners and invite links" });
    expect(await within(access).findByText("No open invite links.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Assign Additional Owner" }));
    await waitFor(() => expect(within(access).getAllByRole("button", { name: /^Revoke/ })).toHaveLength(2));
  });

  it("shows 'Failed to fetch business details.' when the place cannot be read", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    dashboardApi({ "GET /api/place/1": () => json({ error: "Not your place." }, 403) });
    renderAt("/place_info?place_id=1");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch business details.");
  });

  it("shows 'Loading...' in the data panel until the place arrives", async () => {
    let answer!: (response: Response) => void;
    dashboardApi({ "GET /api/place/1": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt("/place_dashboard?place_id=1");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    await act(async () => answer(json(copper)));
    expect(await screen.findByRole("heading", { name: `${copper.name}: dashboard` })).toBeInTheDocument();
  });
});

describe("Forecast (issue 16)", () => {
  beforeEach(signIn);

  // New York, EDT: 22:00 is 02:00Z next day.
  const hour = (iso: string, percent: number | null, closed = false) => ({ start: iso, percent, low: percent, high: percent, closed });
  const forecast = {
    generated_at: "2026-05-05T16:00:00.000Z",
    timezone: "America/New_York",
    enough_data: true,
    days: [
      { date: "2026-05-05", weekday: "Tuesday", peak: { start: "2026-05-06T02:00:00.000Z", percent: 85 }, hours: [hour("2026-05-06T01:00:00.000Z", 60), hour("2026-05-06T02:00:00.000Z", 85)] },
      { date: "2026-05-06", weekday: "Wednesday", peak: null, hours: [hour("2026-05-06T16:00:00.000Z", null, true)] },
    ],
    accuracy: { mean_abs_error: 6.2, days: 28, hours: 200, next_hours_error: 4.1, later_error: 7 },
    accuracy_text: "Last 4 weeks: off by 6 points on average",
  };

  it("shows each day's expected peak, the accuracy in words and a table of the chosen day's hours", async () => {
    dashboardApi({ "GET /api/place/1/forecast": forecast });
    renderAt("/dashboard?place_id=1&tab=forecast");
    expect(await screen.findByText("Last 4 weeks: off by 6 points on average")).toBeInTheDocument();
    const week = screen.getByRole("table", { name: /Expected peak of each of the next 2 days/ });
    expect(within(week).getByRole("row", { name: /Today 10 PM, about 85%/ })).toBeInTheDocument();
    expect(within(week).getByText("Closed")).toBeInTheDocument();
    const hours = screen.getByRole("table", { name: /Expected capacity by hour/ });
    expect(within(hours).getByRole("row", { name: "9 PM 60% (60–60%)" })).toBeInTheDocument();
    fireEvent.click(within(week).getByRole("button", { name: /Show hours of Wed/ }));
    expect(await screen.findByRole("region", { name: /Hours of Wed/ })).toBeInTheDocument();
  });

  it("puts today's expected peak on Today at a Glance", async () => {
    dashboardApi({ "GET /api/place/1/forecast": forecast });
    renderAt("/dashboard?place_id=1&tab=overview");
    expect(await screen.findByText("Expected peak today: 10 PM, about 85%")).toBeInTheDocument();
  });
});

describe("Week against week and the CSV export (issue 16)", () => {
  beforeEach(signIn);
  // jsdom has no object URLs: the test lends URL the two functions saving a file needs.
  const objectUrls = URL as unknown as Record<string, unknown>;
  afterEach(() => {
    delete objectUrls.createObjectURL;
    delete objectUrls.revokeObjectURL;
  });

  const day = (date: string, weekday: string, peak: number | null, mean: number | null) => ({ date, weekday, peak_percent: peak, mean_percent: mean });
  const week = (label: string, start: string, values: [number | null, number | null][]) => ({
    label,
    start,
    has_data: values.some(([peak]) => peak !== null),
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((weekday, i) =>
      day(addDays(start, i), weekday, values[i]?.[0] ?? null, values[i]?.[1] ?? null),
    ),
  });
  const comparison = {
    weeks: [
      week("This week", "2026-04-27", [[null, null], [60, 37]]),
      week("Week before", "2026-04-20", [[null, null], [30, 30]]),
      week("A year earlier", "2025-04-28", []),
    ],
  };

  it("compares the chosen week in a table and downloads the chosen range as CSV with the owner's token", async () => {
    const fetchMock = dashboardApi({
      "GET /api/place/1/week-comparison": comparison,
      "GET /api/place/1/export.csv": () => new Response("local_time,utc_offset\n", { headers: { "content-type": "text/csv" } }),
    });
    const createObjectURL = vi.fn(() => "blob:export");
    Object.assign(objectUrls, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAt("/dashboard?place_id=1&tab=daily");
    const table = await screen.findByRole("table", { name: /Daily peak and mean, week of/ });
    expect(within(table).getByRole("row", { name: /Tuesday Peak 60% · mean 37% Peak 30% · mean 30% —/ })).toBeInTheDocument();
    expect(within(table).getByText("No data that week")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Week of"), { target: { value: "2026-04-29" } });
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/api/place/1/week-comparison").some(([url]) => String(url).includes("week=2026-04-29"))).toBe(true));

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-04-02" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-04-01" } });
    expect(screen.getByText("The first day must not be after the last.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-04-30" } });
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(await screen.findByText("Downloaded.")).toBeInTheDocument();
    const [[url, init]] = callsTo(fetchMock, "GET", "/api/place/1/export.csv");
    expect(String(url)).toContain("from=2026-04-02&to=2026-04-30");
    expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer owner-token");
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
