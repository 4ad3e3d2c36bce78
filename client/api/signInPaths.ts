// Which door a signed-out visitor is sent to (docs/accounts.md#the-two-doors). People going out use
// /signin (passkey first, then sign-up), owners /auth; a public page never sends anyone anywhere: a
// lapsed session there simply reads as signed out.
import { isConsumerAppPath } from "../../common/app-shell";

// Which paths are the consumer app is shared with the worker, which draws their first paint.
export { isConsumerAppPath };

/** Paths that need an owner's session, whose sign-in is the partners' /auth. */
const OWNER_AREA = /^\/(dashboard|place_info|place_dashboard|invite)(\/|$|\?)/;

/** Everyone's sign-in page, coming back to `next` (a path on this site) afterwards. */
export const consumerSignInPath = (next: string) => `/signin?next=${encodeURIComponent(next)}`;

/** The partners' sign-in page, coming back to `next` afterwards. */
export const ownerSignInPath = (next: string) => `/auth?next=${encodeURIComponent(next)}`;

/**
 * Where a visitor at `path` (with its query) goes when a session is needed and there is none: the
 * door of the area it is in, or null on a public page, which stays where it is, signed out.
 */
export function signInPathFor(path: string): string | null {
  if (isConsumerAppPath(path)) return consumerSignInPath(path);
  if (OWNER_AREA.test(path)) return ownerSignInPath(path);
  return null;
}
