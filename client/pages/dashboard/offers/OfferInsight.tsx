// An offer's insight (docs/offers.md#insight): seen, claimed and redeemed (totals only) and its
// lift against the forecast made before it began, with the lift's 80 % range in the sentence.
import type { OfferInsight as Insight } from "../../../../common/schemas/offers";
import { OWNER_OFFER_MESSAGES as M } from "./offerWords";

export function OfferInsight({ insight }: { insight: Insight }) {
  return (
    <div className="offer-insight">
      <h4>{M.insight.heading}</h4>
      <p>{M.insight.counts(insight.seen, insight.claimed, insight.redeemed)}</p>
      <p className="offer-lift">{insight.lift_text}</p>
      <p className="field-hint">{M.insight.note}</p>
    </div>
  );
}
