// How the client talks to the API (docs/architecture.md#api-contract): base address, JSON or form
// bodies, bearer token, and one refresh-and-retry on 401. The calls themselves, with their paths,
// are in endpoints.ts.
import { session } from "./session";
import { signInPathFor } from "./signInPaths";

declare global {
  interface Window {
    /** Injected at deploy time to point the client at another API origin. */
    __API_BASE_URL__?: string;
  }
}

/** The value the global holds when nothing was injected. */
export const API_BASE_PLACEHOLDER = "%API_BASE_URL%";
export const TOKEN_EXPIRED_MESSAGE = "Token expired, redirecting to login";

export function apiBaseUrl(): string {
  const injected = typeof window === "undefined" ? undefined : window.__API_BASE_URL__;
  // This design serves the API from the same origin as the app, so "" (relative URLs) is the default.
  return injected && injected !== API_BASE_PLACEHOLDER ? injected.replace(/\/+$/, "") : "";
}

export type RequestBody = FormData | Blob | Record<string, unknown> | unknown[] | undefined;

function buildInit(method: string, body: RequestBody, headers: Record<string, string>, token: string | null): RequestInit {
  const allHeaders: Record<string, string> = {
    Authorization: `Bearer ${token ?? ""}`,
    ...headers,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body instanceof Blob) {
    payload = body; // a file, sent as it is with the caller's Content-Type
  } else if (body !== undefined) {
    allHeaders["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  return { method, headers: allHeaders, body: payload, credentials: "include" };
}

/** Navigation is a seam so tests can observe the redirect without leaving the page. */
export const navigation = {
  /** To the door of the area this page is in; a public page stays, now signed out. */
  toSignIn() {
    const door = signInPathFor(window.location.pathname + window.location.search);
    if (door) window.location.assign(door);
  },
};

/** One request with `token` as the bearer, and no refresh: the building block of request() and adminRequest(). */
export function sendWithToken(
  token: string | null,
  method: string,
  endpoint: string,
  body?: RequestBody,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${apiBaseUrl()}${endpoint}`, buildInit(method, body, headers, token));
}

async function refreshAccessToken(): Promise<boolean> {
  const userId = session.userId();
  if (!userId) return false;
  try {
    const response = await fetch(`${apiBaseUrl()}/api/refresh`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ user_id: Number(userId) }),
      credentials: "include",
    });
    if (!response.ok) return false;
    const answer: unknown = await response.json();
    const accessToken = typeof answer === "object" && answer !== null && "access_token" in answer ? answer.access_token : null;
    if (typeof accessToken !== "string" || !accessToken) return false;
    session.store(accessToken);
    return true;
  } catch {
    return false;
  }
}

// Calls that fail together (a dashboard's cards when the token expires) share one refresh: each
// refresh rotates the cookie, so parallel refreshes would race each other.
let refreshInFlight: Promise<boolean> | null = null;
function refreshOnce(): Promise<boolean> {
  refreshInFlight ??= refreshAccessToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Sends one API request. A 401 triggers one token refresh; on success the request is repeated
 * once, on failure the token is removed, the user is sent to the sign-in of the area the page is
 * in (none on a public page, which reads as signed out) and the call throws 'Token expired,
 * redirecting to login'.
 */
export async function request(
  method: string,
  endpoint: string,
  body?: RequestBody,
  headers: Record<string, string> = {},
): Promise<Response> {
  const token = session.accessToken();
  const response = await sendWithToken(token, method, endpoint, body, headers);
  if (response.status !== 401) return response;
  // A parallel call may already have refreshed while this one was in flight.
  const current = session.accessToken();
  const renewed = (current !== null && current !== token) || (await refreshOnce());
  if (renewed) return sendWithToken(session.accessToken(), method, endpoint, body, headers);
  session.clearToken();
  navigation.toSignIn();
  throw new Error(TOKEN_EXPIRED_MESSAGE);
}
