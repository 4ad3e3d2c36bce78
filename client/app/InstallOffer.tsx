// "Install app" (Chromium's prompt), the "Add to Home Screen" guide (iPhone Safari), or, where the
// browser offers neither yet, how to install on each kind of device (docs/app.md#install).
import { useSyncExternalStore } from "react";
import { installState, promptInstall, subscribeInstall, type InstallState } from "./install";

/** What a server-rendered page shows, and hydrates with: the worker cannot know this browser (docs/server-rendering.md#the-same-render-twice). */
const NOTHING_OFFERED: InstallState = { canPrompt: false, iosGuide: false, offered: false };
const serverInstallState = () => NOTHING_OFFERED;

/**
 * `onlyWhenOffered`: hidden until offerInstall() was called (after saving a place). Without it (the
 * Home page's "Open the app" on phones) the offer shows whenever installing is possible.
 */
export function InstallOffer({ onlyWhenOffered = false }: { onlyWhenOffered?: boolean }) {
  const state = useSyncExternalStore(subscribeInstall, installState, serverInstallState);
  if (onlyWhenOffered && !state.offered) return null;
  if (state.canPrompt) {
    return (
      <button type="button" className="button secondary install-offer" onClick={() => void promptInstall()}>
        Install app
      </button>
    );
  }
  if (state.iosGuide) {
    return (
      <details className="install-guide">
        <summary>Add to Home Screen</summary>
        <p>
          In Safari, tap the Share button <span aria-hidden="true">(□↑)</span>, then <strong>Add to Home Screen</strong>.
          Opened from there, Third Place can send you notifications.
        </p>
      </details>
    );
  }
  if (onlyWhenOffered) return null;
  return (
    <details className="install-guide">
      <summary>How to install the app</summary>
      <p>
        <strong>iPhone (Safari):</strong> tap Share <span aria-hidden="true">(□↑)</span>, then Add to Home Screen.
      </p>
      <p>
        <strong>Android (Chrome):</strong> open Chrome&rsquo;s menu <span aria-hidden="true">(⋮)</span>, then Install app.
      </p>
      <p>
        <strong>Computer (Chrome or Edge):</strong> click the install icon at the right of the address bar.
      </p>
    </details>
  );
}
