// Every language's messages, for the worker's renderer and its heads (docs/languages.md). The
// browser never imports this module: a page's islands get their messages in the page's data
// island, and the app loads its one language with loadCatalogue (client/lib/i18n.tsx).
import type { PageLanguage } from "../languages";
import { de } from "./de";
import { en, type Catalogue } from "./en";
import { es } from "./es";
import { ja } from "./ja";
import { pseudo } from "./pseudo";

export const CATALOGUES: Record<PageLanguage, Catalogue> = { en, es, de, ja, "en-XA": pseudo };
