// The events behind the popular-events insights (docs/insights.md#popular-events): a place's
// recurring events and the one-off ones that started in the window the insights read, with their
// category names. The cost follows that window, not the years of events behind it.
import { and, eq, gte, lt, or } from "drizzle-orm";
import { eventCategories, events } from "../../drizzle/schema";
import type { InsightEvent } from "../occupancy/event-insights";
import type { Database } from "./client";
import { DEFAULT_EVENT_LENGTH_MS, parseDays } from "./events";

/** Events of a place that started before `toMs`: every recurring one, the one-off ones from `fromMs` − 1 day. */
export async function insightEvents(db: Database, placeId: number, fromMs: number, toMs: number): Promise<InsightEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      categoryId: events.categoryId,
      categoryName: eventCategories.name,
      isRecurring: events.isRecurring,
      repeatingDays: events.repeatingDays,
    })
    .from(events)
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
    .where(
      and(
        eq(events.placeId, placeId),
        // ISO UTC text: text order is time order.
        lt(events.startTime, new Date(toMs).toISOString()),
        or(eq(events.isRecurring, true), gte(events.startTime, new Date(fromMs - 24 * 3_600_000).toISOString())),
      ),
    );
  return rows.flatMap((row) => {
    const start = Date.parse(row.startTime);
    if (Number.isNaN(start)) return [];
    const end = row.endTime === null ? start + DEFAULT_EVENT_LENGTH_MS : Date.parse(row.endTime);
    return [
      {
        id: row.id,
        name: row.name,
        categoryId: row.categoryId,
        categoryName: row.categoryName,
        start,
        end: Number.isNaN(end) || end <= start ? start + DEFAULT_EVENT_LENGTH_MS : end,
        recurring: row.isRecurring,
        repeatingDays: parseDays(row.repeatingDays),
      },
    ];
  });
}
