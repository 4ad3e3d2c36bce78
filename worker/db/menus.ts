// A place's menu row (drizzle/schema.ts placeMenus): read with its city's money,
// written whole, guarded by the version read before (docs/menus-and-specials.md#menus).
import { and, eq } from "drizzle-orm";
import { cities, placeMenus, places } from "../../drizzle/schema";
import { moneyOfPlace, type Money } from "../lib/venue-money";
import type { StoredMenu, StoredSection } from "../lib/menu-document";
import type { Database } from "./client";

/** The place's money (its city's) and menu, or null when there is no such place. */
export async function findMenu(db: Database, placeId: number): Promise<{ money: Money; menu: StoredMenu | null } | null> {
  const [row] = await db
    .select({ country: places.country, currency: cities.currency, locale: cities.locale, menu: placeMenus })
    .from(places)
    .leftJoin(cities, eq(cities.id, places.cityId))
    .leftJoin(placeMenus, eq(placeMenus.placeId, places.id))
    .where(eq(places.id, placeId))
    .limit(1);
  if (!row) return null;
  const menu = row.menu
    ? {
        // Written only by saveMenu from a planned document.
        sections: JSON.parse(row.menu.sections) as StoredSection[],
        kitchenUntil: row.menu.kitchenUntil,
        nextId: row.menu.nextId,
        version: row.menu.version,
        updatedAt: row.menu.updatedAt,
      }
    : null;
  return { money: moneyOfPlace(row), menu };
}

/**
 * Writes the menu if it is still the version read (`seenVersion`, null when there was none); false
 * when another write landed in between, so nothing a concurrent write stored (a photo) is lost.
 */
export async function saveMenu(
  db: Database,
  placeId: number,
  seenVersion: number | null,
  menu: { sections: StoredSection[]; kitchenUntil: string | null; nextId: number },
  now: Date,
): Promise<boolean> {
  const values = { sections: JSON.stringify(menu.sections), kitchenUntil: menu.kitchenUntil, nextId: menu.nextId, updatedAt: now };
  if (seenVersion === null) {
    const inserted = await db.insert(placeMenus).values({ placeId, ...values }).onConflictDoNothing().returning({ placeId: placeMenus.placeId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(placeMenus)
    .set({ ...values, version: seenVersion + 1 })
    .where(and(eq(placeMenus.placeId, placeId), eq(placeMenus.version, seenVersion)))
    .returning({ placeId: placeMenus.placeId });
  return updated.length === 1;
}
