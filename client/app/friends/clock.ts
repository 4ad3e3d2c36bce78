import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";
// Times of check-ins as the person reads them: their own clock, hours and minutes (docs/cities.md#formats).
export const clockTime = (iso: string) => formatInstant(Date.parse(iso), SITE_LOCALE, { hour: "numeric", minute: "2-digit" });

/** Who sees a check-in, in words. */
export function audienceText(audience: "friends" | "chosen" | "nobody", chosen: number, ghost: boolean): string {
  if (ghost) return "hidden: ghost mode is on";
  if (audience === "friends") return "visible to your friends";
  if (audience === "nobody") return "visible to no one";
  return `visible to ${chosen === 1 ? "1 chosen friend" : `${chosen} chosen friends`}`;
}
