// Place info for owners (/place_info?place_id=, spec §2): cover, address, type, website, phone,
// hours and owners; Edit / Cancel / Update; the share-link modal; 'Go to Place Dashboard'.
import { Link, useSearchParams } from "react-router";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { LOADING } from "./keyTrends";
import { PlaceDetails } from "./PlaceDetails";
import { placeIdParam, usePlace } from "./usePlace";
import "./dashboard.css";

export default function PlaceInfo() {
  useDocumentTitle("Place info");
  const { ready, pickupView } = useRequireSession();
  const [searchParams] = useSearchParams();
  const placeId = placeIdParam(searchParams);
  const { place, error, setPlace } = usePlace(placeId, ready);

  let body;
  if (placeId === null) body = <p>No place chosen. Open <Link to="/dashboard">your dashboard</Link> to pick one of your businesses.</p>;
  else if (error) body = <p role="alert" className="form-error">{error}</p>;
  else if (!place) body = <p className="loading">{LOADING}</p>;
  else
    body = (
      <PlaceDetails place={place} variant="info" onSaved={setPlace}>
        <Link className="button secondary" to={`/place_dashboard?place_id=${place.id}`}>Go to Place Dashboard</Link>
      </PlaceDetails>
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
