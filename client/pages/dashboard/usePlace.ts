import { readFailure } from "../../api/endpoints";
import { ownerApi } from "../../api/ownerEndpoints";
import { useApi } from "../../api/useApi";
import { MESSAGES } from "../../lib/messages";

/** GET /api/place/{id} as its owner, once the session is ready. */
export function usePlace(placeId: number | null, ready: boolean) {
  const { data, error, setData, retry } = useApi(ready && placeId !== null ? ownerApi.ownedPlace(placeId) : null);
  return {
    place: data,
    error: error === null ? null : readFailure(error, MESSAGES.fetchBusinessDetailsFailed, MESSAGES.unexpected),
    setPlace: setData,
    reloadPlace: retry,
  };
}

/** ?place_id= as a number, or null when missing or not an id. */
export function placeIdParam(search: URLSearchParams): number | null {
  const value = search.get("place_id");
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
