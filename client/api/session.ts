// Browser-stored values (docs/architecture.md#api-contract): user_id and access_token in local storage.
export const ACCESS_TOKEN_KEY = "access_token";
export const USER_ID_KEY = "user_id";
/** The names of the account's saved places, for /app offline (client/app/savedOffline.ts). */
export const SAVED_PLACES_KEY = "saved_places";

/** Told when this tab signs in or out, so a page that stays open shows the change (useSignedIn). */
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const session = {
  accessToken: () => localStorage.getItem(ACCESS_TOKEN_KEY),
  userId: () => localStorage.getItem(USER_ID_KEY),
  store(accessToken: string, userId?: string | number) {
    localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
    if (userId !== undefined) localStorage.setItem(USER_ID_KEY, String(userId));
    changed();
  },
  clearToken() {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    changed();
  },
  /** Signing out forgets who was signed in, too, and what they saved. */
  clear() {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(USER_ID_KEY);
    localStorage.removeItem(SAVED_PLACES_KEY);
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
