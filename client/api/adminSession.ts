// The admin token from POST /api/admin/login. 'Remember this browser' keeps it in local storage with
// the spec's `authenticated` flag, so later visits skip the gate while it is valid; otherwise it lives
// in session storage and ends with the tab. The password itself is never stored or shipped.
import { sendWithToken, type RequestBody } from "./request";

export const ADMIN_TOKEN_KEY = "admin_token";
/** The admin gate's persistence key, kept from the original client (docs/architecture.md#api-contract). */
export const ADMIN_REMEMBER_KEY = "authenticated";
export const ADMIN_SESSION_ENDED_EVENT = "third-place:admin-session-ended";
export const ADMIN_SESSION_ENDED_MESSAGE = "Your admin session has ended. Please enter the password again.";

/** When a JWT stops being valid (ms since the epoch), or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function remembered(): string | null {
  return localStorage.getItem(ADMIN_REMEMBER_KEY) === "true" ? localStorage.getItem(ADMIN_TOKEN_KEY) : null;
}

export const adminSession = {
  /** The admin token while it is valid; an expired one is forgotten. */
  token(now = Date.now()): string | null {
    const token = sessionStorage.getItem(ADMIN_TOKEN_KEY) ?? remembered();
    if (token === null) return null;
    const expiresAt = tokenExpiresAt(token);
    if (expiresAt === null || expiresAt <= now) {
      adminSession.clear();
      return null;
    }
    return token;
  },
  store(token: string, remember: boolean) {
    adminSession.clear();
    if (remember) {
      localStorage.setItem(ADMIN_TOKEN_KEY, token);
      localStorage.setItem(ADMIN_REMEMBER_KEY, "true");
    } else {
      sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
    }
  },
  clear() {
    sessionStorage.removeItem(ADMIN_TOKEN_KEY);
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    localStorage.removeItem(ADMIN_REMEMBER_KEY);
  },
};

/**
 * request() for the admin area: the admin token as the bearer. Admin tokens are not refreshed: a 401
 * forgets the token, tells the gate to lock again and throws.
 */
export async function adminRequest(
  method: string,
  endpoint: string,
  body?: RequestBody,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await sendWithToken(adminSession.token(), method, endpoint, body, headers);
  if (response.status !== 401) return response;
  adminSession.clear();
  window.dispatchEvent(new Event(ADMIN_SESSION_ENDED_EVENT));
  throw new Error(ADMIN_SESSION_ENDED_MESSAGE);
}
