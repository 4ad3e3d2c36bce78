// One place's data panel (/place_dashboard?place_id=, reached from place info).
import { Link, useSearchParams } from "react-router";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { DataPanel } from "./DataPanel";
import { placeIdParam, usePlace } from "./usePlace";
import "./dashboard.css";

export default function PlaceDashboard() {
  useDocumentTitle("Place dashboard");
  const { ready, pickupView } = useRequireSession();
  const [searchParams] = useSearchParams();
  const placeId = placeIdParam(searchParams);
  const { place, error } = usePlace(placeId, ready);

  return (
    <main className="page dashboard" id="main">
      {ready ? <AccountBar /> : null}
      <h1>{place ? `${place.name}: dashboard` : "Place dashboard"}</h1>
      {pickupView}
      {placeId === null ? (
        <p>No place chosen. Open <Link to="/dashboard">your dashboard</Link> to pick one of your businesses.</p>
      ) : error ? (
        <p role="alert" className="form-error">{error}</p>
      ) : (
        <>
          <p><Link to={`/place_info?place_id=${placeId}`}>Back to place info</Link></p>
          <DataPanel place={place} />
        </>
      )}
    </main>
  );
}
