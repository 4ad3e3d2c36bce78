// No ICU parser in the browser (docs/languages.md#no-icu-parser-in-the-browser): the build
// compiles the app's catalogues (text or ASTs, common/messages/compile.ts), and the browser's
// intl-messageformat gets the parser package's `no-parser` entry, so a string message reaching it
// throws instead of quietly bringing 10 KB of parser back.
import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import { PAGE_LANGUAGES, type PageLanguage } from "../common/languages.ts";

const CATALOGUE = "virtual:catalogue/";
const COMPILE = path.join(import.meta.dirname, "..", "common", "messages", "compile.ts");

/**
 * `virtual:catalogue/{language}`: that language's catalogue, compiled (client/lib/catalogue.ts).
 * The catalogues are read through Vite's module runner, as the app's own modules are (not bundled
 * into the config), and are watched: an edited message is compiled again.
 */
export function compiledCatalogues(): Plugin {
  type Compile = typeof import("../common/messages/compile.ts");
  let compile: Promise<{ module: Compile; dependencies: string[] }> | undefined;
  return {
    name: "third-place:compiled-catalogues",
    resolveId(id) {
      if (id.startsWith(CATALOGUE) && PAGE_LANGUAGES.includes(id.slice(CATALOGUE.length) as PageLanguage)) return `\0${id}`;
    },
    async load(id) {
      if (!id.startsWith(`\0${CATALOGUE}`)) return;
      compile ??= runnerImport<Compile>(COMPILE, { configFile: false, logLevel: "error" });
      const { module, dependencies } = await compile;
      for (const file of dependencies) this.addWatchFile(file);
      return `export default ${JSON.stringify(module.compiledCatalogue(id.slice(CATALOGUE.length + 1) as PageLanguage))};`;
    },
    watchChange(file) {
      void compile?.then(({ dependencies }) => {
        if (dependencies.includes(file)) compile = undefined;
      });
    },
  };
}

/** The facade module id of a compiled catalogue's chunk (the service worker precaches them). */
export const CATALOGUE_MODULE = /^\0virtual:catalogue\//;

/**
 * intl-messageformat's imports of `@formatjs/icu-messageformat-parser` go to its `no-parser`
 * entry: the element types and guards the formatter needs, and a `parse` that throws. Only that
 * importer: the worker and the build compile with the real parser.
 */
export function formatterWithoutParser(): Plugin {
  return {
    name: "third-place:formatter-without-parser",
    // Before Vite's own resolver, which would answer first.
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "@formatjs/icu-messageformat-parser" || !importer?.replaceAll("\\", "/").includes("/node_modules/intl-messageformat/")) return;
      return this.resolve("@formatjs/icu-messageformat-parser/lib/no-parser.js", importer, { ...options, skipSelf: true });
    },
  };
}
