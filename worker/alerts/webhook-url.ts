// Where webhooks may point (docs/alerts.md). In production: https only, and never a loopback,
// private, link-local or otherwise internal address, by its literal IP or an obvious name
// (localhost, *.local, *.internal, …). A name that resolves to such an address (DNS rebinding)
// is out of scope: Workers cannot resolve names before fetching. Locally (ALLOW_LOCAL_WEBHOOKS=1 in
// .dev.vars and the tests; never in wrangler.toml) http://localhost and http://127.0.0.1 are allowed too.

const INTERNAL_NAMES = ["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"];
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home.arpa", ".corp"];

/** IPv4 a.b.c.d as four numbers; null for anything else (URL() already turned 0x7f.1 and 2130706433 into dotted form). */
function ipv4(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts : null;
}

function internalIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments (192.0.0.0/24) and TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

function internalIpv6(host: string): boolean {
  const address = host.slice(1, -1).toLowerCase();
  if (address === "::" || address === "::1") return true;
  // IPv4-mapped (::ffff:7f00:1 as URL() writes it) and the NAT64 / IPv4-compatible forms carry an IPv4 address.
  if (address.startsWith("::ffff:") || address.startsWith("64:ff9b:") || /^::[0-9a-f]{1,4}(:[0-9a-f]{1,4})?$/.test(address)) return true;
  const first = parseInt(address.split(":")[0] || "0", 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 // multicast
  );
}

/**
 * Whether this server lets webhooks and pushes reach this machine: ALLOW_LOCAL_WEBHOOKS=1 in
 * .dev.vars and the tests, never in wrangler.toml.
 */
export const allowsLocalReceivers = (env: Pick<Env, "ALLOW_LOCAL_WEBHOOKS">): boolean => env.ALLOW_LOCAL_WEBHOOKS === "1";

/** http(s)://localhost or http(s)://127.0.0.1 on any port: a receiver on this machine, allowed only locally. */
export function isLocalReceiver(parsed: URL): boolean {
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  return (host === "localhost" || host === "127.0.0.1") && (parsed.protocol === "http:" || parsed.protocol === "https:");
}

/** Why `url` may not receive webhooks, or null when it may. */
export function webhookUrlProblem(url: string, { allowLocal }: { allowLocal: boolean }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url must be an absolute web address such as https://example.com/hooks/third-place.";
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  if (parsed.username || parsed.password) return "url must not contain a user name or password.";
  if (allowLocal && isLocalReceiver(parsed)) return null;
  if (parsed.protocol !== "https:") return "url must start with https://.";
  if (INTERNAL_NAMES.includes(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || !host.includes(".") && !host.startsWith("[")) {
    return "url must be a public address, not a local or internal name.";
  }
  const v4 = ipv4(host);
  if ((v4 && internalIpv4(v4)) || (host.startsWith("[") && internalIpv6(host))) {
    return "url must be a public address, not a loopback, private or link-local one.";
  }
  return null;
}
