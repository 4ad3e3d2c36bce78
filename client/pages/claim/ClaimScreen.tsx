// The code screen (docs/offers.md#the-code-screen): the claimed code full screen, bright, with its
// QR and the time left, from the claim kept on the phone, so it shows with no network.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { qrPath } from "../../../common/qr";
import { claimOfOffer, timeLeft } from "../../offers/claims";
import { OFFER_MESSAGES } from "../../offers/offerMessages";
import "./claim.css";

export default function ClaimScreen() {
  const { offerId } = useParams();
  const claim = claimOfOffer(localStorage, Number(offerId));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // The countdown's tick: what it shows is the time left, read from the clock each second.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!claim) {
    return (
      <main className="claim-screen">
        <p>{OFFER_MESSAGES.noClaim}</p>
        <Link className="button" to="/app">{OFFER_MESSAGES.back}</Link>
      </main>
    );
  }
  const left = timeLeft(claim.expires_at, now);
  const qr = qrPath(claim.code);
  return (
    <main className={left ? "claim-screen" : "claim-screen claim-expired"}>
      <p className="claim-place">{claim.placeName}</p>
      <h1 className="claim-title">{claim.title}</h1>
      <p className="claim-label">{OFFER_MESSAGES.codeLabel}</p>
      <p className="claim-code" aria-live="polite">{claim.code}</p>
      <svg className="claim-qr" viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={OFFER_MESSAGES.qrLabel(claim.code)} shapeRendering="crispEdges">
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <p className="claim-left" role="status">{left ? OFFER_MESSAGES.timeLeft(left) : OFFER_MESSAGES.expired}</p>
      <p>{OFFER_MESSAGES.showStaff}</p>
      {claim.terms ? <p className="claim-terms">{claim.terms}</p> : null}
      <Link className="button" to="/app">{OFFER_MESSAGES.back}</Link>
    </main>
  );
}
