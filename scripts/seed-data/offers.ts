// Demo offers (docs/offers.md#demo): three at The Copper Lantern, one only while quiet, set 4 weeks
// ago, with a few weeks of claims and redemptions as totals and the quiet offer's hours running a
// little above what the forecast made before it expected, so the owner's insight shows a lift with
// its range. Plain Node loads this (npm run seed): imports carry their .ts.
import type { drizzle } from "drizzle-orm/d1";
import { DAY_MS, fromWall, toWall } from "../../common/local-time.ts";

type Database = Parameters<typeof drizzle>[0];
type Statement = ReturnType<Database["prepare"]>;

export const OFFER_SLUG = "the-copper-lantern";
const ZONE = "America/New_York";
const everyDay = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export const seedOffers = [
  {
    title: "Quiet-hour pints",
    terms: "30% off draught beer while the bar is quiet. One per guest.",
    kind: "percent",
    value: 30,
    days: everyDay,
    from: "15:00",
    to: "19:00",
    daily_cap: 30,
    when: "quiet",
    audience: "everyone",
  },
  {
    title: "Early cocktail",
    terms: "Any house cocktail for $10 in the hours the forecast calls quiet.",
    kind: "price",
    value: 10,
    days: ["Monday", "Tuesday", "Wednesday", "Thursday"],
    from: "17:00",
    to: "19:00",
    daily_cap: 20,
    when: "forecast_quiet",
    audience: "everyone",
  },
  {
    title: "Free fries with a round",
    terms: "Rosemary fries with a round of four drinks, for people who saved the Lantern.",
    kind: "free_item",
    value: null,
    days: ["Friday", "Saturday"],
    from: "22:00",
    to: "01:00",
    daily_cap: 15,
    when: "always",
    audience: "savers",
  },
] as const;

/** The offers were set this long ago: 4 weeks of the seed's 8 of history before them for the forecast, 4 after. */
export const OFFERS_SINCE_DAYS = 28;
/** The quiet offer's hours run this much above the history (the lift the insight shows). */
const QUIET_OFFER_LIFT = 1.3;

/** A deterministic count for day `day`'s figures: seen, claimed and redeemed. */
function totalsOf(index: number, day: number) {
  const seen = 20 + ((day * 7 + index * 13) % 25);
  const claimed = Math.round(seen * (0.3 - index * 0.05));
  return { seen, claimed, redeemed: Math.round(claimed * 0.75) };
}

/** The venue days (days since 1970, the local date's) the offers have run, oldest first. */
export function offerDays(now: number): number[] {
  const today = Math.floor(toWall(ZONE, now) / DAY_MS);
  return Array.from({ length: OFFERS_SINCE_DAYS }, (_, i) => today - OFFERS_SINCE_DAYS + i);
}

/**
 * The statements that write the demo offers of a place (with created_at OFFERS_SINCE_DAYS ago),
 * their daily totals and the quiet offer's lift: occupancy_15m of its 15:00–19:00 since then,
 * × QUIET_OFFER_LIFT. Run once, when the place has no offers yet.
 */
export function offerStatements(db: Database, placeId: number, now: number): Statement[] {
  const since = now - OFFERS_SINCE_DAYS * DAY_MS;
  const statements: Statement[] = [];
  seedOffers.forEach((offer, index) => {
    const id = `(SELECT id FROM offers WHERE place_id = ${placeId} AND title = '${offer.title.replace(/'/g, "''")}')`;
    statements.push(
      db
        .prepare(`INSERT INTO offers (place_id, title, terms, kind, value, days, from_time, to_time, daily_cap, "when", audience, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .bind(placeId, offer.title, offer.terms, offer.kind, offer.value, JSON.stringify(offer.days), offer.from, offer.to, offer.daily_cap, offer.when, offer.audience, since),
    );
    for (const day of offerDays(now)) {
      const totals = totalsOf(index, day);
      statements.push(db.prepare(`INSERT INTO offer_days (offer_id, day, seen, claimed, redeemed) VALUES (${id}, ?, ?, ?, ?)`).bind(day, totals.seen, totals.claimed, totals.redeemed));
    }
  });
  for (const day of offerDays(now)) {
    const start = fromWall(ZONE, day * DAY_MS + 15 * 3_600_000);
    const end = fromWall(ZONE, day * DAY_MS + 19 * 3_600_000);
    if (start < since || end > now) continue;
    statements.push(
      db
        .prepare("UPDATE occupancy_15m SET avg_people = avg_people * ?, max_people = CAST(round(max_people * ?) AS INTEGER) WHERE place_id = ? AND bucket_start >= ? AND bucket_start < ?")
        .bind(QUIET_OFFER_LIFT, QUIET_OFFER_LIFT, placeId, start / 1000, end / 1000),
    );
  }
  return statements;
}
