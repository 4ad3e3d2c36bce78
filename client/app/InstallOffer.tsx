// "Install app" (Chromium's prompt), the "Add to Home Screen" guide (iPhone Safari), or, where the
// browser offers neither yet, how to install on each kind of device (docs/app.md#install).
import { useSyncExternalStore } from "react";
import { useT } from "../lib/i18n";
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
  const t = useT();
  if (onlyWhenOffered && !state.offered) return null;
  if (state.canPrompt) {
    return (
      <button type="button" className="button secondary install-offer" onClick={() => void promptInstall()}>
        {t("install.button")}
      </button>
    );
  }
  if (state.iosGuide) {
    return (
      <details className="install-guide">
        <summary>{t("install.addToHome")}</summary>
        <p>
          {t("install.iosTap")} <span aria-hidden="true">(□↑)</span>{t("install.iosThen")} <strong>{t("install.addToHome")}</strong>.{" "}
          {t("install.iosNotifications")}
        </p>
      </details>
    );
  }
  if (onlyWhenOffered) return null;
  return (
    <details className="install-guide">
      <summary>{t("install.how")}</summary>
      <p>
        <strong>{t("install.iphone")}</strong> {t("install.iphoneShare")} <span aria-hidden="true">(□↑)</span>{t("install.iphoneThen")}
      </p>
      <p>
        <strong>{t("install.android")}</strong> {t("install.androidMenu")} <span aria-hidden="true">(⋮)</span>{t("install.androidThen")}
      </p>
      <p>
        <strong>{t("install.computer")}</strong> {t("install.computerText")}
      </p>
    </details>
  );
}
