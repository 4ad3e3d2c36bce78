// Build-time settings the client reads (docs/app.md#install).
interface ImportMetaEnv {
  /** The App Store listing's address; empty or unset while there is none, and then no badge shows. */
  readonly VITE_APP_STORE_URL?: string;
}
