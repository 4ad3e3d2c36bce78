// One language's whole catalogue for the app (client/main.tsx), as a file of its own, compiled at
// build time (scripts/compiled-catalogues.ts, docs/languages.md#no-icu-parser-in-the-browser): the
// browser gets text and ASTs, never ICU to parse. Each import is its own chunk, which the service
// worker precaches (scripts/service-worker-plugin.ts).
import type { PageLanguage } from "../../common/languages";
import type { CompiledCatalogue } from "../../common/messages/compile";

export async function loadCatalogue(language: PageLanguage): Promise<CompiledCatalogue> {
  switch (language) {
    case "es":
      return (await import("virtual:catalogue/es")).default;
    case "de":
      return (await import("virtual:catalogue/de")).default;
    case "ja":
      return (await import("virtual:catalogue/ja")).default;
    case "en-XA":
      return (await import("virtual:catalogue/en-XA")).default;
    default:
      return (await import("virtual:catalogue/en")).default;
  }
}
