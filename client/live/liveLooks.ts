// The words of Live Looks on the profile and the live map (docs/live-looks.md): reports are shown as
// reports, beside the sensor's numbers, never mixed into them.
import type { WaitSummary } from "../../common/schemas/answers";
import { plural } from "../lib/format";

/** "Reported wait about 10 min (3 reports in the last hour)"; "Reported wait: none (…)" for 0. */
export function waitSummaryText(summary: WaitSummary): string {
  const wait = summary.minutes === 0 ? "Reported wait: none" : `Reported wait about ${summary.minutes} min`;
  return `${wait} (${plural(summary.reports, "report")} in the last hour)`;
}

/** "2 Live Looks in the last hour", or null for none (the list then says nothing). */
export const liveLooksLastHourText = (count: number): string | null => (count > 0 ? `${plural(count, "Live Look")} in the last hour` : null);
