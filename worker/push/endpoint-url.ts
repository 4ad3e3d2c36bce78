// Which push endpoints we send to (docs/push.md#endpoints). A browser hands us its push service's
// address, so a subscription is a URL the worker will POST to: only the known push services are
// accepted (https, port 443, no user name), and locally, with ALLOW_LOCAL_WEBHOOKS=1, receivers on
// this machine so tests and `npm start` can take pushes (docs/alerts.md has the same rule).
import { isLocalReceiver } from "../alerts/webhook-url";

/** Push services' hosts: exact names, and suffixes any of whose subdomains are the service's. */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "updates.push.services.mozilla.com"] as const;
export const PUSH_SERVICE_SUFFIXES = [".push.apple.com", ".notify.windows.com"] as const;

export const PUSH_ENDPOINT_MESSAGE =
  "endpoint must be an https address of a known push service (Google, Mozilla, Apple or Microsoft).";

/** Why `endpoint` may not receive pushes, or null when it may. */
export function pushEndpointProblem(endpoint: string, { allowLocal }: { allowLocal: boolean }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(endpoint);
  } catch {
    return "endpoint must be an absolute web address.";
  }
  if (parsed.username || parsed.password) return "endpoint must not contain a user name or password.";
  if (allowLocal && isLocalReceiver(parsed)) return null;
  // URL() drops the default port, so any port left is another one.
  if (parsed.protocol !== "https:" || parsed.port !== "") return PUSH_ENDPOINT_MESSAGE;
  const host = parsed.hostname;
  const known = (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));
  return known ? null : PUSH_ENDPOINT_MESSAGE;
}
