// How much session replay may see of each page (docs/monitoring.md). In the entry bundle: the
// layout marks each page's own root with it, so a replay snapshot taken while one page gives way
// to the next still masks the page it shows.

/**
 * "input" masks form input (the default level), "mask" masks all text, links and images too
 * (owner pages show invite links, sensor keys and webhook secrets; friends, the inbox, plans and
 * messages show who friends are, where they are and what they wrote), and "off" records nothing
 * (the admin console; every invite page, an owner's or a friend's, whose address is the token and
 * which shows it as a link and a QR code: issue 37 #5).
 */
export type PagePrivacy = "input" | "mask" | "off";

/** The page's privacy by its address, spelled as the router matches it (any case, percent-escapes decoded). */
export function pagePrivacy(pathname: string): PagePrivacy {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the router did not decode it either.
  }
  if (/^\/+admin(\/|$)/i.test(path) || /(^|\/)invite(\/|$)/i.test(path)) return "off";
  if (/^\/+(dashboard|place_info|place_dashboard)(\/|$)/i.test(path)) return "mask";
  if (/^\/+app\/+(friends|inbox|plans|messages)(\/|$)/i.test(path)) return "mask";
  return "input";
}

/** The replay SDK's attribute value for a page: its subtree is masked, or replaced by a placeholder. */
export const PRIVACY_ATTRIBUTE_VALUE: Record<PagePrivacy, string> = { input: "mask-user-input", mask: "mask", off: "hidden" };
