// Place info for owners (/place_info?place_id=): cover, address, type, website, phone,
// hours and owners; Edit / Cancel / Update; the share-link modal; 'Go to Place Dashboard'; and
// (beyond the spec) the owners and open invite links, with Remove and Revoke, and the history import.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { OWNER } from "../../api/endpoints";
import { session } from "../../api/session";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { PlaceAccess } from "../../components/PlaceAccess";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { ImportHistory } from "./ImportHistory";
import { LOADING } from "./keyTrends";
import { PlaceDetails } from "./PlaceDetails";
import { placeIdParam, usePlace } from "./usePlace";
import "./dashboard.css";

export default function PlaceInfo() {
  useDocumentTitle("Place info");
  const { ready, pickupView } = useRequireSession();
  const [searchParams] = useSearchParams();
  const placeId = placeIdParam(searchParams);
  // The owner names in the details come from the place: read again after someone is removed.
  const { place, error, setPlace, reloadPlace } = usePlace(placeId, ready);
  const navigate = useNavigate();
  const [invitesVersion, setInvitesVersion] = useState(0);

  let body;
  if (placeId === null) body = <p>No place chosen. Open <Link to="/dashboard">your dashboard</Link> to pick one of your businesses.</p>;
  else if (error) body = <p role="alert" className="form-error">{error}</p>;
  else if (!place) body = <p className="loading">{LOADING}</p>;
  else
    body = (
      <>
        <PlaceDetails place={place} variant="info" onSaved={setPlace} onInviteGenerated={() => setInvitesVersion((n) => n + 1)}>
          <Link className="button secondary" to={`/place_dashboard?place_id=${place.id}`}>Go to Place Dashboard</Link>
        </PlaceDetails>
        <PlaceAccess
          placeId={place.id}
          sender={OWNER}
          headingLevel={2}
          currentUserId={Number(session.userId()) || null}
          refreshKey={invitesVersion}
          onOwnersChanged={reloadPlace}
          onLeft={() => navigate("/dashboard")}
        />
        <ImportHistory placeId={place.id} timeZone={place.timezone} />
      </>
    );

  return (
    <main className="page place-info" id="main">
      {ready ? <AccountBar /> : null}
      <h1>Place info</h1>
      {pickupView}
      {body}
    </main>
  );
}
