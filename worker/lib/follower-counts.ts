// What owners may see of their followers (docs/announcements.md#reach): totals only, and none that
// could single someone out. Below MIN_GROUP followers every count is withheld ("fewer than 5");
// a group of sharing followers is shown only with MIN_GROUP people or more. Pure.
import { MIN_GROUP, type FollowersAnswer, type Reach } from "../../common/schemas/announcements";

/** An announcement's reach: its follower count when sent, how many inboxes got it and how many read it. */
export function reachOf(followers: number, delivered: number, opened: number): Reach {
  if (followers < MIN_GROUP) return { fewer_than_five: true, followers: null, delivered: null, opened: null };
  return { fewer_than_five: false, followers, delivered, opened };
}

/**
 * A sharing follower counts in groups once its account is this many days old and has a passkey
 * (docs/announcements.md#who-counts): followers an owner cannot cheaply make.
 */
export const COUNTED_ACCOUNT_AGE_DAYS = 30;

export const FOLLOWERS_SOURCE =
  `From followers only: people who saved this place, turned on its news and chose in their settings to share what they like. ` +
  `Only accounts at least ${COUNTED_ACCOUNT_AGE_DAYS} days old with a passkey are counted, and groups of fewer than ${MIN_GROUP} are not shown. Sensors count devices and see nothing of who they belong to; visitors who did not opt in are not in these numbers.`;

/** "east village" → "East Village": neighbourhoods are grouped ignoring case and shown capitalised. */
export const neighbourhoodName = (lower: string) => lower.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

type Group = { name: string; count: number };

/** Largest first, then by name; groups under MIN_GROUP dropped (the query drops them too). */
const shown = (groups: readonly Group[]) =>
  groups.filter((group) => group.count >= MIN_GROUP).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

/** GET /api/place/{id}/followers from the follower count and the groups of sharing followers. */
export function followersAnswerOf(
  followers: number,
  shared: { sharing: number; categories: readonly Group[]; vibes: readonly Group[]; neighbourhoods: readonly Group[] },
): FollowersAnswer {
  const few = followers < MIN_GROUP;
  const sharingShown = !few && shared.sharing >= MIN_GROUP;
  return {
    fewer_than_five: few,
    followers: few ? null : followers,
    sharing: sharingShown ? shared.sharing : null,
    categories: sharingShown ? shown(shared.categories) : [],
    vibes: sharingShown ? shown(shared.vibes) : [],
    neighbourhoods: sharingShown ? shown(shared.neighbourhoods.map((group) => ({ ...group, name: neighbourhoodName(group.name) }))) : [],
    source: FOLLOWERS_SOURCE,
  };
}
