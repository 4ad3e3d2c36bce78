// What a build's chunks load statically, for the plugins that list files by it (the service
// worker's precache, the public pages' stylesheets in vite.config.ts).
import type { Rolldown } from "vite";

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The JavaScript and CSS files of the chunks `isRoot` picks and of every chunk they import statically. */
export function staticFiles(bundle: Rolldown.OutputBundle, isRoot: (chunk: Rolldown.OutputChunk) => boolean): { js: Set<string>; css: Set<string> } {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const js = new Set<string>();
  const css = new Set<string>();
  const add = (chunk: Chunk | undefined) => {
    if (!chunk || js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) add(byName.get(imported));
  };
  for (const chunk of chunks) if (isRoot(chunk)) add(chunk);
  return { js, css };
}
