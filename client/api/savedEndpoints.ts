// A signed-in account's saved places (see endpoints.ts), in a module of their own: endpoints.ts is in
// every page's first view (the entry chunk), and only the pages that save load these.
import type { OkAnswer } from "../../common/schemas/answers";
import type { SavedEntry, SavedList } from "../../common/schemas/saved";
import { call, read } from "./endpoints";

/** A signed-in account's saved places (docs/app.md#saved-places-and-suggestions). */
export const savedApi = {
  list: () => read<SavedList>("/api/me/saved"),
  /** `news`: the place's announcements too. */
  save: (placeId: number, news = false) => call<SavedEntry>("PUT", `/api/me/saved/${placeId}`, { news }),
  unsave: (placeId: number) => call<OkAnswer>("DELETE", `/api/me/saved/${placeId}`),
};
