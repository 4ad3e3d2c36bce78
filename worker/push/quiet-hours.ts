// Whether a notification may also be pushed now (docs/push.md#caps-and-quiet-hours): at most
// DAILY_PUSH_CAP pushes per account in any 24 hours, none in the account's quiet hours (its own
// wall clock, DST-correct; a window may cross midnight). Held-back notifications stay in the inbox.
import { DAY_MS, isValidTimeZone, toWall } from "../../common/local-time";

export const DAILY_PUSH_CAP = 6;

/** "HH:MM" local times; the window runs from start up to end, across midnight when end ≤ start. */
export interface QuietHours {
  start: string;
  end: string;
}

export type PushDecision = "push" | "daily_cap" | "quiet_hours";

/** Minutes after midnight of an "HH:MM" time. */
export const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** True when the local minute of the day `minute` is inside the window. Equal start and end: no quiet hours. */
export function inQuietHours(minute: number, quietHours: QuietHours): boolean {
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Push now, or hold it back? `sentToday`: pushes let through for the account in the 24 hours before
 * `now`. `quietHours` null means none; an unknown time zone counts as UTC.
 */
export function pushDecision({
  now,
  timeZone,
  quietHours,
  sentToday,
}: {
  now: number;
  timeZone: string;
  quietHours: QuietHours | null;
  sentToday: number;
}): PushDecision {
  if (quietHours) {
    const wall = toWall(isValidTimeZone(timeZone) ? timeZone : "UTC", now);
    const minute = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
    if (inQuietHours(minute, quietHours)) return "quiet_hours";
  }
  return sentToday >= DAILY_PUSH_CAP ? "daily_cap" : "push";
}

/** What pushDecisions needs of an account that has push subscriptions (worker/db/push.ts reads it). */
export interface PushAccount {
  timeZone: string;
  quietHours: QuietHours | null;
  sentToday: number;
}

/**
 * pushDecision for many deliveries in one pass, in their order: `no_subscriptions` for an account
 * that `accounts` does not hold. Each is decided on the account's count before this pass (as
 * deliveries side by side would be); the claim that counts a push enforces the cap atomically.
 */
export function pushDecisions(now: number, accountIds: readonly number[], accounts: ReadonlyMap<number, PushAccount>): (PushDecision | "no_subscriptions")[] {
  return accountIds.map((accountId) => {
    const account = accounts.get(accountId);
    return account ? pushDecision({ now, timeZone: account.timeZone, quietHours: account.quietHours, sentToday: account.sentToday }) : "no_subscriptions";
  });
}
