// "Seen" for a profile's offers on now (docs/offers.md#on-the-profile): a plain island, so an
// offer on the screen is counted without React DOM before the visitor's first touch (issue 38).
// The offers island marks each offer on now with data-offer-on-now; once a day per offer and phone.
import { offerApi } from "../api/offerEndpoints";
import { firstSightingToday } from "./claims";

export function recordOffersSeen(marker: HTMLElement): () => void {
  const today = new Date().toDateString();
  for (const offer of marker.querySelectorAll<HTMLElement>("[data-offer-on-now]")) {
    const id = Number(offer.dataset.offerOnNow);
    if (firstSightingToday(localStorage, id, today)) void offerApi.seen(id).catch(() => undefined);
  }
  return () => undefined;
}
