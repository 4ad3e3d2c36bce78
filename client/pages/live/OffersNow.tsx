// A profile's offers (docs/offers.md#on-the-profile): each with whether it is on now and why, and
// Claim while on (signed in) → the code screen. An island of the profile at the first touch
// (docs/server-rendering.md#islands); the offers on the screen are counted as seen by a plain
// island inside it (client/offers/offersSeen.ts), with no React before the touch.
import { useEffect, useRef, useState } from "react";
import { plainMarker } from "../../islands/marker";
import { recordOffersSeen } from "../../offers/offersSeen";
import { PageLink, useGo } from "../../lib/pageLink";
import type { Offer } from "../../../common/schemas/offers";
import type { PublicPlace } from "../../../common/schemas/answers";
import { writeFailure } from "../../api/endpoints";
import { offerApi } from "../../api/offerEndpoints";
import { useApi } from "../../api/useApi";
import { useSignedIn } from "../../api/useSignedIn";
import { useHydrated } from "../../lib/hydration";
import { claimOfOffer, keepClaim } from "../../offers/claims";
import { OFFER_MESSAGES, valueText, whenLine } from "../../offers/offerMessages";
import { useLocale } from "../../lib/i18n";

function OfferItem({ offer, place, currency }: { offer: Offer; place: Pick<PublicPlace, "id" | "name" | "slug">; currency: string | undefined }) {
  const signedIn = useSignedIn();
  const locale = useLocale();
  const navigate = useGo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A claim kept on this phone is read once hydrated: the worker renders every visitor's page the same.
  const kept = useHydrated() ? claimOfOffer(localStorage, offer.id) : null;
  const valid = kept !== null && Date.parse(kept.expires_at) > Date.now();
  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      keepClaim(localStorage, offer, place.name, await offerApi.claim(offer.id), Date.now());
      navigate(`/claim/${offer.id}`);
    } catch (failure) {
      setError(writeFailure(failure, OFFER_MESSAGES.claimFailed, OFFER_MESSAGES.offline));
      setBusy(false);
    }
  };
  const value = valueText(offer, currency, locale);
  return (
    <li className={offer.on_now ? "offer-now" : undefined} data-offer-on-now={offer.on_now ? offer.id : undefined}>
      <strong>{offer.title}</strong>
      {value ? <span className="offer-value"> · {value}</span> : null}
      {offer.on_now ? <span className="offer-badge"> · {OFFER_MESSAGES.onNow}</span> : null}
      <p className="offer-when">{whenLine(offer, locale)}</p>
      <p className="offer-why">{offer.why}</p>
      {offer.terms ? <p className="offer-terms">{offer.terms}</p> : null}
      {valid ? (
        <PageLink className="button" to={`/claim/${offer.id}`}>{OFFER_MESSAGES.showCode}</PageLink>
      ) : offer.on_now ? (
        signedIn ? (
          <button type="button" className="button" onClick={() => void claim()} disabled={busy}>
            {busy ? OFFER_MESSAGES.claiming : OFFER_MESSAGES.claim}
          </button>
        ) : (
          <PageLink className="button" to={`/signin?next=${encodeURIComponent(`/profile/${place.slug}`)}`}>{OFFER_MESSAGES.signInToClaim}</PageLink>
        )
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </li>
  );
}

/** The place's offers, on now first; nothing while it has none. */
export default function OffersNow({ place }: { place: Pick<PublicPlace, "id" | "name" | "slug"> }) {
  const { data } = useApi(offerApi.list(place.id));
  const seen = useRef<HTMLElement>(null);
  // Where React renders the offers (the single-page app; this island once hydrated), they are seen
  // once shown; on a page of islands the plain island below counted them already (once a day each).
  useEffect(() => {
    if (seen.current) recordOffersSeen(seen.current);
  }, [data]);
  if (!data || data.offers.length === 0) return null;
  return (
    // A plain island's marker, visible: an offer on the screen is counted as seen before any touch.
    <tp-island ref={seen} {...plainMarker("offers-seen", "visible")}>
      <section className="profile-offers" aria-labelledby="offers-heading">
        <h2 id="offers-heading">{OFFER_MESSAGES.heading}</h2>
        <ul>
          {data.offers.map((offer) => (
            <OfferItem key={offer.id} offer={offer} place={place} currency={data.currency} />
          ))}
        </ul>
      </section>
    </tp-island>
  );
}
