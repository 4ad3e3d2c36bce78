// The menu editor's draft (docs/menus-and-specials.md#the-editors): what the form holds, how it
// moves sections and items, and the whole-menu body it sends, checked by the server's own schema.
import * as v from "valibot";
import { menuInputSchema, type MenuAnswer, type MenuInput } from "../../../common/schemas/menu";
import { DIETARY_LABELS, type DietaryTag } from "../../../common/menu-vocabulary";

export interface DraftItem {
  /** React's key: the item's id once saved, a local one before. */
  key: string;
  id?: number;
  name: string;
  description: string;
  /** As typed. */
  price: string;
  dietary: DietaryTag[];
  photoUrl: string | null;
}
export interface DraftSection {
  key: string;
  id?: number;
  name: string;
  items: DraftItem[];
}
export interface MenuDraft {
  sections: DraftSection[];
  /** "HH:MM" or "" for none. */
  kitchenUntil: string;
}

let localKeys = 0;
const newKey = () => `new-${++localKeys}`;

export function draftOf(menu: MenuAnswer): MenuDraft {
  return {
    sections: menu.sections.map((section) => ({
      key: `s${section.id}`,
      id: section.id,
      name: section.name,
      items: section.items.map((item) => ({
        key: `i${item.id}`,
        id: item.id,
        name: item.name,
        description: item.description,
        price: String(item.price),
        dietary: item.dietary,
        photoUrl: item.photo_url,
      })),
    })),
    kitchenUntil: menu.kitchen_hours?.until ?? "",
  };
}

export const emptySection = (): DraftSection => ({ key: newKey(), name: "", items: [] });
/** An item's compact row: "Negroni · 13.5 · Vegan, Gluten-free" (its name, price as typed, dietary marks). */
export function itemRow(item: DraftItem, label: string, noPrice: string): string {
  const marks = item.dietary.map((tag) => DIETARY_LABELS[tag]).join(", ");
  return [label, item.price.trim() || noPrice, marks].filter(Boolean).join(" · ");
}

/** Whether the check found a problem in the entry at `path` ("sections.0.items.2"), so it opens. */
export const hasProblemAt = (problems: Map<string, string>, path: string) => [...problems.keys()].some((key) => key.startsWith(`${path}.`));

export const emptyItem = (): DraftItem => ({ key: newKey(), name: "", description: "", price: "", dietary: [], photoUrl: null });

/** The list with the entry at `index` moved by `delta` places (kept within the list). */
export function moved<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.min(list.length - 1, Math.max(0, index + delta));
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry);
  return next;
}

/** The draft with each saved item's photo as the answer has it, unsaved edits kept (a photo is written on its own). */
export function withPhotosFrom(draft: MenuDraft, menu: MenuAnswer): MenuDraft {
  const photos = new Map(menu.sections.flatMap((section) => section.items.map((item) => [item.id, item.photo_url] as const)));
  return {
    ...draft,
    sections: draft.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => (item.id && photos.has(item.id) ? { ...item, photoUrl: photos.get(item.id)! } : item)),
    })),
  };
}

/** The PUT body: ids of saved sections and items sent back so they (and photos) are kept. */
export function menuBody(draft: MenuDraft): unknown {
  return {
    sections: draft.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      name: section.name,
      items: section.items.map((item) => ({
        ...(item.id ? { id: item.id } : {}),
        name: item.name,
        description: item.description,
        // Typed text; a blank or non-number reaches the schema as text and gets its sentence.
        price: item.price.trim() !== "" && Number.isFinite(Number(item.price)) ? Number(item.price) : item.price,
        dietary: item.dietary,
      })),
    })),
    kitchen_hours: draft.kitchenUntil ? { until: draft.kitchenUntil } : null,
  };
}

/** The body checked as the server checks it: the input, or each problem by its field path. */
export function checkMenu(draft: MenuDraft): { ok: true; input: MenuInput } | { ok: false; problems: Map<string, string> } {
  const result = v.safeParse(menuInputSchema, menuBody(draft), { abortPipeEarly: true });
  if (result.success) return { ok: true, input: result.output };
  const problems = new Map<string, string>();
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "body";
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return { ok: false, problems };
}
