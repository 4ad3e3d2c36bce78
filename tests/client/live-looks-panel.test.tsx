// The dashboard's Live Looks panel (docs/live-looks.md): the last 7 days with each post's state,
// hiding with a reason and showing again. Fixed instants; a fake API.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModeratedLiveLookAnswer } from "../../common/schemas/answers";
import { session } from "../../client/api/session";
import { LiveLooksPanel } from "../../client/pages/dashboard/LiveLooksPanel";
import { callsTo, json, stubApi } from "./dashboard-fixtures";

const NOW = Date.parse("2026-11-21T03:00:00.000Z");

const look = (id: number, minutesAgo: number, overrides: Partial<ModeratedLiveLookAnswer> = {}): ModeratedLiveLookAnswer => ({
  id, text: `Post ${id}`, photo_url: null, video_url: null, poster_url: null, wait: null, vibe: null, not_checked: false, created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
  place_id: 1, place_name: "The Stoop", open_reports: 0, hidden_at: null, hidden_reason: "", hidden_by: null, ...overrides,
});

beforeEach(() => {
  session.store("owner-token", 5);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("LiveLooksPanel", () => {
  it("marks each post public, no longer public or hidden, and hides one with a reason", async () => {
    let hidden = false;
    const fetchMock = stubApi({
      "GET /api/place/1/live-looks": () =>
        json({
          live_looks: [
            look(3, 10, { wait: "5-15", vibe: "Packed", open_reports: 1, ...(hidden ? { hidden_at: new Date(NOW).toISOString(), hidden_by: "owner", hidden_reason: "Not us" } : {}) }),
            look(2, 5 * 60),
            look(1, 6 * 60, { hidden_at: new Date(NOW).toISOString(), hidden_by: "reports", hidden_reason: "Reported by 3 visitors." }),
            look(4, 7 * 60, { hidden_at: new Date(NOW).toISOString(), hidden_by: "owner", hidden_reason: "Wrong venue" }),
          ],
        }),
      "POST /api/live-looks/3/hide": () => ((hidden = true), json(look(3, 10))),
    });
    render(<LiveLooksPanel placeId={1} timeZone="America/New_York" />);
    const panel = await screen.findByRole("region", { name: "Live Looks" });
    const items = await within(panel).findAllByRole("listitem");
    expect(items[0].textContent).toContain("Wait 5–15 min · Packed · 1 report");
    expect(items[0].textContent).toContain("On your profile now");
    expect(items[1].textContent).toContain("No longer public (over 3 hours old)");
    expect(items[2].textContent).toContain("Hidden by 3 visitor reports: Reported by 3 visitors.");

    fireEvent.click(within(items[0]).getByRole("button", { name: "Hide" }));
    fireEvent.change(within(items[0]).getByLabelText(/Reason for hiding it/), { target: { value: "Not us" } });
    fireEvent.click(within(items[0]).getByRole("button", { name: "Hide Live Look" }));
    expect(await within(panel).findByText("Hidden by an owner: Not us")).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, "POST", "/api/live-looks/3/hide")[0][1]!.body))).toEqual({ reason: "Not us" });
    // Reported before the owner hid it: showing it again is the admin's (issue 25 #5).
    const reported = within(panel).getAllByRole("listitem")[0];
    expect(within(reported).queryByRole("button", { name: "Show again" })).toBeNull();
    expect(reported.textContent).toContain("Visitors reported it, so only the admin can show it again.");
    expect(within(items[3]).getByRole("button", { name: "Show again" })).toBeInTheDocument();
  });
});
