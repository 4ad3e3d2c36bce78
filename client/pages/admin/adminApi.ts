// How admin sections talk to the API: adminRequest() carries the admin token (and locks the gate
// again on a 401), and a failed answer becomes the spec's sentence (the server's own `error` text
// when it gives one).
import { useCallback, useEffect, useState } from "react";
import { adminRequest } from "../../api/adminSession";
import { errorMessage } from "../../api/request";
import { ADMIN_MESSAGES } from "./messages";

/** The sentence to show for a refused write: the server's `error` text, else the spec's fallback. */
export async function failureText(response: Response, fallback: string): Promise<string> {
  return (await errorMessage(response)) ?? fallback;
}

export type Outcome = { ok: true; message?: string } | { ok: false; message: string };

/**
 * Runs one write and turns every way it can end into a sentence: success, the server's error (or
 * `fallback` when it gives none), or the generic message when the request itself failed.
 */
export async function attempt(
  send: () => Promise<Response>,
  fallback: string,
  onSuccess?: (response: Response) => Promise<string | void> | string | void,
): Promise<Outcome> {
  try {
    const response = await send();
    if (!response.ok) return { ok: false, message: await failureText(response, fallback) };
    const message = await onSuccess?.(response);
    return { ok: true, message: message || undefined };
  } catch (error) {
    console.error(error);
    return { ok: false, message: ADMIN_MESSAGES.unexpectedTryAgain };
  }
}

export interface AdminJson<T> {
  data: T | null;
  /** The spec's fetch failure sentence, or the generic one when the request itself failed. */
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** GETs `endpoint` with the admin token; `failure` is the sentence for a non-ok answer. */
export function useAdminJson<T>(endpoint: string, failure: string): AdminJson<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    adminRequest("GET", endpoint)
      .then(async (response) => {
        if (!response.ok) throw new FetchFailed(failure);
        return (await response.json()) as T;
      })
      .then(
        (data) => current && setState({ data, error: null, loading: false }),
        (error: unknown) => {
          if (!current) return;
          if (!(error instanceof FetchFailed)) console.error(error);
          const message = error instanceof FetchFailed ? error.message : ADMIN_MESSAGES.unexpected;
          setState({ data: null, error: message, loading: false });
        },
      );
    return () => {
      current = false;
    };
  }, [endpoint, failure, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { ...state, reload };
}

class FetchFailed extends Error {}
