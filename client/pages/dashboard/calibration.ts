// The words of the dashboard's calibration line (docs/architecture.md#calibration).
import type { CalibrationAnswer } from "../../../common/schemas/calibration";
import { plural } from "../../lib/format";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

const decimals = (value: number, digits: number) => String(Math.round(value * 10 ** digits) / 10 ** digits);

/** "Fri 22:40" in the venue's time zone. */
function shortMoment(iso: string, timeZone: string): string {
  return formatInstant(Date.parse(iso), SITE_LOCALE, { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
}

/** "×1.8, baseline 4 devices, from 3 headcounts, last Fri 22:40", or why the numbers are not yet people. */
export function calibrationSummary(calibration: CalibrationAnswer, timeZone: string): string {
  const newest = calibration.headcounts[0];
  if (!calibration.calibrated || !newest) {
    return "Uncalibrated: the numbers are the devices the sensors hear, not yet checked against a headcount. Count the people in the room once to turn them into people.";
  }
  const baseline = Number(decimals(calibration.baseline, 1));
  return (
    `×${decimals(calibration.factor, 2)}, baseline ${plural(baseline, "device")}, ` +
    `from ${plural(calibration.headcounts.length, "headcount")}, last ${shortMoment(newest.taken_at, timeZone)}`
  );
}
