// GET /api/place/{id}/export.csv (docs/insights.md#export): one line per quarter hour in local time
// with its offset, calibrated people beside the raw device count, across the autumn DST night;
// date validation; streaming a year in pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { csvLines, csvStream, CSV_HEADER, exportRange, offsetText, PAGE_MS } from "../../worker/occupancy/export-csv";
import { api } from "./helpers";
import { asAdmin, createPlace, errorOf, ownerOf, useFixedClock } from "./occupancy-fixtures";

useFixedClock(Date.UTC(2031, 11, 1));

const place = { timeZone: "America/New_York", packedThreshold: 100, calibration: { baseline: 10, factor: 2 } };

async function storeQuarter(placeId: number, start: number, avgPeople: number, samples = 15) {
  await env.DB.prepare("INSERT INTO occupancy_15m (place_id, bucket_start, avg_people, max_people, samples) VALUES (?, ?, ?, ?, ?)")
    .bind(placeId, start / 1000, avgPeople, Math.ceil(avgPeople), samples)
    .run();
}

describe("GET /api/place/{id}/export.csv", () => {
  it("writes every quarter hour of the local days, the autumn night's two 01:00 hours by their offsets", async () => {
    const placeId = await createPlace();
    await env.DB.prepare("UPDATE places SET calibration_baseline = 10, calibration_factor = 2 WHERE id = ?").bind(placeId).run();
    // 01:15 EDT (05:15Z) and 01:15 EST (06:15Z) on Sunday 2 November 2031.
    await storeQuarter(placeId, Date.UTC(2031, 10, 2, 5, 15), 50);
    await storeQuarter(placeId, Date.UTC(2031, 10, 2, 6, 15), 30.25, 12);
    const response = await api(`/api/place/${placeId}/export.csv?from=2031-11-01&to=2031-11-02`, { headers: await ownerOf(placeId) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="place-${placeId}-2031-11-01-to-2031-11-02.csv"`);
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines[0]).toBe(CSV_HEADER.trimEnd());
    // 24 hours on 1 November, 25 on 2 November.
    expect(lines).toHaveLength(1 + 4 * 49);
    expect(lines[1]).toBe("2031-11-01 00:00,-04:00,2031-11-01T04:00:00.000Z,,,,0");
    expect(lines.at(-1)).toBe("2031-11-02 23:45,-05:00,2031-11-03T04:45:00.000Z,,,,0");
    // (50 − 10) × 2 = 80 people; (30.25 − 10) × 2 = 40.5.
    expect(lines).toContain("2031-11-02 01:15,-04:00,2031-11-02T05:15:00.000Z,80,50,80,15");
    expect(lines).toContain("2031-11-02 01:15,-05:00,2031-11-02T06:15:00.000Z,40.5,30.3,41,12");
    expect(lines.filter((line) => line.startsWith("2031-11-02 01:"))).toHaveLength(8);
  });

  it("refuses bad dates with a 400 naming the problem", async () => {
    const placeId = await createPlace();
    const headers = await asAdmin();
    const cases: [string, string][] = [
      ["", "from must be a calendar date written YYYY-MM-DD."],
      ["?from=2031-02-30&to=2031-03-01", "from must be a calendar date written YYYY-MM-DD."],
      ["?from=2031-03-01", "to must be a calendar date written YYYY-MM-DD."],
      ["?from=2031-03-02&to=2031-03-01", "from must not be after to."],
      ["?from=2030-01-01&to=2031-01-03", "Export at most 367 days at a time."],
    ];
    for (const [query, message] of cases) {
      const response = await api(`/api/place/${placeId}/export.csv${query}`, { headers });
      expect(response.status, query).toBe(400);
      expect(await errorOf(response), query).toContain(message);
    }
    // A leap year and a day is the most.
    expect((await api(`/api/place/${placeId}/export.csv?from=2032-01-01&to=2033-01-01`, { headers })).status).toBe(200);
  });

  it("is for the place's owners and the admin only", async () => {
    const placeId = await createPlace();
    expect((await api(`/api/place/${placeId}/export.csv?from=2031-11-01&to=2031-11-01`)).status).toBe(401);
    const other = await ownerOf(await createPlace());
    expect((await api(`/api/place/${placeId}/export.csv?from=2031-11-01&to=2031-11-01`, { headers: other })).status).toBe(403);
  });
});

describe("csvStream()", () => {
  it("reads a year a week at a time, each page only when the reader asks for it", async () => {
    const { from, to } = exportRange(place.timeZone, Date.UTC(2031, 0, 1) / 86_400_000, Date.UTC(2031, 11, 31) / 86_400_000);
    const pages: [number, number][] = [];
    const stream = csvStream(place, from, to, async (pageFrom, pageTo) => {
      pages.push([pageFrom, pageTo]);
      return [];
    });
    const reader = stream.getReader();
    await reader.read(); // the header
    await reader.read(); // the first week
    expect(pages.length).toBeLessThanOrEqual(2);
    let lines = 1 + 4 * 24 * 7; // the header and the first week
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) lines += new TextDecoder().decode(chunk.value).split("\n").length - 1;
    expect(pages).toHaveLength(Math.ceil((to - from) / PAGE_MS));
    expect(pages.every(([a, b]) => b - a <= PAGE_MS)).toBe(true);
    // 365 days, one of 23 hours and one of 25.
    expect(lines - 1).toBe(365 * 96);
  });
});

describe("offsetText() and csvLines()", () => {
  it("writes offsets with minutes and leaves a quarter hour without samples empty", () => {
    expect(offsetText(5.75 * 3_600_000)).toBe("+05:45");
    expect(offsetText(-4 * 3_600_000)).toBe("-04:00");
    const start = Date.UTC(2031, 6, 1, 4);
    expect(csvLines([{ start, avgPeople: 5, samples: 3 }], start, start + 30 * 60_000, place)).toBe(
      "2031-07-01 00:00,-04:00,2031-07-01T04:00:00.000Z,0,5,0,3\n2031-07-01 00:15,-04:00,2031-07-01T04:15:00.000Z,,,,0\n",
    );
  });
});
