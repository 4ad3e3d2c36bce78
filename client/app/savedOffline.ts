// Which places the account saved, for /app offline (docs/app.md#saved-places-offline). The saved
// list is a private answer, which the service worker never keeps, so /app keeps the names of the
// saved places (id, slug, name: no level, no time) in local storage under the signed-in account's
// id; signing out forgets them (session.clear()). Their levels offline come from the kept public
// /api/live answer, with its age (lastKnown.ts).
import type { SavedList } from "../../common/schemas/saved";
import { SAVED_PLACES_KEY, session } from "../api/session";

export interface KeptSavedPlace {
  id: number;
  slug: string;
  name: string;
}

export function rememberSaved(list: SavedList): void {
  const userId = session.userId();
  if (userId === null) return;
  const places: KeptSavedPlace[] = list.places.map(({ id, slug, name }) => ({ id, slug, name }));
  localStorage.setItem(SAVED_PLACES_KEY, JSON.stringify({ user_id: userId, places }));
}

/** The kept names, or null when none are kept for the account signed in here. */
export function keptSaved(): KeptSavedPlace[] | null {
  const text = localStorage.getItem(SAVED_PLACES_KEY);
  if (text === null) return null;
  try {
    const kept = JSON.parse(text) as { user_id?: unknown; places?: unknown };
    if (kept.user_id !== session.userId() || !Array.isArray(kept.places)) return null;
    return kept.places.filter(
      (place): place is KeptSavedPlace =>
        typeof place === "object" && place !== null && typeof place.id === "number" && typeof place.slug === "string" && typeof place.name === "string",
    );
  } catch {
    return null;
  }
}
