/** Where the free iPhone app lives (consumers get it from an app store). */
export const APP_STORE_URL = "https://apps.apple.com/us/search?term=third%20place";

export function AppStoreBadge() {
  return (
    <a className="store-badge" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
      <img src="/images/app-store-badge.svg" alt="Download Third Place on the App Store" width="168" height="50" />
    </a>
  );
}
