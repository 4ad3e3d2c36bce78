// npm start's output filter (scripts/start-log.ts): a calm start (issue 36 item 13).
import { describe, expect, it } from "vitest";
import { classifyServerLine, sensorSummary, serverOutputFilter } from "../../scripts/start-log.ts";

describe("npm start's output", () => {
  it("tells sensors' requests from people's, and the preview server's start-up lines from the rest", () => {
    expect(classifyServerLine("POST /api/ingest 200 OK (74ms)")).toEqual({ kind: "sensor", failed: false });
    expect(classifyServerLine("POST /api/ingest/heartbeat 200 OK (8ms)")).toEqual({ kind: "sensor", failed: false });
    expect(classifyServerLine("POST /api/ingest 429 Too Many Requests (3ms)")).toEqual({ kind: "sensor", failed: true });
    expect(classifyServerLine("GET /api/ingestion-report 200 OK (3ms)")).toEqual({ kind: "request", serverError: false });
    expect(classifyServerLine("GET /profile/the-copper-lantern 500 Internal Server Error (20ms)")).toEqual({ kind: "request", serverError: true });
    expect(classifyServerLine("  ➜  Local:   http://localhost:8787/")).toEqual({ kind: "start-up" });
    expect(classifyServerLine("✨ Parsed 4 valid header rules.")).toEqual({ kind: "start-up" });
    expect(classifyServerLine("Error: D1_ERROR: no such table")).toEqual({ kind: "other" });
  });

  it("sums a minute of sensors in one line, and prints other requests only when the server failed them", () => {
    const printed: string[] = [];
    const filter = serverOutputFilter((line) => printed.push(line), { everyLine: false });
    filter.line("  ➜  Local:   http://localhost:8787/");
    filter.line("POST /api/auth/login 200 OK (39ms)");
    for (let sensor = 0; sensor < 24; sensor += 1) filter.line("POST /api/ingest 200 OK (505ms)");
    filter.line("POST /api/ingest 400 Bad Request (2ms)");
    filter.line("GET /app 200 OK (4ms)");
    filter.line("GET /api/live 500 Internal Server Error (4ms)");
    filter.line("A warning the developer must see");
    filter.flush();
    filter.flush();
    expect(printed).toEqual(["GET /api/live 500 Internal Server Error (4ms)", "A warning the developer must see", "Sensors: 24 readings in the last minute, 1 refused."]);
  });

  it("prints every line with LOG_REQUESTS=1", () => {
    const printed: string[] = [];
    const filter = serverOutputFilter((line) => printed.push(line), { everyLine: true });
    filter.line("POST /api/ingest 200 OK (505ms)");
    filter.line("  ➜  Local:   http://localhost:8787/");
    expect(printed).toEqual(["POST /api/ingest 200 OK (505ms)", "  ➜  Local:   http://localhost:8787/"]);
    expect(sensorSummary(1, 0)).toBe("Sensors: 1 reading in the last minute.");
    expect(sensorSummary(0, 0)).toBeNull();
  });
});
