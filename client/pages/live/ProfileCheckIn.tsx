// The profile's "I'm here" island (docs/friends.md#check-ins): signed in only, so the worker's HTML
// of it is empty, and a visitor with a session gets it when the page's islands hydrate at idle
// (docs/server-rendering.md#islands).
import { useSignedIn } from "../../api/useSignedIn";
import { CheckInControl } from "../../app/friends/CheckInControl";

export function ProfileCheckIn(props: { placeId: number; placeName: string; placeSlug: string }) {
  return useSignedIn() ? <CheckInControl {...props} /> : null;
}
