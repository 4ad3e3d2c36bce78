// How a component gets its words (docs/languages.md#how-a-component-gets-its-messages): `useT()`
// returns `t(key, values)`, which formats the key's ICU message (FormatJS's intl-messageformat) in
// the page's language and the visitor's locale. The messages come from the context, compiled
// (docs/languages.md#no-icu-parser-in-the-browser): on the server the language's whole catalogue;
// in an island, the page's data island (only the namespaces the page's render used, in its
// language); in the app, the language's catalogue loaded on its own (client/lib/catalogue.ts).
import { IntlMessageFormat } from "intl-messageformat";
import { createContext, useContext, useMemo } from "react";
import type { PageLanguage } from "../../common/languages";
import type { CompiledCatalogue } from "../../common/messages/compile";
import type { MessageKey } from "../../common/messages/en";

export type Messages = Partial<CompiledCatalogue>;
export type MessageValues = Record<string, string | number | Date>;

export interface PageMessages {
  language: PageLanguage;
  /** BCP 47, for formats: the page's language with the visitor's region (common/languages.ts visitorLocale). */
  locale: string;
  messages: Messages;
  /** Called with the namespace of each key a render formats: the worker collects those the page needs. */
  onUse?: (namespace: string) => void;
}

/** Null outside a provider: only a test that renders a component alone (see `messagesOutsideProvider`). */
export const MessagesContext = createContext<PageMessages | null>(null);

/**
 * The messages a component rendered outside any provider formats with: none (it sees the keys),
 * unless a test's setup gives English (tests/client/setup.ts), so a component tested alone reads
 * as the page does without every test wrapping it.
 */
let outsideProvider: PageMessages | null = null;
export function messagesOutsideProvider(page: PageMessages | null): void {
  outsideProvider = page;
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * `t` for one page's messages: a message that is text is shown as is; an AST gets its formatter,
 * made once per page (intl-messageformat without its parser in the browser: a string there throws).
 */
export function translator(page: PageMessages | null): Translate {
  const formats = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    page?.onUse?.(namespaceOf(key));
    const message = page?.messages[key];
    if (message === undefined) return key;
    if (typeof message === "string") return message;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, page!.locale);
      formats.set(key, format);
    }
    return String(format.format(values));
  };
}

export function useT(): Translate {
  const page = useContext(MessagesContext) ?? outsideProvider;
  return useMemo(() => translator(page), [page]);
}

/**
 * Namespaces a component may show later though its server render did not (an island's answer to a
 * touch, shown only then): the page ships them too (docs/languages.md).
 */
export function useMessagesFor(namespaces: readonly string[]): void {
  const page = useContext(MessagesContext);
  for (const namespace of namespaces) page?.onUse?.(namespace);
}

/** The page's language and locale (the language picker's current entry, formats). */
export function usePageLanguage(): { language: PageLanguage; locale: string } {
  const page = useContext(MessagesContext) ?? outsideProvider;
  return { language: page?.language ?? "en", locale: page?.locale ?? "en-US" };
}

/**
 * The visitor's locale for times, dates, prices and distances (common/formats.ts,
 * docs/cities.md#formats): the page's language with the visitor's region, "en-US" outside a page.
 */
export const useLocale = (): string => usePageLanguage().locale;

/** A key's namespace: its first segment ("header.openMenu" → "header"). */
export const namespaceOf = (key: string) => key.slice(0, key.indexOf("."));

/** The messages of `catalogue` in these namespaces: what a page's islands get (docs/languages.md). */
export function messagesIn(catalogue: Messages, namespaces: Iterable<string>): Messages {
  const wanted = new Set(namespaces);
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => wanted.has(namespaceOf(key))));
}
