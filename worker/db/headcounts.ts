// Headcounts and the calibration they set (docs/architecture.md#calibration).
import { count, desc, eq } from "drizzle-orm";
import { headcounts, places } from "../../drizzle/schema";
import { minuteStart } from "../occupancy/aggregate";
import { HEADCOUNTS_USED, type Calibration, type Headcount } from "../occupancy/calibration";
import type { Database } from "./client";

export interface StoredHeadcount extends Headcount {
  takenAt: Date;
}

/** The newest headcounts of a place (newest first), up to the ones a factor is made of, and how many there are in all. */
export async function recentHeadcounts(db: Database, placeId: number): Promise<{ recent: StoredHeadcount[]; total: number }> {
  const [recent, [total]] = await db.batch([
    db
      .select({ takenAt: headcounts.takenAt, people: headcounts.people, raw: headcounts.devices, baseline: headcounts.baseline })
      .from(headcounts)
      .where(eq(headcounts.placeId, placeId))
      .orderBy(desc(headcounts.minute))
      .limit(HEADCOUNTS_USED),
    db.select({ n: count() }).from(headcounts).where(eq(headcounts.placeId, placeId)),
  ]);
  return { recent, total: total?.n ?? 0 };
}

/**
 * Stores a headcount, replacing one taken in the same minute (a double tap counts once), and the
 * calibration it makes, in one batch.
 */
export async function saveHeadcount(
  db: Database,
  placeId: number,
  headcount: StoredHeadcount & { takenBy: number | null },
  calibration: Calibration,
): Promise<void> {
  const row = {
    placeId,
    minute: minuteStart(headcount.takenAt.getTime()),
    takenAt: headcount.takenAt,
    people: headcount.people,
    devices: headcount.raw,
    baseline: headcount.baseline,
    takenBy: headcount.takenBy,
  };
  const { placeId: _place, minute: _minute, ...changes } = row;
  await db.batch([
    db.insert(headcounts).values(row).onConflictDoUpdate({ target: [headcounts.placeId, headcounts.minute], set: changes }),
    db
      .update(places)
      .set({ calibrationBaseline: calibration.baseline, calibrationFactor: calibration.factor })
      .where(eq(places.id, placeId)),
  ]);
}
