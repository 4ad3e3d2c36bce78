// Each dashboard card fetches its own data. For charts a failed fetch is logged and leaves the
// data as it was (so the chart stays 'Loading...'), and `retry` lets the owner try
// again; pages and lists show their sentence from messages.ts instead.
import { useCallback, useEffect, useState } from "react";
import { request } from "../../api/request";
import { MESSAGES } from "./messages";

/** GETs JSON from the API; a non-ok answer throws with its status. */
export async function getJson<T>(endpoint: string): Promise<T> {
  const response = await request("GET", endpoint);
  if (!response.ok) throw new Error(`GET ${endpoint} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface ApiJson<T> {
  data: T | null;
  /** When the shown data arrived (ms since the epoch). */
  loadedAt: number | null;
  failed: boolean;
  retry: () => void;
}

/** Loads `endpoint` (nothing while it is null) and again every `refreshMs` when given. */
export function useApiJson<T>(endpoint: string | null, refreshMs?: number): ApiJson<T> {
  const [data, setData] = useState<T | null>(null);
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setData(null);
    setLoadedAt(null);
    setFailed(false);
  }, [endpoint]);

  useEffect(() => {
    if (endpoint === null) return;
    let current = true;
    const load = () =>
      getJson<T>(endpoint).then(
        (answer) => {
          if (!current) return;
          setData(answer);
          setLoadedAt(Date.now());
          setFailed(false);
        },
        (error: unknown) => {
          console.error(error);
          if (current) setFailed(true);
        },
      );
    void load();
    const timer = refreshMs ? setInterval(load, refreshMs) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [endpoint, refreshMs, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { data, loadedAt, failed, retry };
}

export interface ApiResource<T> {
  data: T | null;
  /** The sentence to show: `refusedMessage` for a non-ok answer, the generic one when the request failed. */
  error: string | null;
  setData: (data: T) => void;
}

/** Loads `endpoint` once (nothing while it is null) for a page or list that shows its own error. */
export function useApiResource<T>(endpoint: string | null, refusedMessage: string): ApiResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (endpoint === null) return;
    let current = true;
    setData(null);
    setError(null);
    request("GET", endpoint)
      .then(async (response) => {
        if (!response.ok) {
          console.error(`GET ${endpoint} answered ${response.status}`);
          if (current) setError(refusedMessage);
          return;
        }
        const answer = (await response.json()) as T;
        if (current) setData(answer);
      })
      .catch((caught: unknown) => {
        console.error(caught);
        if (current) setError(MESSAGES.unexpected);
      });
    return () => {
      current = false;
    };
  }, [endpoint, refusedMessage]);
  return { data, error, setData };
}
