// Build-time settings the client reads (docs/app.md#install).
interface ImportMetaEnv {
  /** The App Store listing's address; empty or unset while there is none, and then no badge shows. */
  readonly VITE_APP_STORE_URL?: string;
}

/** A language's catalogue compiled by the build (scripts/compiled-catalogues.ts, docs/languages.md#no-icu-parser-in-the-browser). */
declare module "virtual:catalogue/*" {
  const catalogue: import("../common/messages/compile").CompiledCatalogue;
  export default catalogue;
}
