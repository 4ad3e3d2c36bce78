// An island's marker as the islands' runtime reads it (client/islands.tsx): its name, its moment
// and its JSON props. A leaf module: a part that is itself an island's code can render a plain
// island's marker without importing the registry (an import circle).

/**
 * When an island hydrates: `visible` once it nears the screen, `idle` when the browser has time
 * after load, `interaction` at the first pointer, focus or key on it (the click that brought it is
 * replayed once hydrated).
 */
export type IslandWhen = "visible" | "idle" | "interaction";

/** The attributes of a plain island's `<tp-island>` (client/islands/plain.ts). */
export const plainMarker = (name: string, when: IslandWhen, props: object = {}) => ({
  "data-island": name,
  "data-when": when,
  "data-props": JSON.stringify(props),
  "data-plain": "",
});
