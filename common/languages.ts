// The languages of the public pages and how a visitor's is chosen (docs/languages.md): English at
// the root, the others under /{lang}/…; the pseudo-locale for tests under /en-xa/…, in no picker
// and no sitemap. Pure functions, used by the worker (heads, sitemap, the suggestion) and the client
// (the router's basename, the picker, the locale formatters get).

/** The languages a visitor can choose, English (the source) first. */
export const LANGUAGES = ["en", "es", "de", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Accented and about 35 % longer English (common/messages/pseudo.ts), for the layout tests. */
export const PSEUDO_LANGUAGE = "en-XA";
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export const DEFAULT_LANGUAGE: Language = "en";

/** Every language a page can be in: ours and the pseudo-locale. */
export const PAGE_LANGUAGES: readonly PageLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];

/** Each language's name in itself, as the picker and the suggestion show it. */
export const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: "English", es: "Español", de: "Deutsch", ja: "日本語", "en-XA": "Ëñĝļîšĥ (pseudo)" };

/** The region a language's dates and numbers take when the visitor's Accept-Language names none of its own. */
const DEFAULT_REGION: Record<PageLanguage, string> = { en: "US", es: "ES", de: "DE", ja: "JP", "en-XA": "XA" };

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The first segment of a path in a language other than English: "es", "de", "ja", "en-xa". */
const prefixOf = (language: PageLanguage) => language.toLowerCase();

/** A path's language and the path without its prefix: "/es/about" → es, "/about"; "/about" → en, "/about". */
export function pathLanguage(pathname: string): { language: PageLanguage; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(pathname);
  if (match) {
    const language = PAGE_LANGUAGES.find((candidate) => candidate !== DEFAULT_LANGUAGE && prefixOf(candidate) === match[1]);
    if (language) return { language, path: match[2] ?? "/" };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** The router's basename for a language: "" for English, "/es" for Spanish. */
export const languageBase = (language: PageLanguage) => (language === DEFAULT_LANGUAGE ? "" : `/${prefixOf(language)}`);

/** `path` (without a prefix) in `language`: ("/about", es) → "/es/about"; ("/", es) → "/es/". */
export const localizedPath = (language: PageLanguage, path: string) => `${languageBase(language)}${path}`;

/** Accept-Language's tags, best first (q=0 left out): "de-CH, en;q=0.5" → ["de-CH", "en"]. */
export function acceptedTags(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter(({ tag, q }) => tag !== "" && tag !== "*" && q > 0 && Number.isFinite(q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

const baseOf = (tag: string) => tag.split("-")[0].toLowerCase();

/** The language of ours the visitor prefers most, or null when Accept-Language names none of them. */
export function preferredLanguage(header: string | null): Language | null {
  for (const tag of acceptedTags(header)) {
    const base = baseOf(tag);
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * The one-line suggestion's language: the visitor's preferred language of ours when the page is in
 * another one (never on the pseudo-locale), else null. A suggestion, never a redirect.
 */
export function suggestedLanguage(page: PageLanguage, header: string | null): Language | null {
  if (page === PSEUDO_LANGUAGE) return null;
  const preferred = preferredLanguage(header);
  return preferred && preferred !== page ? preferred : null;
}

/**
 * The visitor's BCP 47 locale for formats (times in 12 or 24 hours, numbers, the week's first day):
 * the page's language, with the region of the first Accept-Language tag in that language
 * ("es" + "es-MX, en" → "es-MX"), else the language's usual region ("es-ES").
 */
export function visitorLocale(page: PageLanguage, header: string | null): string {
  if (page === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  for (const tag of acceptedTags(header)) {
    if (baseOf(tag) !== page) continue;
    try {
      const locale = new Intl.Locale(tag);
      if (locale.region) return `${page}-${locale.region}`;
    } catch {
      // Not a tag: ignored.
    }
  }
  return `${page}-${DEFAULT_REGION[page]}`;
}

/**
 * A page's alternates by Google Search Central's rules: each language's address, the page's own
 * included, and x-default (English, at the root) for everyone else. Not the pseudo-locale.
 */
export function languageAlternates(origin: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: `${origin}${localizedPath(language, path)}` })),
    { hreflang: "x-default", href: `${origin}${path}` },
  ];
}
