// "Quiet at 9 PM" on the live page of islands (docs/server-rendering.md#the-live-map-as-islands):
// the hour is the visitor's own clock (quietAt.ts), which the worker does not know, so the server
// lists every venue the other filters keep and this asks the forecast in the browser, then hides
// the rows it does not keep Relaxed and says so in the list's status.
import type { LivePlace } from "../../common/schemas/answers";
import { publicApi } from "../api/endpoints";
import { QUIET_LIMIT, quietAtTime, quietIds, quietQueryArea } from "./quietAt";
import { formatHour } from "../../common/formats";

/** The ids the forecast keeps Relaxed at `hour` among `places`; null when it could not be read. */
export async function quietAtIds(places: readonly LivePlace[], hour: number, now: Date): Promise<Set<number> | null> {
  const area = quietQueryArea(places);
  if (!area) return new Set();
  try {
    return quietIds(await publicApi.suggestions({ ...area, at: quietAtTime(hour, now).toISOString(), level: "Relaxed", limit: QUIET_LIMIT }).load());
  } catch {
    return null;
  }
}

/**
 * Hides the rows (`[data-place-id]` under `list`) not in `kept` and writes the status (`status`):
 * "Showing 1 of 2 venues forecast Relaxed at 9 PM." (the hour in `locale`), or that the forecast is unavailable.
 */
export function showQuietRows(list: ParentNode, status: Element, kept: Set<number> | null, listed: number, total: number, hour: number, locale: string): void {
  const at = formatHour(hour, 0, locale);
  if (!kept) {
    status.textContent = `Showing ${listed} of ${total} venues. The forecast for ${at} is unavailable at the moment.`;
    return;
  }
  let shown = 0;
  for (const row of list.querySelectorAll<HTMLElement>("[data-place-id]")) {
    row.hidden = !kept.has(Number(row.dataset.placeId));
    if (!row.hidden) shown++;
  }
  status.textContent = `Showing ${shown} of ${total} venues forecast Relaxed at ${at}.`;
}
