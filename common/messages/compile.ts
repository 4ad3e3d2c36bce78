// Messages as the browser formats them (docs/languages.md#no-icu-parser-in-the-browser): the ICU
// parser runs in the worker and in the build, never in a page. A message without ICU syntax is
// its text, as is; any other is its AST, without what formatting never reads. The worker compiles
// its catalogues when it first renders a language; the build compiles the app's catalogue files
// (scripts/compiled-catalogues.ts). Never imported by the browser's code: it holds the parser.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { PageLanguage } from "../languages";
import type { Catalogue } from "./en";
import { CATALOGUES } from "./index";

/**
 * A message's text once compiled: marked, so a raw catalogue's ICU (`Catalogue`) does not type as
 * compiled and reach `t()`, which would show its braces as they are.
 */
export type CompiledText = string & { readonly compiled: unique symbol };
/** Text to show as is, or an AST for intl-messageformat (which in the browser has no parser). */
export type CompiledMessage = CompiledText | MessageFormatElement[];
export type CompiledCatalogue = Record<keyof Catalogue, CompiledMessage>;

/**
 * Drops what the formatter never reads, in place: a skeleton's tokens or pattern (it formats with
 * `parsedOptions`); locations are already left out (`captureLocation` is off).
 */
function prune(elements: MessageFormatElement[]): MessageFormatElement[] {
  for (const element of elements) {
    if ((element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) && element.style && typeof element.style === "object") {
      const style = element.style as unknown as Record<string, unknown>;
      delete style.tokens;
      delete style.pattern;
    } else if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) prune(option.value);
    } else if (element.type === TYPE.tag) {
      prune(element.children);
    }
  }
  return elements;
}

/**
 * One message compiled: its text when it is only text (ICU's quoting undone: "''" is "'"), else
 * its pruned AST. Parsed without a locale: a date skeleton's `j` (the locale's hour cycle) is not
 * for messages; times go through common/formats.ts (docs/cities.md#formats).
 */
export function compileMessage(message: string): CompiledMessage {
  const elements = parse(message);
  if (elements.length === 0) return "" as CompiledText;
  if (elements.length === 1 && elements[0].type === TYPE.literal) return elements[0].value as CompiledText;
  return prune(elements);
}

export function compileCatalogue(catalogue: Catalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, compileMessage(message)])) as CompiledCatalogue;
}

const compiled = new Map<PageLanguage, CompiledCatalogue>();
/** A language's catalogue compiled, once per worker isolate (or build), on first use. */
export function compiledCatalogue(language: PageLanguage): CompiledCatalogue {
  let catalogue = compiled.get(language);
  if (!catalogue) {
    catalogue = compileCatalogue(CATALOGUES[language]);
    compiled.set(language, catalogue);
  }
  return catalogue;
}
