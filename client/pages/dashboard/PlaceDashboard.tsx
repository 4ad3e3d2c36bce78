// One place's data panel (/place_dashboard?place_id=, reached from place info, spec §2).
import { Link, useSearchParams } from "react-router";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { DataPanel } from "./DataPanel";
import { placeIdParam, usePlace } from "./usePlace";
import { useOwnerSession } from "./useOwnerSession";
import "./dashboard.css";

export default function PlaceDashboard() {
  useDocumentTitle("Place dashboard");
  const ready = useOwnerSession();
  const [searchParams] = useSearchParams();
  const placeId = placeIdParam(searchParams);
  const { place, error } = usePlace(placeId, ready);

  return (
    <main className="page dashboard" id="main">
      <h1>{place ? `${place.name}: dashboard` : "Place dashboard"}</h1>
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
