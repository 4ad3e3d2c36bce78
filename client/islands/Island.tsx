// An interactive part of a public page that hydrates on its own (docs/server-rendering.md#islands).
// The worker renders it inside a <tp-island> marker naming the island, its moment and its props;
// in the browser the islands' runtime (client/islands.tsx) hydrates that marker with the same
// component when the moment comes. In the single-page app it is only the component in a marker.
import { useContext, useEffect, useRef, type ComponentProps, type ComponentType, type ReactNode } from "react";
import { islandPageData, PageDataContext } from "../api/pageData";
import { plainMarker, type IslandWhen } from "./marker";
import type { IslandComponent, IslandName, PlainIslandName } from "./registry";
import { useMessagesFor } from "../lib/i18n";

export type { IslandWhen } from "./marker";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "tp-island": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export function Island<N extends IslandName>(props: {
  name: N;
  when: IslandWhen;
  component: IslandComponent<N>;
  /** JSON: they travel in the marker's data-props attribute. */
  props: ComponentProps<IslandComponent<N>>;
  /** Catalogue namespaces the island shows only after a touch; the page ships them (docs/languages.md). */
  messages?: readonly string[];
}) {
  useMessagesFor(props.messages ?? []);
  // In the worker's render, the answers the island reads are noted: the page ships those (docs/server-rendering.md#only-what-the-islands-read).
  const page = islandPageData(useContext(PageDataContext));
  const Part = props.component as ComponentType<object>;
  const partProps = props.props as object;
  return (
    <tp-island data-island={props.name} data-when={props.when} data-props={JSON.stringify(partProps)}>
      <PageDataContext.Provider value={page}>
        <Part {...partProps} />
      </PageDataContext.Provider>
    </tp-island>
  );
}

/**
 * A plain island (client/islands/plain.ts): the server's HTML in `children`, which its code works on
 * once mounted, with JSON `props` in the marker's data-props. `reads`: the keys of the page's answers
 * its code reads from the data island (`Read.key`), which the page then ships. On a page of islands the runtime mounts it at its moment; the effect here runs only
 * where React renders the page (the single-page app), and mounts it at once.
 */
export function PlainIsland({
  name,
  when,
  props = {},
  reads = [],
  children,
}: {
  name: PlainIslandName;
  when: IslandWhen;
  props?: object;
  reads?: readonly string[];
  children: ReactNode;
}) {
  const islandReads = useContext(PageDataContext)?.islandReads;
  for (const key of reads) islandReads?.add(key);
  const marker = useRef<HTMLElement>(null);
  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    const element = marker.current!;
    void import("./mountPlain")
      // Unmounted while its module loaded (a test's cleanup, a quick navigation): nothing to mount.
      .then(({ mountPlainIsland }) => (gone ? undefined : mountPlainIsland(element, name)))
      .then((cleanup) => (gone ? cleanup?.() : (unmount = cleanup)));
    return () => {
      gone = true;
      unmount?.();
    };
  }, [name]);
  return (
    <tp-island ref={marker} {...plainMarker(name, when, props)}>
      {children}
    </tp-island>
  );
}
