// Opening hours for tests, as the API writes them: the same open and close on the given days,
// closed on the others.
import { WEEKDAYS, type PlaceHours, type Weekday } from "../../common/schemas/answers";
import { NO_HOURS } from "../../common/schemas/place";

export function hoursOn(open: string, close: string, days: readonly Weekday[] = WEEKDAYS): PlaceHours {
  return { ...NO_HOURS, ...Object.fromEntries(days.flatMap((day) => [[`${day}_open`, open], [`${day}_close`, close]])) };
}

/** A bar open Monday to Saturday 17:00–02:00 (past midnight), closed on Sunday. */
export const BAR_CLOSED_SUNDAY = hoursOn(
  "17:00",
  "02:00",
  WEEKDAYS.filter((day) => day !== "sunday"),
);
