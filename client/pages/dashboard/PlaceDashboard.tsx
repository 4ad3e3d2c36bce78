// One place's dashboard (/place_dashboard?place_id=, reached from place info): the venue's now strip
// and tabs (VenueView).
import { Link, useSearchParams } from "react-router";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { LOADING } from "./keyTrends";
import { placeIdParam, usePlace } from "./usePlace";
import { VenueView } from "./VenueView";
import "./dashboard.css";

export default function PlaceDashboard() {
  useDocumentTitle("Place dashboard");
  const { ready, pickupView } = useRequireSession();
  const [searchParams] = useSearchParams();
  const placeId = placeIdParam(searchParams);
  const { place, error, setPlace } = usePlace(placeId, ready);

  return (
    <main className="page dashboard" id="main">
      {ready ? <AccountBar /> : null}
      <h1>{place ? `${place.name}: dashboard` : "Place dashboard"}</h1>
      {pickupView}
      {placeId === null ? (
        <p>No place chosen. Open <Link to="/dashboard">your dashboard</Link> to pick one of your businesses.</p>
      ) : error ? (
        <p role="alert" className="form-error">{error}</p>
      ) : place ? (
        <VenueView place={place} onSaved={setPlace} />
      ) : (
        <p className="loading">{LOADING}</p>
      )}
    </main>
  );
}
