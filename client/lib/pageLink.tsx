// Links on the public pages (docs/server-rendering.md#islands). An island must not import React
// Router (27 KB gzipped, more than the profile's budget leaves beside React DOM), so the parts that
// hydrate as islands link with `PageLink` and read the address with `useHere`. Left alone they are
// a plain `<a href>` and `window.location`: public pages are documents. The site's layout
// (`RouterLinks`, in client/components/Layout.tsx) gives them the router's link and location, so
// the single-page app still moves between its pages without a document.
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from "react";

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** The page's address, as far as a link back to it needs. */
export interface Here {
  pathname: string;
  search: string;
}

export interface PageLinks {
  Link: ComponentType<PageLinkProps>;
  here: Here;
  /** Goes to another page, as following a link would. */
  go: (to: string) => void;
}

/**
 * Links as documents, at the browser's address (without its language's prefix): what an island
 * gets (client/islands/hydrate.tsx). `base` is the page's language's prefix ("/es"), which a link
 * to one of our pages keeps, as the router's basename does (docs/languages.md).
 */
export function documentLinks(here: Here, base = ""): PageLinks {
  const href = (to: string) => (to.startsWith("/") ? `${base}${to}` : to);
  const DocumentLink = ({ to, ...props }: PageLinkProps) => <a href={href(to)} {...props} />;
  return { Link: DocumentLink, here, go: (to) => window.location.assign(href(to)) };
}

export const PageLinksContext = createContext<PageLinks>(documentLinks({ pathname: "/", search: "" }));

export function PageLink(props: PageLinkProps) {
  const { Link } = useContext(PageLinksContext);
  return <Link {...props} />;
}

export function useHere(): Here {
  return useContext(PageLinksContext).here;
}

export function useGo(): PageLinks["go"] {
  return useContext(PageLinksContext).go;
}
