// Claimed codes kept on the phone (docs/offers.md#the-code-screen): the claim screen reads only
// this, so a code once claimed shows with no network, as the service worker serves the app's shell.
import type { Claim, Offer } from "../../common/schemas/offers";

export interface StoredClaim extends Claim {
  offerId: number;
  title: string;
  terms: string;
  placeName: string;
}

const KEY = "tp_offer_claims";

function readAll(storage: Storage): StoredClaim[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as StoredClaim[]) : [];
  } catch {
    return [];
  }
}

/** Keeps a claim, dropping the expired ones (nothing about them is needed once over). */
export function keepClaim(storage: Storage, offer: Pick<Offer, "id" | "title" | "terms">, placeName: string, claim: Claim, now: number) {
  const kept = readAll(storage).filter((item) => item.offerId !== offer.id && Date.parse(item.expires_at) > now);
  kept.push({ ...claim, offerId: offer.id, title: offer.title, terms: offer.terms, placeName });
  storage.setItem(KEY, JSON.stringify(kept));
}

/** The kept claim of an offer, expired or not; null when none. */
export const claimOfOffer = (storage: Storage, offerId: number): StoredClaim | null => readAll(storage).find((item) => item.offerId === offerId) ?? null;

/** Minutes and seconds left, "12:05"; null once expired. */
export function timeLeft(expiresAt: string, now: number): string | null {
  const seconds = Math.ceil((Date.parse(expiresAt) - now) / 1000);
  if (seconds <= 0) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const SEEN_KEY = "tp_offers_seen";

/** Whether an offer was counted as seen today on this phone; marks it so (the sighting is sent once a day). */
export function firstSightingToday(storage: Storage, offerId: number, today: string): boolean {
  let seen: Record<string, string> = {};
  try {
    seen = JSON.parse(storage.getItem(SEEN_KEY) ?? "{}") as Record<string, string>;
  } catch {
    seen = {};
  }
  if (seen[offerId] === today) return false;
  storage.setItem(SEEN_KEY, JSON.stringify({ ...Object.fromEntries(Object.entries(seen).filter(([, day]) => day === today)), [offerId]: today }));
  return true;
}
