// Posting a Live Look as people do (docs/live-looks.md#who-may-post): signed in, by default as a
// fresh account each time, so a test's many posts meet only the limits it is about.
import { bearer, createUser, type TestUser } from "./fixtures";
import { api } from "./helpers";

export async function postLiveLook(placeId: number, body: FormData, headers: Record<string, string> = {}, as?: TestUser): Promise<Response> {
  const account = as ?? (await createUser());
  return api(`/api/places/${placeId}/live-looks`, { method: "POST", body, headers: { ...bearer(account.token), ...headers } });
}
