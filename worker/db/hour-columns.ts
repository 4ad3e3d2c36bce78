// A place's hours table as D1 rows hold it (fourteen columns) and as the API writes it
// (docs/when-to-go.md#open-now). Only the schema and the shared vocabulary, with extensions: the
// seed reads it in plain Node too.
import { places, type Place } from "../../drizzle/schema.ts";
import type { PlaceHours } from "../../common/schemas/answers";
import { WEEKDAYS } from "../../common/vocabulary.ts";

type Weekday = (typeof WEEKDAYS)[number];
type HourColumns = Pick<Place, `${Weekday}Open` | `${Weekday}Close`>;

/** The hours table of a places row, as the API writes it. */
export function hoursOfRow(row: HourColumns): PlaceHours {
  return Object.fromEntries(
    WEEKDAYS.flatMap((day) => [
      [`${day}_open`, row[`${day}Open`]],
      [`${day}_close`, row[`${day}Close`]],
    ]),
  ) as PlaceHours;
}

/** The hour columns, for a select. */
export const hourColumns = Object.fromEntries(
  WEEKDAYS.flatMap((day) => [
    [`${day}Open`, places[`${day}Open`]],
    [`${day}Close`, places[`${day}Close`]],
  ]),
) as { [K in keyof HourColumns]: (typeof places)[K] };

