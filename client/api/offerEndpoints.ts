// Offers (docs/offers.md), in a module of their own: only the profile's offers, the claim screen
// and the dashboard's offer panels load it.
import type { OkAnswer } from "../../common/schemas/answers";
import type {
  Claim,
  Offer,
  offerCreateSchema,
  OfferPreview,
  OffersAnswer,
  offerUpdateSchema,
  OwnedOffersAnswer,
  RedemptionAnswer,
} from "../../common/schemas/offers";
import { call, placePath, read, type In } from "./endpoints";

export const offerApi = {
  /** A place's offers not over, with on_now and why (public). */
  list: (placeId: number) => read<OffersAnswer>(`/api/places/${placeId}/offers`),
  /** Counts one sighting (the app sends it once a day per offer shown). */
  seen: (offerId: number) => call<OkAnswer>("POST", `/api/offers/${offerId}/seen`),
  /** A code, valid 30 minutes, and its QR (signed in). */
  claim: (offerId: number) => call<Claim>("POST", `/api/offers/${offerId}/claims`),
};

/** The owner's side: every offer with its counts and lift, writes, the live preview and redemption at the door. */
export const ownerOfferApi = {
  list: (placeId: number) => read<OwnedOffersAnswer>(`${placePath(placeId)}/offers`),
  create: (placeId: number, input: In<typeof offerCreateSchema>) => call<Offer>("POST", `${placePath(placeId)}/offers`, input),
  update: (placeId: number, offerId: number, input: In<typeof offerUpdateSchema>) => call<Offer>("PATCH", `${placePath(placeId)}/offers/${offerId}`, input),
  remove: (placeId: number, offerId: number) => call<OkAnswer>("DELETE", `${placePath(placeId)}/offers/${offerId}`),
  preview: (placeId: number, input: In<typeof offerCreateSchema>) => call<OfferPreview>("POST", `${placePath(placeId)}/offers/preview`, input),
  redeem: (placeId: number, code: string) => call<RedemptionAnswer>("POST", `${placePath(placeId)}/redemptions`, { code }),
};
