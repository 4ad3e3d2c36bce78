// The page's language in its HTML (docs/languages.md): `<html lang>` from the path, and the
// one-line suggestion of the visitor's own language when Accept-Language prefers another one we
// have. A suggestion, never a redirect: the address a visitor or a crawler asked for is the page
// they get. It is added to the answer after the edge cache, so a kept profile carries none.
import { localizedPath, pathLanguage, suggestedLanguage, type PageLanguage } from "../../common/languages";
import { escapeMarkup } from "../../common/markup";
import { CATALOGUES } from "../../common/messages";

/** The HTML with `<html lang>` set to the page's language. */
export function withPageLanguage(html: Response, language: PageLanguage): Response {
  return new HTMLRewriter()
    .on("html", {
      element(element) {
        element.setAttribute("lang", language);
      },
    })
    .transform(html);
}

/** The suggestion's markup: a link to this page in `language`, written in that language. */
export function languageSuggestion(language: PageLanguage, path: string): string {
  const words = escapeMarkup(CATALOGUES[language]["suggestion.link"]);
  const href = escapeMarkup(localizedPath(language, path));
  return `<p class="language-suggestion" lang="${language}"><a href="${href}" hreflang="${language}">${words}</a></p>`;
}

/**
 * A rendered page with the suggestion at the top of its body when the visitor prefers another of
 * our languages; it varies by Accept-Language either way.
 */
export function withLanguageSuggestion(page: Response, request: Request): Response {
  const { search, pathname } = new URL(request.url);
  const { language, path } = pathLanguage(pathname);
  const suggested = suggestedLanguage(language, request.headers.get("accept-language"));
  const headers = new Headers(page.headers);
  headers.append("vary", "Accept-Language");
  const varying = new Response(page.body, { status: page.status, headers });
  if (!suggested) return varying;
  return new HTMLRewriter()
    .on("body", {
      element(body) {
        body.prepend(languageSuggestion(suggested, `${path}${search}`), { html: true });
      },
    })
    .transform(varying);
}
