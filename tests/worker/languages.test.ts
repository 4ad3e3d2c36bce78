// The public pages in their languages (docs/languages.md), through the worker's fetch: /es/ and
// /ja/ come rendered in that language with <html lang>, hreflang alternates and x-default; the
// islands' data island carries only the namespaces the page used, in its language; a visitor
// whose Accept-Language prefers another language of ours gets a one-line suggestion, never a
// redirect; a profile is kept at the edge per language.
import { env } from "cloudflare:workers";
import { TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import indexHtml from "../../index.html?raw";
import { compileMessage, type CompiledMessage } from "../../common/messages/compile";
import { es } from "../../common/messages/es";
import { ja } from "../../common/messages/ja";
import worker from "../../worker/index";
import { insertPlace } from "./fixtures";

const ORIGIN = "https://third-place.test";
const PEOPLE = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

async function page(path: string, acceptLanguage?: string): Promise<{ response: Response; html: string }> {
  const ASSETS = { fetch: async () => new Response(indexHtml, { headers: { "content-type": "text/html" } }) };
  const waits: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => void waits.push(promise), passThroughOnException: () => {}, props: {} };
  const headers: Record<string, string> = { "user-agent": PEOPLE, ...(acceptLanguage && { "accept-language": acceptLanguage }) };
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, ASSETS } as unknown as Env, ctx as unknown as ExecutionContext);
  const html = await response.text();
  await Promise.all(waits);
  return { response, html };
}

const island = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]) as { language: string; locale: string; messages: Record<string, CompiledMessage> };
const alternates = (html: string) => new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]));
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("a public page in another language", () => {
  it("/es/about comes rendered in Spanish, with <html lang>, its own canonical and every alternate", async () => {
    const { response, html } = await page("/es/about");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<html lang="es">/);
    expect(html).toContain(`>${es["header.about"]}<`);
    expect(html).toContain(`aria-label="${es["header.openMenu"]}"`);
    // Links stay in the language.
    expect(html).toContain('href="/es/faq"');
    expect(canonical(html)).toBe(`${ORIGIN}/es/about`);
    expect(Object.fromEntries(alternates(html))).toEqual({
      en: `${ORIGIN}/about`,
      es: `${ORIGIN}/es/about`,
      de: `${ORIGIN}/de/about`,
      ja: `${ORIGIN}/ja/about`,
      "x-default": `${ORIGIN}/about`,
    });
    // The picker: a link per language to this page, the current one marked.
    expect(html).toMatch(/<a href="\/de\/about" hrefLang="de" lang="de"[^>]*>Deutsch<\/a>/);
    expect(html).toMatch(/<a href="\/es\/about" hrefLang="es" lang="es" aria-current="true"[^>]*>Español<\/a>/);
  });

  it("/ja/ is the Japanese home; its islands get the namespaces the page used, in Japanese only", async () => {
    const { html } = await page("/ja/", "ja-JP,ja;q=0.9");
    expect(html).toMatch(/<html lang="ja">/);
    expect(html).toContain(ja["footer.languages"]);
    const data = island(html);
    expect(data.language).toBe("ja");
    expect(data.locale).toBe("ja-JP");
    expect(data.messages["header.learnMore"]).toBe(ja["header.learnMore"]);
    // Compiled (docs/languages.md#no-icu-parser-in-the-browser): text as is, ICU as its AST, never ICU to parse.
    expect(data.messages["footer.copyright"]).toEqual(compileMessage(ja["footer.copyright"]));
    expect(data.messages["footer.copyright"]).toContainEqual({ type: TYPE.number, value: "year", style: { type: 0, parsedOptions: { useGrouping: false } } });
    // The suggestion's words are the worker's, never an island's.
    expect(data.messages["suggestion.link"]).toBeUndefined();
    expect(html).not.toContain("language-suggestion");
  });

  it("English stays at the root, with x-default; the locale takes the visitor's region", async () => {
    const { html } = await page("/faq", "en-GB,en;q=0.8");
    expect(html).toMatch(/<html lang="en">/);
    expect(canonical(html)).toBe(`${ORIGIN}/faq`);
    expect(alternates(html).get("x-default")).toBe(`${ORIGIN}/faq`);
    expect(island(html).locale).toBe("en-GB");
  });

  it("suggests the visitor's own language in one line, in that language, without redirecting", async () => {
    const { response, html } = await page("/about?from=mail", "de-CH, en;q=0.5");
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toContain("Accept-Language");
    expect(html).toContain('<p class="language-suggestion" lang="de"><a href="/de/about?from=mail" hreflang="de">Diese Seite auf Deutsch lesen</a></p>');
    // A language we do not have suggests nothing.
    expect((await page("/about", "fr-FR, it")).html).not.toContain("language-suggestion");
  });

  it("the pseudo-locale renders accented and longer, kept out of search results", async () => {
    const { html } = await page("/en-xa/faq");
    expect(html).toMatch(/<html lang="en-XA">/);
    expect(html).toContain("[Ļéáŕñ Ṁöŕé");
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(alternates(html).size).toBe(0);
  });

  it("keeps a profile at the edge once per language", async () => {
    const slug = `lang-${crypto.randomUUID().slice(0, 8)}`;
    await insertPlace({ name: `The Polyglot ${slug}`, slug });
    const english = await page(`/profile/${slug}`);
    const spanish = await page(`/es/profile/${slug}`);
    expect(english.html).toMatch(/<html lang="en">/);
    expect(spanish.html).toMatch(/<html lang="es">/);
    expect(spanish.html).toContain(es["header.about"]);
    // Both kept, neither answering for the other.
    const again = await page(`/es/profile/${slug}`, "ja");
    expect(again.html).toMatch(/<html lang="es">/);
    expect(again.html).toContain(`<p class="language-suggestion" lang="ja">`);
    expect((await page(`/profile/${slug}`)).html).not.toContain(es["header.about"]);
  });
});
