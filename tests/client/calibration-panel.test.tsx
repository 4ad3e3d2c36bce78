// The dashboard's calibration line and "Count now": what the owner reads before and after a
// headcount, what is sent, and the server's reason when it refuses.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { session } from "../../client/api/session";
import { calibrationSummary } from "../../client/pages/dashboard/calibration";
import { CalibrationPanel } from "../../client/pages/dashboard/CalibrationPanel";
import type { CalibrationAnswer } from "../../common/schemas/calibration";
import { callsTo, json, stubApi } from "./dashboard-fixtures";

const uncalibrated: CalibrationAnswer = { calibrated: false, factor: 1, baseline: 0, headcounts: [], headcounts_total: 0, devices_now: 24 };
/** Friday 20 November 2026, 22:40 in New York (EST, UTC−5), and two earlier headcounts. */
const calibrated: CalibrationAnswer = {
  calibrated: true,
  factor: 1.8,
  baseline: 4,
  headcounts: [
    { taken_at: "2026-11-21T03:40:00.000Z", people: 36, devices: 24, baseline: 4 },
    { taken_at: "2026-11-14T03:10:00.000Z", people: 50, devices: 30, baseline: 4 },
    { taken_at: "2026-11-07T02:00:00.000Z", people: 20, devices: 15, baseline: 4 },
  ],
  headcounts_total: 3,
  devices_now: 24,
};
const keyTrends = { currentCapacity: 24, currentPopulation: 24, currentStatus: "Relaxed", peakHour: null, peakCapacity: null };

describe("calibration summary", () => {
  it("says factor, baseline, headcounts and the last one in the venue's time", () => {
    expect(calibrationSummary(calibrated, "America/New_York")).toBe("×1.8, baseline 4 devices, from 3 headcounts, last Fri 22:40");
    expect(calibrationSummary({ ...calibrated, baseline: 1, factor: 2.345, headcounts: calibrated.headcounts.slice(0, 1) }, "UTC")).toBe(
      "×2.35, baseline 1 device, from 1 headcount, last Sat 03:40",
    );
  });

  it("says the numbers are device counts before the first headcount", () => {
    expect(calibrationSummary(uncalibrated, "America/New_York")).toMatch(/^Uncalibrated: the numbers are the devices the sensors hear/);
  });
});

describe("Count now", () => {
  beforeEach(() => session.store("owner-token", 5));

  it("sends the headcount and shows the new calibration", async () => {
    const fetchMock = stubApi({
      "GET /api/place/1/calibration": uncalibrated,
      "GET /api/place/1/key-trends": keyTrends,
      "POST /api/place/1/headcount": () => json({ ...calibrated, headcounts: calibrated.headcounts.slice(0, 1), headcounts_total: 1 }, 201),
    });
    render(<CalibrationPanel placeId={1} timeZone="America/New_York" />);
    const panel = await screen.findByRole("region", { name: "Calibration" });
    expect(await within(panel).findByText(/^Uncalibrated:/)).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole("button", { name: "Count now" }));
    const input = within(panel).getByLabelText("People in the venue right now");
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: "36" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save headcount" }));

    expect(await within(panel).findByText("×1.8, baseline 4 devices, from 1 headcount, last Fri 22:40")).toBeInTheDocument();
    expect(within(panel).getByRole("status")).toHaveTextContent("Headcount saved.");
    const [[, init]] = callsTo(fetchMock, "POST", "/api/place/1/headcount");
    expect(JSON.parse(String(init?.body))).toEqual({ people: "36" });
    // The key trends are read again, now in people.
    expect(callsTo(fetchMock, "GET", "/api/place/1/key-trends").length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's reason when no sensor is counting, and keeps the form", async () => {
    stubApi({
      "GET /api/place/1/calibration": uncalibrated,
      "GET /api/place/1/key-trends": keyTrends,
      "POST /api/place/1/headcount": () => json({ error: "No sensor of this place has counted in the last 5 minutes." }, 409),
    });
    render(<CalibrationPanel placeId={1} timeZone="America/New_York" />);
    const panel = await screen.findByRole("region", { name: "Calibration" });
    fireEvent.click(within(panel).getByRole("button", { name: "Count now" }));
    fireEvent.change(within(panel).getByLabelText("People in the venue right now"), { target: { value: "36" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Save headcount" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("No sensor of this place has counted in the last 5 minutes.");
    expect(within(panel).getByLabelText("People in the venue right now")).toHaveValue(36);
  });
});
