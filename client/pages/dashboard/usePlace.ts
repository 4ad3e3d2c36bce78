import { useEffect, useState } from "react";
import type { OwnedPlace } from "../../../worker/schemas/answers";
import { request } from "../../api/request";
import { MESSAGES } from "./messages";

/** GET /api/place/{id} as its owner; the error is the sentence to show. */
export function usePlace(placeId: number | null, ready: boolean) {
  const [place, setPlace] = useState<OwnedPlace | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || placeId === null) return;
    let current = true;
    request("GET", `/api/place/${placeId}`)
      .then(async (response) => {
        if (!response.ok) {
          console.error(`GET /api/place/${placeId} answered ${response.status}`);
          if (current) setError(MESSAGES.fetchBusinessDetailsFailed);
          return;
        }
        const answer = (await response.json()) as OwnedPlace;
        if (current) setPlace(answer);
      })
      .catch((caught: unknown) => {
        console.error(caught);
        if (current) setError(MESSAGES.unexpected);
      });
    return () => {
      current = false;
    };
  }, [placeId, ready]);
  return { place, error, setPlace };
}

/** ?place_id= as a number, or null when missing or not an id. */
export function placeIdParam(search: URLSearchParams): number | null {
  const value = search.get("place_id");
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
