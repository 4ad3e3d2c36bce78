import type { LivePlace } from "../../common/schemas/answers";
import { publicApi } from "../api/endpoints";
import { useApi } from "../api/useApi";

/** The live map and profiles reload live levels this often. */
export const LIVE_REFRESH_MS = 30_000;

export interface LiveState {
  /** Null until the first answer arrives. */
  places: LivePlace[] | null;
  generatedAt: string | null;
  /** The last load failed; `places` still holds the previous answer, if any. */
  failed: boolean;
}

/** GET /api/live, reloaded every `refreshMs` while the page is visible. */
export function useLivePlaces(refreshMs?: number): LiveState {
  const { data, error } = useApi(publicApi.live(), { refreshMs });
  return { places: data?.places ?? null, generatedAt: data?.generated_at ?? null, failed: error !== null };
}
