import { useEffect, useState } from "react";
import type { LiveAnswer, LivePlace } from "../../common/schemas/answers";
import { request } from "../api/request";

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
  const [state, setState] = useState<LiveState>({ places: null, generatedAt: null, failed: false });

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      try {
        const response = await request("GET", "/api/live");
        if (!response.ok) throw new Error(`GET /api/live answered ${response.status}`);
        const answer = (await response.json()) as LiveAnswer;
        if (!cancelled) setState({ places: answer.places, generatedAt: answer.generated_at, failed: false });
      } catch (error) {
        console.error(error);
        if (!cancelled) setState((current) => ({ ...current, failed: true }));
      }
    };
    void load();
    if (!refreshMs) return () => void (cancelled = true);
    // A hidden tab skips its refreshes; the next one after it shows again catches up.
    const timer = window.setInterval(() => {
      if (!document.hidden) void load();
    }, refreshMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [refreshMs]);

  return state;
}
