// A menu as D1 keeps it and as the API answers it (docs/menus-and-specials.md#menus). Pure: the
// whole-menu write is planned here (which ids are kept, which are new, which photos go) and
// worker/db/menus.ts reads and writes the row.
import type { MenuAnswer, MenuInput } from "../../common/schemas/menu";
import type { DietaryTag } from "../../common/menu-vocabulary";
import type { FieldProblem } from "./errors";
import { imageUrl } from "./images.ts";

export interface StoredItem {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  dietary: DietaryTag[];
  photo_key: string | null;
}
export interface StoredSection {
  id: number;
  name: string;
  items: StoredItem[];
}
export interface StoredMenu {
  sections: StoredSection[];
  kitchenUntil: string | null;
  nextId: number;
  version: number;
  updatedAt: Date;
}

export type MenuPlan =
  | { ok: true; sections: StoredSection[]; nextId: number; removedPhotoKeys: string[] }
  | { ok: false; problems: FieldProblem[] };

export const UNKNOWN_ID_MESSAGE = "This id is not one of this menu's; leave it out to add a new one.";
export const REPEATED_ID_MESSAGE = "This id is used twice; each section and item keeps its own.";

/**
 * The stored sections a whole-menu write makes: a section or item sent with an id keeps it (an item
 * its photo too), one without gets a new id. An id that is not one of the menu's (of that kind),
 * or is sent twice, is refused with the path of every such field (422). Items left out lose their
 * photos, which the caller deletes.
 */
export function planMenuWrite(current: StoredMenu | null, input: MenuInput): MenuPlan {
  const sectionIds = new Set(current?.sections.map((section) => section.id));
  const items = new Map(current?.sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)));
  let nextId = current?.nextId ?? 1;
  const problems: FieldProblem[] = [];
  const seen = new Set<number>();
  const idFor = (sent: number | undefined, known: boolean, field: string) => {
    if (sent === undefined) return nextId++;
    if (!known) problems.push({ field, message: UNKNOWN_ID_MESSAGE });
    else if (seen.has(sent)) problems.push({ field, message: REPEATED_ID_MESSAGE });
    seen.add(sent);
    return sent;
  };
  const sections = input.sections.map((section, s): StoredSection => ({
    id: idFor(section.id, section.id !== undefined && sectionIds.has(section.id), `sections.${s}.id`),
    name: section.name,
    items: section.items.map((item, i): StoredItem => {
      const id = idFor(item.id, item.id !== undefined && items.has(item.id), `sections.${s}.items.${i}.id`);
      return {
        id,
        name: item.name,
        description: item.description,
        price_cents: Math.round(item.price * 100),
        dietary: item.dietary,
        photo_key: item.id === undefined ? null : (items.get(id)?.photo_key ?? null),
      };
    }),
  }));
  if (problems.length > 0) return { ok: false, problems };
  const kept = new Set(sections.flatMap((section) => section.items.map((item) => item.id)));
  const removedPhotoKeys = [...items.values()].filter((item) => !kept.has(item.id) && item.photo_key).map((item) => item.photo_key!);
  return { ok: true, sections, nextId, removedPhotoKeys };
}

/** The public answer of a place's menu (an empty one when it has none). */
export function menuAnswer(menu: StoredMenu | null, money: { currency: string; locale: string }): MenuAnswer {
  return {
    currency: money.currency,
    locale: money.locale,
    sections: (menu?.sections ?? []).map((section) => ({
      id: section.id,
      name: section.name,
      items: section.items.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        price: item.price_cents / 100,
        dietary: item.dietary,
        photo_url: imageUrl(item.photo_key),
      })),
    })),
    kitchen_hours: menu?.kitchenUntil ? { until: menu.kitchenUntil } : null,
    updated_at: menu ? menu.updatedAt.toISOString() : null,
  };
}

/** The item with this id, or null. */
export function findItem(menu: StoredMenu | null, itemId: number): StoredItem | null {
  for (const section of menu?.sections ?? []) {
    const item = section.items.find((candidate) => candidate.id === itemId);
    if (item) return item;
  }
  return null;
}

/** The sections with one item's photo replaced (null removes it). */
export function withItemPhoto(sections: StoredSection[], itemId: number, photoKey: string | null): StoredSection[] {
  return sections.map((section) => ({
    ...section,
    items: section.items.map((item) => (item.id === itemId ? { ...item, photo_key: photoKey } : item)),
  }));
}
