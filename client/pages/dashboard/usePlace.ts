import type { OwnedPlace } from "../../../common/schemas/answers";
import { MESSAGES } from "./messages";
import { useApiResource } from "./useApiJson";

/** GET /api/place/{id} as its owner, once the session is ready. */
export function usePlace(placeId: number | null, ready: boolean) {
  const { data, error, setData } = useApiResource<OwnedPlace>(
    ready && placeId !== null ? `/api/place/${placeId}` : null,
    MESSAGES.fetchBusinessDetailsFailed,
  );
  return { place: data, error, setPlace: setData };
}

/** ?place_id= as a number, or null when missing or not an id. */
export function placeIdParam(search: URLSearchParams): number | null {
  const value = search.get("place_id");
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
