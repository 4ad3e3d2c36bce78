// What the Watching list says of a watch (docs/watches.md#watching): pure, so it is unit-tested.
import { timeText } from "../../live/specials";
import type { WatchAnswer } from "../../../common/schemas/watches";

const KIND_TEXT: Record<WatchAnswer["when"], (minutes: number | null) => string> = {
  quiet: () => "when it's quiet",
  lively: () => "when it gets lively",
  wait_under: (minutes) => `when the wait is under ${minutes ?? "?"} minutes`,
  event_starts: () => "when an event starts",
  special_starts: () => "when a special starts",
  offer_starts: () => "when an offer is on",
};

/** "when it's quiet · Fri, Sat 8 PM–11 PM" (times in the visitor's locale) or "when it's quiet · any time". */
export function watchText(watch: Pick<WatchAnswer, "when" | "minutes" | "window">, locale: string): string {
  const kind = KIND_TEXT[watch.when](watch.minutes);
  if (!watch.window) return `${kind} · any time`;
  const days = watch.window.days?.length ? `${watch.window.days.map((day) => day.slice(0, 3)).join(", ")} ` : "";
  return `${kind} · ${days}${timeText(watch.window.from, locale)}–${timeText(watch.window.to, locale)}`;
}
