// The weekly hours table: Monday first, 'Closed' for a day without hours.
import { WEEKDAYS, type Weekday } from "../../../common/vocabulary";
import { type PlaceHours } from "../../../common/schemas/answers";
import { formatClockTime } from "../../../common/formats";
import { SITE_LOCALE, weekdayLabel } from "../../lib/format";

export const CLOSED = "Closed";

export interface HoursRow {
  day: Weekday;
  /** "Monday" … "Sunday". */
  label: string;
  /** Both null when the place is closed that day. */
  open: string | null;
  close: string | null;
}

export function hoursRows(hours: PlaceHours): HoursRow[] {
  return WEEKDAYS.map((day) => {
    const open = hours[`${day}_open`];
    const close = hours[`${day}_close`];
    // Without an opening time the day is closed; a missing closing time shows as a dash.
    return {
      day,
      label: weekdayLabel(day),
      open: open ? formatClockTime(open, SITE_LOCALE) : null,
      close: open ? (close ? formatClockTime(close, SITE_LOCALE) : "—") : null,
    };
  });
}
