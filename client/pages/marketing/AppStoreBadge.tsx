// The App Store badge shows only once a listing exists (docs/app.md#install): until then the app
// is the installable web app, and a badge that searched the store found other companies' apps.
// Set VITE_APP_STORE_URL when building to the listing's address to show it.
import { useT } from "../../lib/i18n";

/** The listing's address, or empty while there is none. */
export const APP_STORE_URL: string = import.meta.env.VITE_APP_STORE_URL ?? "";

export function AppStoreBadge() {
  const t = useT();
  if (!APP_STORE_URL) return null;
  return (
    <a className="store-badge" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
      <img src="/images/app-store-badge.svg" alt={t("badge.appStore")} width="168" height="50" />
    </a>
  );
}
