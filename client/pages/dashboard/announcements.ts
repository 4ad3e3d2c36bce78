// Pure words of the Announcements tab (docs/announcements.md): reach as totals (never below 5
// followers), the weekly limit, the paused state, and the groups of what followers like.
import { ANNOUNCEMENT_LIMITS, MIN_GROUP, type AnnouncementsAnswer, type FollowersAnswer, type Reach } from "../../../common/schemas/announcements";
import { formatInstant } from "../../../common/formats";
import { SITE_LOCALE } from "../../lib/format";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Sent to 12 followers · 12 delivered · 5 opened", or "fewer than 5" with no counts at all. */
export function reachText(reach: Reach): string {
  if (reach.fewer_than_five || reach.followers === null) return `Sent to fewer than ${MIN_GROUP} followers: no counts are shown below ${MIN_GROUP}, so nobody can be singled out.`;
  return `Sent to ${plural(reach.followers, "follower")} · ${reach.delivered ?? 0} delivered · ${reach.opened ?? 0} opened`;
}

/** A time on the owner's clock, e.g. "Tue 2 Dec, 6:05 PM". */
const whenText = (iso: string, timeZone?: string) =>
  formatInstant(Date.parse(iso), SITE_LOCALE, { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone });

/** Whether one more may go now, and the sentence under the form. */
export function limitState(answer: Pick<AnnouncementsAnswer, "limit" | "paused">, timeZone?: string): { canSend: boolean; text: string } {
  if (answer.paused) {
    return { canSend: false, text: "Announcements from this place are paused by Third Place. Your followers keep following; write to us to resume them." };
  }
  const { per_week, sent_this_week, next_at } = answer.limit;
  const rule = `You can send ${per_week} announcements in any 7 days, so followers keep wanting them.`;
  if (sent_this_week >= per_week) return { canSend: false, text: `${rule} All ${per_week} are used: the next can go out from ${next_at ? whenText(next_at, timeZone) : "later this week"}.` };
  return { canSend: true, text: `${rule} ${sent_this_week} of ${per_week} used in the last 7 days.` };
}

/** "wine-bar" → "wine bar": a category in words. */
export const categoryWords = (name: string) => name.replace(/-/g, " ");

/** The followers line: how many, or fewer than 5. */
export function followersText(answer: FollowersAnswer): string {
  if (answer.fewer_than_five || answer.followers === null) return `Fewer than ${MIN_GROUP} people follow your news so far.`;
  const sharing = answer.sharing === null ? `fewer than ${MIN_GROUP} of them share what they like` : `${answer.sharing} of them share what they like`;
  return `${plural(answer.followers, "person", "people")} follow your news; ${sharing}.`;
}

export const TITLE_MAX = ANNOUNCEMENT_LIMITS.title;
export const TEXT_MAX = ANNOUNCEMENT_LIMITS.text;
