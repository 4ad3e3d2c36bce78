// Specials rows (drizzle/schema.ts specials; docs/menus-and-specials.md#specials).
import { and, eq, inArray, sql } from "drizzle-orm";
import { places, specials, watches } from "../../drizzle/schema";
import { EVENT_DAYS } from "../../common/schemas/event";
import type { SpecialSchedule } from "../../common/schemas/special";
import { SPECIAL_LIMITS } from "../../common/menu-vocabulary";
import type { Database } from "./client";
import { parseDays } from "./events";

export interface SpecialRecord {
  id: number;
  placeId: number;
  title: string;
  text: string;
  schedule: SpecialSchedule;
  scheduleSince: number;
}

type Row = typeof specials.$inferSelect;

function toRecord(row: Row): SpecialRecord {
  const schedule: SpecialSchedule =
    row.fromTime !== null && row.toTime !== null
      ? { kind: "weekly", days: EVENT_DAYS.filter((day) => parseDays(row.days).includes(day)), from: row.fromTime, to: row.toTime }
      : { kind: "once", starts_at: row.startsAt!, ends_at: row.endsAt! };
  return { id: row.id, placeId: row.placeId, title: row.title, text: row.text, schedule, scheduleSince: row.scheduleSince.getTime() };
}

/** The columns of a schedule (the other kind's columns emptied). */
function scheduleColumns(schedule: SpecialSchedule) {
  return schedule.kind === "weekly"
    ? { days: JSON.stringify(schedule.days), fromTime: schedule.from, toTime: schedule.to, startsAt: null, endsAt: null }
    : { days: "[]", fromTime: null, toTime: null, startsAt: schedule.starts_at, endsAt: schedule.ends_at };
}

export async function listSpecials(db: Database, placeId: number): Promise<SpecialRecord[]> {
  const rows = await db.select().from(specials).where(eq(specials.placeId, placeId)).orderBy(specials.id);
  return rows.map(toRecord);
}

/** Every special with its place's zone: what /api/live's special_now reads. */
export async function allSpecialsWithZone(db: Database): Promise<(SpecialRecord & { timeZone: string })[]> {
  const rows = await db.select({ special: specials, timeZone: places.timezone }).from(specials).innerJoin(places, eq(places.id, specials.placeId));
  return rows.map((row) => ({ ...toRecord(row.special), timeZone: row.timeZone }));
}

/** The specials of places someone watches for special_starts (one read), with their place's zone. */
export async function specialsOfWatchedPlaces(db: Database): Promise<(SpecialRecord & { timeZone: string })[]> {
  const rows = await db
    .select({ special: specials, timeZone: places.timezone })
    .from(specials)
    .innerJoin(places, eq(places.id, specials.placeId))
    .where(inArray(specials.placeId, db.selectDistinct({ placeId: watches.placeId }).from(watches).where(eq(watches.when, "special_starts"))));
  return rows.map((row) => ({ ...toRecord(row.special), timeZone: row.timeZone }));
}

export async function findSpecial(db: Database, placeId: number, id: number): Promise<SpecialRecord | null> {
  const [row] = await db.select().from(specials).where(and(eq(specials.id, id), eq(specials.placeId, placeId))).limit(1);
  return row ? toRecord(row) : null;
}

/**
 * Inserts a special unless the place has SPECIAL_LIMITS.perPlace already, counted inside the
 * insert so parallel posts cannot pass the cap; null when at the cap.
 */
export async function insertSpecial(
  db: Database,
  placeId: number,
  input: { title: string; text: string; schedule: SpecialSchedule },
  now: number,
): Promise<number | null> {
  const columns = scheduleColumns(input.schedule);
  const [row] = await db.all<{ id: number }>(sql`
    INSERT INTO ${specials} (place_id, title, text, days, from_time, to_time, starts_at, ends_at, schedule_since)
    SELECT ${placeId}, ${input.title}, ${input.text}, ${columns.days}, ${columns.fromTime}, ${columns.toTime}, ${columns.startsAt}, ${columns.endsAt}, ${now}
    WHERE (SELECT count(*) FROM ${specials} WHERE place_id = ${placeId}) < ${SPECIAL_LIMITS.perPlace}
    RETURNING id`);
  return row?.id ?? null;
}

/** Changes the fields sent; a new schedule restarts the lift's clock. False when there is no such special. */
export async function updateSpecial(
  db: Database,
  placeId: number,
  id: number,
  input: { title?: string; text?: string; schedule: SpecialSchedule | null },
  now: number,
): Promise<boolean> {
  const updated = await db
    .update(specials)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.schedule ? { ...scheduleColumns(input.schedule), scheduleSince: new Date(now) } : {}),
      updatedAt: new Date(now),
    })
    .where(and(eq(specials.id, id), eq(specials.placeId, placeId)))
    .returning({ id: specials.id });
  return updated.length === 1;
}

export async function deleteSpecial(db: Database, placeId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(specials).where(and(eq(specials.id, id), eq(specials.placeId, placeId))).returning({ id: specials.id });
  return deleted.length === 1;
}
