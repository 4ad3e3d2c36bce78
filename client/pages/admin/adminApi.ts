// How admin sections talk to the API: every call carries the admin token (adminRequest() locks the
// gate again on a 401), and a failed answer becomes the spec's sentence (the server's own `error`
// text when a write gives one).
import { type Read, readFailure, writeFailure } from "../../api/endpoints";
import { useApi } from "../../api/useApi";
import { ADMIN_MESSAGES } from "./messages";

export type Outcome = { ok: true; message?: string } | { ok: false; message: string };

/**
 * Runs one write and turns every way it can end into a sentence: success, the server's error (or
 * `fallback` when it gives none), or the generic message when the request itself failed.
 */
export async function attempt<T>(
  send: () => Promise<T>,
  fallback: string,
  onSuccess?: (answer: T) => Promise<string | void> | string | void,
): Promise<Outcome> {
  let answer: T;
  try {
    answer = await send();
  } catch (error) {
    return { ok: false, message: writeFailure(error, fallback, ADMIN_MESSAGES.unexpectedTryAgain) };
  }
  const message = await onSuccess?.(answer);
  return { ok: true, message: message || undefined };
}

/** An admin read: `failure` is the sentence for a refusal; a failed read shows no data. */
export function useAdminData<T>(read: Read<T>, failure: string) {
  const { data, error, loading, retry } = useApi(read);
  return {
    data: error === null ? data : null,
    error: error === null ? null : readFailure(error, failure, ADMIN_MESSAGES.unexpected),
    loading,
    reload: retry,
  };
}
