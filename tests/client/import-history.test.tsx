// "Import history" in Place info: choosing a file shows the dry run's preview or its bad lines;
// Import sends the same file and reports what was stored.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { session } from "../../client/api/session";
import PlaceInfo from "../../client/pages/dashboard/PlaceInfo";
import type { HistoryImport, HistoryPreview, HistoryRefusal } from "../../common/schemas/history";
import { callsTo, json, makePlace, stubApi } from "./dashboard-fixtures";

const copper = makePlace();
const preview: HistoryPreview = { readings: 2340, from: "2026-10-02T00:00:00.000Z", to: "2026-10-03T15:00:00.000Z", problems: [] };
const imported: HistoryImport = {
  ...preview,
  device_id: null,
  raw: { accepted: 0, duplicates: 0, superseded: 0, covered: 0 },
  quarter_hours_written: 160,
};
const refusal: HistoryRefusal = {
  error: "Some lines of the file cannot be read; nothing was imported.",
  readings: 2,
  from: null,
  to: null,
  problems: [
    { line: 3, message: '"yesterday" is not a time: use ISO-8601 with a zone (2026-11-21T22:04:00Z) or epoch seconds.' },
    { line: 4, message: '"-1" is not a count: use a whole number from 0 to 100,000.' },
  ],
};

function api(history: (dryRun: boolean) => Response) {
  return stubApi({
    "GET /api/me": { id: 5, name: "Dana Demo", email: "dana@example.com", role: "owner", places: [{ id: 1, name: copper.name }] },
    "GET /api/place/1": copper,
    "GET /api/place/1/owners": { owners: [] },
    "GET /api/place/1/invites": { invites: [] },
    "POST /api/place/1/history": ({ url }: { url: URL }) => history(url.searchParams.get("dry_run") === "1"),
  });
}

async function chooseFile(text: string) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/place_info", Component: PlaceInfo }], { initialEntries: ["/place_info?place_id=1"] })} />);
  const section = await screen.findByRole("region", { name: "Import history" });
  const input = within(section).getByLabelText("History file (CSV)");
  fireEvent.change(input, { target: { files: [new File([text], "pax.csv", { type: "text/csv" })] } });
  return section;
}

describe("Import history", () => {
  beforeEach(() => session.store("owner-token", 5));

  it("previews the file by a dry run, then imports it on Import", async () => {
    const fetchMock = api((dryRun) => json(dryRun ? preview : imported));
    const section = await chooseFile("ts,count\n2026-10-02T00:00:00Z,3\n");
    expect(await within(section).findByText(/^2,340 readings from Oct 1, 2026, 8:00\s?PM to Oct 3, 2026, 11:00\s?AM\.$/)).toBeInTheDocument();
    const [[url, init]] = callsTo(fetchMock, "POST", "/api/place/1/history");
    expect(String(url)).toContain("dry_run=1");
    expect(new Headers(init?.headers).get("content-type")).toBe("text/csv");

    fireEvent.click(within(section).getByRole("button", { name: "Import" }));
    expect(await within(section).findByText(/^Imported 2,340 readings from .* The charts and the calendar now include them\.$/)).toBeInTheDocument();
    const calls = callsTo(fetchMock, "POST", "/api/place/1/history");
    expect(calls).toHaveLength(2);
    expect(String(calls[1][0])).not.toContain("dry_run");
  });

  it("lists every bad line of a refused file and offers no Import", async () => {
    api(() => json(refusal, 422));
    const section = await chooseFile("ts,count\n2026-10-02T00:00:00Z,3\nyesterday,4\n");
    const alert = await within(section).findByRole("alert");
    expect(within(alert).getByText(refusal.error)).toBeInTheDocument();
    expect(within(alert).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `Line 3: ${refusal.problems[0].message}`,
      `Line 4: ${refusal.problems[1].message}`,
    ]);
    expect(within(section).queryByRole("button", { name: "Import" })).toBeNull();
  });
});
