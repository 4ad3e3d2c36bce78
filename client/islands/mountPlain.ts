// Mounts a plain island (client/islands/plain.ts) with the runtime it may call: the islands' entry
// at the marker's moment, and <PlainIsland> in the single-page app.
import type { ComponentType } from "react";
import type { IslandRuntime } from "./plain";
import { ISLANDS, PLAIN_ISLANDS, type IslandName, type PlainIslandName } from "./registry";

const runtime: IslandRuntime = {
  async render(element, name, props) {
    if (!(name in ISLANDS)) throw new Error(`No island is named ${name}`);
    const [{ renderIsland }, Component] = await Promise.all([import("./hydrate"), ISLANDS[name as IslandName]()]);
    return renderIsland(element, Component as ComponentType<object>, props);
  },
};

export async function mountPlainIsland(marker: HTMLElement, name: PlainIslandName): Promise<() => void> {
  const mount = await PLAIN_ISLANDS[name]();
  return mount(marker, runtime);
}
