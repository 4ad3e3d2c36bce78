import type { LivePlace } from "../../common/schemas/answers";
import { ApiError, publicApi } from "../api/endpoints";
import { useApi } from "../api/useApi";

/** The live map and profiles reload live levels this often. */
export const LIVE_REFRESH_MS = 30_000;

export interface LiveState {
  /** Null until the first answer arrives. */
  places: LivePlace[] | null;
  generatedAt: string | null;
  /** The last load failed; `places` still holds the previous answer, if any. */
  failed: boolean;
  /** The failed load's HTTP status (404: no such city), else null. */
  status: number | null;
}

/**
 * GET /api/live, reloaded every `refreshMs` while the page is visible: every place, or one city's
 * (`city`; null while the city is not known yet: nothing is read).
 */
export function useLivePlaces(refreshMs?: number, city?: string | null): LiveState {
  const { data, error } = useApi(city === null ? null : publicApi.live(city), { refreshMs });
  return { places: data?.places ?? null, generatedAt: data?.generated_at ?? null, failed: error !== null, status: error instanceof ApiError ? error.status : null };
}
