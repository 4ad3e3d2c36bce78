// How many requests each dashboard tab sends when it opens (issue 13: every endpoint once per tab
// load, however many cards read it).
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { session } from "../../client/api/session";
import Dashboard from "../../client/pages/dashboard/Dashboard";
import { makePlace, stubApi } from "./dashboard-fixtures";

const copper = makePlace();
const quarterHours = { intervals: ["2026-05-01T23:00:00Z"], relative_fullness: [40] };

function api() {
  return stubApi({
    "GET /api/me": { id: 5, name: "Dana Demo", email: "dana@example.com", role: "owner", places: [{ id: 1, name: copper.name }] },
    "GET /api/get-places-owned": [copper],
    "GET /api/check_pico/1": { exists: true },
    "GET /api/place/1/devices": { devices: [], max_devices: 1 },
    "POST /api/feature-flags/enable_new_dashboard": { value: true },
    "GET /api/place/1/key-trends": { currentCapacity: 64, peakHour: "21:00", peakHourUtilization: 82, currentPopulation: 64, currentStatus: "Lively" },
    "GET /api/place/1/daily_population_summary": [{ label: "21:00", general_avg: 70, last_day_value: 82 }],
    "GET /api/place/1/agg_15_device_counts": quarterHours,
    "GET /api/place/people/1/agg_15_device_counts": quarterHours,
    "GET /api/place/1/weekly_population_summary": { Monday: 12 },
    "GET /api/calendar_data": { calendar_data: [{ date: "2026-05-01", busyness_score: 91 }] },
    "GET /api/business/1/events": { events: [] },
    "GET /api/event-categories": { categories: [] },
  });
}

/** Requests sent so far, "METHOD /path" → count. */
function counts(fetchMock: ReturnType<typeof api>) {
  const tally: Record<string, number> = {};
  for (const [input, init] of fetchMock.mock.calls) {
    const key = `${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/** Opens the dashboard on `tab` and waits until every request the tab makes has been answered. */
async function openTab(tab: string, settled: string) {
  const fetchMock = api();
  const router = createMemoryRouter([{ path: "/dashboard", Component: Dashboard }], { initialEntries: [`/dashboard?place_id=1&tab=${tab}`] });
  render(<RouterProvider router={router} />);
  await screen.findByText(settled);
  await act(async () => {});
  return fetchMock;
}

describe("Requests per dashboard tab", () => {
  beforeEach(() => session.store("owner-token", 5));

  it("Today at a Glance reads each endpoint once, though the summary, the charts and the key trends share some", async () => {
    const fetchMock = await openTab("overview", "9 PM · 82%");
    await waitFor(() => expect(counts(fetchMock)["GET /api/place/1/weekly_population_summary"]).toBe(1));
    expect(Object.values(counts(fetchMock)).every((count) => count === 1)).toBe(true);
    expect(counts(fetchMock)).toMatchObject({ "GET /api/place/1/key-trends": 1, "GET /api/place/1/daily_population_summary": 1 });
  });

  it("Daily Comparison reads each endpoint once", async () => {
    const fetchMock = await openTab("daily", "May 2026");
    expect(Object.values(counts(fetchMock)).every((count) => count === 1)).toBe(true);
  });

  it("People reads each endpoint once", async () => {
    const fetchMock = await openTab("people", "Population (Past 24hrs)");
    await waitFor(() => expect(counts(fetchMock)["GET /api/place/people/1/agg_15_device_counts"]).toBe(1));
    expect(Object.values(counts(fetchMock)).every((count) => count === 1)).toBe(true);
  });

  it("Events reads each endpoint once, and Add Event takes the owned places the dashboard already has", async () => {
    const fetchMock = await openTab("events", "No upcoming events yet. Use Add Event to announce one.");
    expect(Object.values(counts(fetchMock)).every((count) => count === 1)).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Add Event" }));
    await screen.findByRole("option", { name: copper.name });
    await waitFor(() => expect(counts(fetchMock)["GET /api/event-categories"]).toBe(1));
    expect(counts(fetchMock)["GET /api/get-places-owned"]).toBe(1);
  });
});
