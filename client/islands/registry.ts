// The islands of the public pages (docs/server-rendering.md#islands): each name's component, loaded
// on demand by the islands' runtime (client/islands.tsx) when its marker's moment comes. A page
// renders an island with <Island name=… component=…>, and the component here must be that one.
// Plain islands (<PlainIsland>) are code without React: their module's `mount` works on the
// server's HTML in the marker (the live map's Leaflet map, its filters' form).
import type { ComponentType } from "react";
import { loadLiveMapIsland } from "../live/venueMapImport";
import type { PlainMount } from "./plain";

export const ISLANDS = {
  header: async () => (await import("../components/Header")).Header,
  vibe: async () => (await import("../pages/marketing/VibePicker")).VibePicker,
  submission: async () => (await import("../pages/SubmissionForm")).SubmissionForm,
  install: async () => (await import("../app/InstallOffer")).InstallOffer,
  "partner-sign-in": async () => (await import("../pages/marketing/PartnerSignIn")).PartnerSignIn,
  // A venue's profile (client/pages/live/BarProfile.tsx).
  save: async () => (await import("../pages/live/SavePlace")).default,
  offers: async () => (await import("../pages/live/OffersNow")).default,
  watch: async () => (await import("../pages/live/WatchControl")).WatchControl,
  "check-in": async () => (await import("../pages/live/ProfileCheckIn")).ProfileCheckIn,
  "popular-times": async () => (await import("../pages/live/WhenToGo")).PopularTimes,
  "live-looks": async () => (await import("../pages/live/ProfileOwnerParts")).ProfileLiveLooks,
  menu: async () => (await import("../pages/live/Menu")).default,
  reviews: async () => (await import("../pages/live/ProfileOwnerParts")).ProfileReviews,
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>;

export const PLAIN_ISLANDS = {
  map: async () => {
    if (!loadLiveMapIsland) throw new Error("The live map is drawn in the browser only");
    return (await loadLiveMapIsland()).mountLiveMap;
  },
  filters: async () => (await import("../live/liveFilters")).enhanceLiveFilters,
  "offers-seen": async () => (await import("../offers/offersSeen")).recordOffersSeen,
} satisfies Record<string, () => Promise<PlainMount>>;

export type PlainIslandName = keyof typeof PLAIN_ISLANDS;
