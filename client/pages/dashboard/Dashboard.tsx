// The owner dashboard: the owner's businesses on the left; on the right each venue's now (level,
// people, sensors) until one is chosen, then that venue's now strip and tabs (VenueView). The
// chosen business lives in the address (?place_id=).
import { useSearchParams } from "react-router";
import type { OwnedPlace } from "../../../common/schemas/answers";
import { readFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { useRequireSession } from "../../api/useRequireSession";
import { AccountBar } from "../../components/AccountBar";
import { useDocumentTitle } from "../../components/useDocumentTitle";
import { BusinessList } from "./BusinessList";
import { LOADING } from "./keyTrends";
import { MESSAGES } from "../../lib/messages";
import { VenueCards } from "./VenueCards";
import { placeIdParam } from "./usePlace";
import { VenueView } from "./VenueView";
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
            <VenueView key={selected.id} place={selected} onSaved={replacePlace} />
          ) : (
            <>
              <p className="hint">{MESSAGES.selectBusiness}</p>
              <VenueCards places={places} onSelect={select} />
            </>
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
