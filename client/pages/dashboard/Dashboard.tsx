// The owner dashboard: the owner's businesses on the left, the chosen one's details,
// key trends and data tabs on the right. The chosen business lives in the address (?place_id=).
import { useSearchParams } from "react-router";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { readFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { BusinessList } from "./BusinessList";
import { DataPanel } from "./DataPanel";
import { LOADING } from "./keyTrends";
import { MESSAGES } from "../../lib/messages";
import { PlaceDetails } from "./PlaceDetails";
import { placeIdParam } from "./usePlace";
import "./dashboard.css";

export default function Dashboard() {
  useDocumentTitle("Dashboard");
  const { ready, pickupView } = useRequireSession();
  const [searchParams, setSearchParams] = useSearchParams();
  // The event form reads the owned places too, and shares this answer.
  const owned = useApi(ready ? ownerApi.ownedPlaces() : null);
  const places = owned.data;
  const error = owned.error === null ? null : readFailure(owned.error, MESSAGES.fetchBusinessesFailed, MESSAGES.unexpected);
  const selectedId = placeIdParam(searchParams);

  const select = (placeId: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set("place_id", String(placeId));
      return next;
    });
  const selected = places?.find((place) => place.id === selectedId) ?? null;
  const replacePlace = (updated: OwnedPlace) =>
    owned.setData((current) => (current ?? []).map((place) => (place.id === updated.id ? updated : place)));

  let body;
  if (error) body = <p role="alert" className="form-error">{error}</p>;
  else if (!places) body = <p className="loading">{LOADING}</p>;
  else if (places.length === 0)
    body = <p>No businesses are linked to your account yet. Ask a co-owner for an invite link, or contact us to add your venue.</p>;
  else
    body = (
      <div className="dashboard-layout">
        <BusinessList places={places} selectedId={selected?.id ?? null} onSelect={select} />
        <div className="dashboard-main">
          {selected ? (
            <>
              <PlaceDetails key={selected.id} place={selected} variant="dashboard" onSaved={replacePlace} />
              <DataPanel key={`data-${selected.id}`} place={selected} />
            </>
          ) : (
            <p className="hint">{MESSAGES.selectBusiness}</p>
          )}
        </div>
      </div>
    );

  return (
    <main className="page dashboard" id="main">
      {ready ? <AccountBar /> : null}
      <h1>Dashboard</h1>
      {pickupView}
      {body}
    </main>
  );
}
