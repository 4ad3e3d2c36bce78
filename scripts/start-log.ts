// What `npm start` prints of the local server's output (docs/development.md#what-npm-start-prints):
// the demo sensors' requests summed once a minute instead of a line each, other requests only when
// the server failed them (5xx), and none of the preview server's own start-up lines (start.ts
// prints one "ready" line instead). LOG_REQUESTS=1 prints every line.

/** A request line of workerd's local log: "POST /api/ingest 200 OK (74ms)". */
const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) (\d{3})\b/;
/** Paths only sensors (the demo's simulator) call. */
const SENSOR_PATH = /^\/api\/ingest(\/|$|\?)/;
/** The preview server's start-up chatter, which the "ready" line replaces. */
const START_UP_NOISE = [/^\s*➜\s+(Local|Network):/, /^✨ Parsed \d+ valid header rules/, /^Using secrets defined in /];

export type ServerLine =
  | { kind: "sensor"; failed: boolean }
  | { kind: "request"; serverError: boolean }
  | { kind: "start-up" }
  | { kind: "other" };

/** What one line of the server's output is. */
export function classifyServerLine(line: string): ServerLine {
  const request = REQUEST_LINE.exec(line);
  const status = Number(request?.[3]);
  if (request) return SENSOR_PATH.test(request[2]) ? { kind: "sensor", failed: status >= 400 } : { kind: "request", serverError: status >= 500 };
  if (START_UP_NOISE.some((pattern) => pattern.test(line))) return { kind: "start-up" };
  return { kind: "other" };
}

/** The minute's sum of sensors' requests, or null when there were none. */
export function sensorSummary(accepted: number, refused: number): string | null {
  if (accepted + refused === 0) return null;
  const refusedText = refused > 0 ? `, ${refused} refused` : "";
  return `Sensors: ${accepted} reading${accepted === 1 ? "" : "s"} in the last minute${refusedText}.`;
}

/** Filters the server's output as described above. */
export function serverOutputFilter(print: (line: string) => void, { everyLine }: { everyLine: boolean }) {
  let accepted = 0;
  let refused = 0;
  return {
    line(line: string) {
      if (everyLine) return print(line);
      const seen = classifyServerLine(line);
      if (seen.kind === "sensor") {
        if (seen.failed) refused += 1;
        else accepted += 1;
      } else if ((seen.kind === "request" && seen.serverError) || (seen.kind === "other" && line.trim() !== "")) {
        print(line);
      }
    },
    /** Called once a minute: prints the minute's sum and starts the next. */
    flush() {
      const summary = sensorSummary(accepted, refused);
      if (summary) print(summary);
      accepted = 0;
      refused = 0;
    },
  };
}
