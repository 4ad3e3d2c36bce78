// The profile's Live Looks strip rendered at a profile's address, signed in by default: only an
// account may post (docs/live-looks.md#who-may-post).
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { RouterLinks } from "../../client/lib/routerLinks";
import { LiveLooks } from "../../client/pages/live/LiveLooks";

export const STRIP_PROFILE_PATH = "/profile/the-crown";

export function renderStrip(canHide: boolean, { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem("access_token", "token");
  return render(
    <MemoryRouter initialEntries={[STRIP_PROFILE_PATH]}>
      <RouterLinks><LiveLooks placeId={3} canHide={canHide} /></RouterLinks>
    </MemoryRouter>,
  );
}
