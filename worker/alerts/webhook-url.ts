// Where webhooks may point (docs/architecture.md#webhooks-and-alerts). In production: https on
// port 443 only, and never an address outside the public internet, by its literal IP (IPv4, or
// IPv6 including the 6to4, Teredo, NAT64 and IPv4-mapped forms that carry an IPv4 address) or an
// obvious name (localhost, *.local, *.internal, …, with any trailing dots). A name that resolves
// to such an address is not checked here: Workers cannot resolve names before fetching (what
// Cloudflare does with those is in the docs above). Checked when an endpoint is added and again
// before every delivery. Locally (ALLOW_LOCAL_WEBHOOKS=1 in .dev.vars and the tests; never in
// wrangler.toml) http://localhost and http://127.0.0.1 on any port are allowed too.

const INTERNAL_NAMES = ["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"];
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home.arpa", ".corp"];

/** An address as bytes (4 or 16); null when `host` is not an IP literal as URL() writes one. */
function addressBytes(host: string): number[] | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  // URL() already turned 0x7f.1 and 2130706433 into dotted form.
  if (v4) return v4.slice(1).map(Number);
  if (!host.startsWith("[") || !host.endsWith("]")) return null;
  // URL() writes IPv6 in hex groups only (no dotted tail), with at most one "::".
  const [head, tail] = host.slice(1, -1).split("::");
  const groupsOf = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  const groups = tail === undefined ? before : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Ranges as "address/prefix length", parsed to bytes once. */
function ranges(cidrs: string[]): { bytes: number[]; bits: number }[] {
  return cidrs.map((cidr) => {
    const [address, bits] = cidr.split("/");
    return { bytes: addressBytes(address.includes(":") ? `[${address}]` : address)!, bits: Number(bits) };
  });
}

const inRange = (bytes: number[], range: { bytes: number[]; bits: number }) =>
  range.bytes.length === bytes.length &&
  range.bytes.every((byte, i) => {
    const bits = Math.min(8, Math.max(0, range.bits - i * 8));
    const mask = (0xff << (8 - bits)) & 0xff;
    return (byte & mask) === (bytes[i] & mask);
  });

/** IPv4 that is not the public internet (IANA special-purpose registry). */
const BLOCKED_V4 = ranges([
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata
  "172.16.0.0/12",
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/3", // multicast, reserved, broadcast
]);
/** IPv6: only global unicast (2000::/3) is public; these parts of it are not. */
const GLOBAL_V6 = ranges(["2000::/3"]);
const BLOCKED_V6 = ranges([
  "2001::/23", // IETF protocol assignments: Teredo 2001::/32 (carries an IPv4 address), benchmarking, ORCHID
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4 (carries an IPv4 address, 2002:7f00:1:: is 127.0.0.1)
  "3fff::/20", // documentation
]);

function internalAddress(bytes: number[]): boolean {
  if (bytes.length === 4) return BLOCKED_V4.some((range) => inRange(bytes, range));
  // Outside 2000::/3 are loopback, unspecified, IPv4-mapped and -compatible, NAT64 (64:ff9b::),
  // discard, unique local, link-local, site-local and multicast.
  return !GLOBAL_V6.some((range) => inRange(bytes, range)) || BLOCKED_V6.some((range) => inRange(bytes, range));
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
  // "localhost.." is localhost: every trailing dot goes.
  const host = parsed.hostname.toLowerCase().replace(/\.+$/, "");
  if (parsed.username || parsed.password) return "url must not contain a user name or password.";
  if (allowLocal && isLocalReceiver(parsed)) return null;
  if (parsed.protocol !== "https:") return "url must start with https://.";
  // URL() drops the default port, so any port left is not 443.
  if (parsed.port !== "") return "url must not name a port: webhooks are posted to port 443.";
  if (INTERNAL_NAMES.includes(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || (!host.includes(".") && !host.startsWith("["))) {
    return "url must be a public address, not a local or internal name.";
  }
  const bytes = addressBytes(host);
  if (bytes && internalAddress(bytes)) return "url must be a public address, not a loopback, private, link-local or reserved one.";
  return null;
}
