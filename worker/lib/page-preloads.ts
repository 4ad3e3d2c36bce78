// Requests a page will make as soon as its script runs, named in the HTML answer's Link header so
// the browser starts them beside the script instead of after it: a profile's place answer holds
// its cover image, the largest paint on a phone (docs/architecture.md#pages).
import * as v from "valibot";
import { placeKeySchema } from "../../common/schemas/place";

/** The Link header of a page's HTML, or null when the page has nothing to preload. */
export function pagePreloads(pathname: string): string | null {
  const profile = /^\/profile\/([^/]+)$/.exec(pathname);
  if (!profile || !v.is(placeKeySchema, profile[1])) return null;
  // The client's fetch() sends credentials (its refresh cookie), and a preload is only used by a
  // request of the same credentials mode.
  return `</api/place/${profile[1]}>; rel=preload; as=fetch; crossorigin=use-credentials`;
}
