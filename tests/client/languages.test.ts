// The languages (docs/languages.md): every catalogue has every key English has, with the same ICU
// arguments; every message formats from its compiled form as from its ICU source, with no parser in
// the formatter; the pseudo-locale is accented and about 35 % longer; the path, Accept-Language and
// locale rules; and no literal words in the JSX of the files converted so far.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  acceptedTags,
  languageAlternates,
  LANGUAGES,
  localizedPath,
  pathLanguage,
  preferredLanguage,
  suggestedLanguage,
  visitorLocale,
} from "../../common/languages";
import { CATALOGUES } from "../../common/messages";
import { compileMessage, compiledCatalogue } from "../../common/messages/compile";
import { en } from "../../common/messages/en";
import { pseudoMessage } from "../../common/messages/pseudo";
import { translator } from "../../client/lib/i18n";

/** A message's argument names, nested options included, sorted. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if ("options" in element) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe("the catalogues", () => {
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language} has every English key, no other, each with English's arguments`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, message] of Object.entries(catalogue)) {
        expect(message.trim(), key).not.toBe("");
        const mine = [...argumentsOf(parse(message))].sort();
        const english = [...argumentsOf(parse(en[key as keyof typeof en]))].sort();
        expect(mine, `${language} ${key}`).toEqual(english);
      }
    });
  }

  it("formats with ICU: numbers in the locale, plurals and selects", () => {
    const t = translator({
      language: "de",
      locale: "de-DE",
      messages: {
        "footer.copyright": compileMessage("© {year, number, ::group-off} Third Place."),
        "watch.signIn": compileMessage("{count, plural, =0 {keine} one {# Bar} other {# Bars}} · {kind, select, quiet {ruhig} other {{share, number, ::percent}}}"),
      },
    });
    expect(t("footer.copyright", { year: 2025 })).toBe("© 2025 Third Place.");
    expect(t("watch.signIn", { count: 0, kind: "quiet" })).toBe("keine · ruhig");
    expect(t("watch.signIn", { count: 1234, kind: "packed", share: 0.5 })).toBe("1.234 Bars · 50\u00a0%");
    // A key the page was not given reads as the key, never as another language.
    expect(t("header.about")).toBe("header.about");
  });

  it("the pseudo-locale: accented, about 35 % longer, ICU arguments and their options intact", () => {
    expect(pseudoMessage("Learn More")).toBe("[Ļéáŕñ Ṁöŕé ~~~~]");
    const plural = pseudoMessage("{count, plural, one {# venue} other {# venues}} open");
    expect(plural).toMatch(/^\[\{count, plural, one \{# ṽéñûé\} other \{# ṽéñûéš\}\} öþéñ ~+\]$/);
    const t = translator({ language: "en-XA", locale: "en-XA", messages: { "header.about": compileMessage(plural) } });
    expect(t("header.about", { count: 2 })).toMatch(/^\[2 ṽéñûéš öþéñ ~+\]$/);
    // The text people read, without the arguments' definitions ({year, number, …}).
    const text = (message: string) => message.replace(/\{[^{}]*\}/g, "").length;
    for (const [key, message] of Object.entries(CATALOGUES["en-XA"])) {
      expect(text(message), key).toBeGreaterThanOrEqual(Math.floor(text(en[key as keyof typeof en]) * 1.3));
    }
  });
});

/** Values for a message's arguments, one set per case its plurals, selects and numbers can take. */
function sampleValues(elements: MessageFormatElement[]): Record<string, string | number | Date>[] {
  const samples: Record<string, string | number | Date>[] = [0, 1, 2, 21, 1234.5].map(() => ({}));
  const visit = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.plural || element.type === TYPE.number) samples.forEach((values, i) => (values[element.value] = [0, 1, 2, 21, 1234.5][i]));
      else if (element.type === TYPE.select) {
        const options = Object.keys(element.options);
        samples.forEach((values, i) => (values[element.value] = options[i % options.length]));
      } else if (element.type === TYPE.date || element.type === TYPE.time) samples.forEach((values) => (values[element.value] = new Date(Date.UTC(2026, 2, 29, 1, 30))));
      else if (element.type === TYPE.argument) samples.forEach((values) => (values[element.value] = "Zoë"));
      if ("options" in element) for (const option of Object.values(element.options)) visit(option.value);
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(elements);
  return samples;
}

describe("compiled messages (docs/languages.md#no-icu-parser-in-the-browser)", () => {
  it("the formatter has no parser here, as in the browser: an ICU string throws", () => {
    expect(() => new IntlMessageFormat("{count, plural, one {#} other {#}}", "en")).toThrow(/uncompiled message/);
  });

  it("a message of text alone is its text, ICU's quotes undone; any other an AST without skeleton tokens", () => {
    expect(compileMessage("Learn More")).toBe("Learn More");
    expect(compileMessage("We're open")).toBe("We're open");
    expect(compileMessage("Write '{'name'}' here, it''s fine")).toBe("Write {name} here, it's fine");
    expect(compileMessage("")).toBe("");
    expect(compileMessage("© {year, number, ::group-off} Third Place.")).toEqual([
      { type: TYPE.literal, value: "© " },
      { type: TYPE.number, value: "year", style: { type: 0, parsedOptions: { useGrouping: false } } },
      { type: TYPE.literal, value: " Third Place." },
    ]);
  });

  for (const language of Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[]) {
    it(`${language}: every key formats from its compiled form as from its ICU source`, () => {
      const locale = visitorLocale(language, null);
      const t = translator({ language, locale, messages: compiledCatalogue(language) });
      for (const [key, message] of Object.entries(CATALOGUES[language])) {
        // What intl-messageformat did with the string: parsed in the resolved locale, then formatted.
        const source = new IntlMessageFormat(parse(message, { locale: new Intl.Locale(locale) }), locale);
        for (const values of sampleValues(parse(message))) {
          expect(t(key as keyof typeof en, values), `${language} ${key} ${JSON.stringify(values)}`).toBe(String(source.format(values)));
        }
      }
    });
  }

  it("the compiled catalogues are about as long as their sources, gzipped (the data island carries them)", async () => {
    const gzipped = async (value: unknown) =>
      (await new Response(new Response(JSON.stringify(value)).body!.pipeThrough(new CompressionStream("gzip"))).arrayBuffer()).byteLength;
    for (const language of Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[]) {
      expect(await gzipped(compiledCatalogue(language)), language).toBeLessThan((await gzipped(CATALOGUES[language])) * 1.05);
    }
  });
});

describe("choosing the language and the locale", () => {
  it("reads the path's language; English has none", () => {
    expect(pathLanguage("/es/about")).toEqual({ language: "es", path: "/about" });
    expect(pathLanguage("/ja")).toEqual({ language: "ja", path: "/" });
    expect(pathLanguage("/ja/")).toEqual({ language: "ja", path: "/" });
    expect(pathLanguage("/en-xa/faq")).toEqual({ language: "en-XA", path: "/faq" });
    expect(pathLanguage("/about")).toEqual({ language: "en", path: "/about" });
    // "/en/…" is not a prefix (English is at the root), nor a language we lack.
    expect(pathLanguage("/en/about")).toEqual({ language: "en", path: "/en/about" });
    expect(pathLanguage("/fr/about")).toEqual({ language: "en", path: "/fr/about" });
    expect(localizedPath("de", "/profile/x")).toBe("/de/profile/x");
    expect(localizedPath("en", "/")).toBe("/");
  });

  it("orders Accept-Language by q, leaving out q=0 and *", () => {
    expect(acceptedTags("de-CH, en;q=0.5, fr;q=0.9, es;q=0, *;q=0.1")).toEqual(["de-CH", "fr", "en"]);
    expect(preferredLanguage("fr-FR, ja;q=0.8, es;q=0.7")).toBe("ja");
    expect(preferredLanguage("fr, it")).toBeNull();
    expect(preferredLanguage(null)).toBeNull();
    expect(suggestedLanguage("en", "es-MX,es;q=0.9")).toBe("es");
    expect(suggestedLanguage("es", "es-MX,es;q=0.9")).toBeNull();
    expect(suggestedLanguage("en-XA", "es")).toBeNull();
  });

  it("gives the locale the visitor's region in the page's language, else the language's usual one", () => {
    expect(visitorLocale("es", "es-MX, en;q=0.5")).toBe("es-MX");
    expect(visitorLocale("en", "en-GB")).toBe("en-GB");
    expect(visitorLocale("en", "de-DE, en;q=0.5")).toBe("en-US");
    expect(visitorLocale("de", "de-AT")).toBe("de-AT");
    expect(visitorLocale("ja", null)).toBe("ja-JP");
    expect(visitorLocale("de", "de-not-a-tag-x")).toBe("de-DE");
  });

  it("lists every language as an alternate, and English as x-default", () => {
    expect(languageAlternates("https://t.test", "/faq").map(({ hreflang }) => hreflang)).toEqual([...LANGUAGES, "x-default"]);
    expect(languageAlternates("https://t.test", "/faq").at(-1)?.href).toBe("https://t.test/faq");
  });
});

/**
 * The files whose JSX still has literal words (docs/languages.md#remaining-work). Every other .tsx
 * under client/ takes its words from the catalogues, so a new file is checked from its first line;
 * a file leaves this list once converted (the last test fails while it is listed but clean).
 */
const NOT_YET_CONVERTED = new Set([
  "client/app/PushPrompt.tsx",
  "client/app/SaveButton.tsx",
  "client/app/friends/CheckInControl.tsx",
  "client/app/friends/CheckedInReminder.tsx",
  "client/app/friends/InviteLink.tsx",
  "client/components/AccountBar.tsx",
  "client/components/HandoffPrompt.tsx",
  "client/components/NeedsJavaScript.tsx",
  "client/components/PlaceAccess.tsx",
  "client/map/VenueMap.tsx",
  "client/pages/ErrorPage.tsx",
  "client/pages/NotFound.tsx",
  "client/pages/SubmissionForm.tsx",
  "client/pages/SubmitBusiness.tsx",
  "client/pages/admin/Admin.tsx",
  "client/pages/admin/AdminConsole.tsx",
  "client/pages/admin/AdminGate.tsx",
  "client/pages/admin/EditEvent.tsx",
  "client/pages/admin/ManageEvents.tsx",
  "client/pages/admin/sections/AdminEventEditor.tsx",
  "client/pages/admin/sections/AdminEventList.tsx",
  "client/pages/admin/sections/AdminTable.tsx",
  "client/pages/admin/sections/AnnouncementPause.tsx",
  "client/pages/admin/sections/BusinessForm.tsx",
  "client/pages/admin/sections/DeadLetters.tsx",
  "client/pages/admin/sections/KeyOnce.tsx",
  "client/pages/admin/sections/LiveLookModeration.tsx",
  "client/pages/admin/sections/ManageBusinesses.tsx",
  "client/pages/admin/sections/ManageDevices.tsx",
  "client/pages/admin/sections/ManageMaxDevices.tsx",
  "client/pages/admin/sections/ManageTags.tsx",
  "client/pages/admin/sections/MessageReports.tsx",
  "client/pages/admin/sections/ReviewModeration.tsx",
  "client/pages/admin/sections/Submissions.tsx",
  "client/pages/admin/sections/TtnIntegration.tsx",
  "client/pages/admin/useModerationQueue.tsx",
  "client/pages/app/AcceptFriendInvite.tsx",
  "client/pages/app/Friends.tsx",
  "client/pages/app/Inbox.tsx",
  "client/pages/app/Passkeys.tsx",
  "client/pages/app/SavedEvents.tsx",
  "client/pages/app/SavedPlaces.tsx",
  "client/pages/app/SavedSpecials.tsx",
  "client/pages/app/Settings.tsx",
  "client/pages/app/Watching.tsx",
  "client/pages/app/chat/ChatPanel.tsx",
  "client/pages/app/messages/ConversationPage.tsx",
  "client/pages/app/messages/Messages.tsx",
  "client/pages/app/plans/NewPlan.tsx",
  "client/pages/app/plans/PlanPage.tsx",
  "client/pages/app/plans/Plans.tsx",
  "client/pages/auth/AcceptInvite.tsx",
  "client/pages/auth/SignIn.tsx",
  "client/pages/dashboard/AlertsPanel.tsx",
  "client/pages/dashboard/AnnouncementsPanel.tsx",
  "client/pages/dashboard/CalibrationPanel.tsx",
  "client/pages/dashboard/ChartCard.tsx",
  "client/pages/dashboard/DailyComparison.tsx",
  "client/pages/dashboard/Dashboard.tsx",
  "client/pages/dashboard/DataPanel.tsx",
  "client/pages/dashboard/DeviceBadge.tsx",
  "client/pages/dashboard/EmbedSnippets.tsx",
  "client/pages/dashboard/ForecastView.tsx",
  "client/pages/dashboard/ImportHistory.tsx",
  "client/pages/dashboard/InviteOwner.tsx",
  "client/pages/dashboard/KeyTrendsPanel.tsx",
  "client/pages/dashboard/LiveLooksPanel.tsx",
  "client/pages/dashboard/MenuEditor.tsx",
  "client/pages/dashboard/Overview.tsx",
  "client/pages/dashboard/PlaceDashboard.tsx",
  "client/pages/dashboard/PlaceDetails.tsx",
  "client/pages/dashboard/PlaceInfo.tsx",
  "client/pages/dashboard/SpecialsPanel.tsx",
  "client/pages/dashboard/WeekAndExport.tsx",
  "client/pages/dashboard/events/CategoryEditor.tsx",
  "client/pages/dashboard/events/EventCards.tsx",
  "client/pages/dashboard/events/EventForm.tsx",
  "client/pages/dashboard/events/EventInsights.tsx",
  "client/pages/dashboard/events/EventsManager.tsx",
  "client/pages/live/LiveLookForm.tsx",
  "client/pages/live/LiveLooks.tsx",
  "client/pages/live/LiveMap.tsx",
  "client/pages/live/ReportActions.tsx",
  "client/pages/live/Reviews.tsx",
  "client/pages/marketing/Faq.tsx",
  "client/pages/marketing/FaqAccordion.tsx",
]);
/** Every .tsx under client/, read by the bundler as text. */
const SOURCES = import.meta.glob<string>("../../client/**/*.tsx", { query: "?raw", import: "default", eager: true });
const FILES = Object.keys(SOURCES).map((key) => key.slice("../../".length));

/** Names that are the same in every language. */
const NAMES = new Set(["Third Place"]);
/** Attributes people read or hear. */
const READ_ATTRIBUTES = new Set(["aria-label", "alt", "title", "placeholder", "label", "aria-description"]);

/** An element marked `translate="no"` (HTML's own mark: a name, the same in every language). */
const untranslated = (node: ts.Node) =>
  ts.isJsxElement(node) &&
  node.openingElement.attributes.properties.some((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText() === "translate" && attribute.initializer?.getText() === '"no"');

/** Literal words in a file's JSX: text between tags and read attributes given as a string. */
function literalWords(file: string, text = SOURCES[`../../${file}`]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (untranslated(node)) return;
    if (ts.isJsxText(node)) {
      const text = node.getText().trim();
      if (/\p{L}/u.test(text) && !NAMES.has(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const literal = value && (ts.isStringLiteral(value) ? value : ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression) ? value.expression : null);
      if (literal && /\p{L}/u.test(literal.text)) found.push(`${node.name.getText()}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("no literal words in JSX", () => {
  it("finds them where they are, and not in names or what is marked translate=no", () => {
    const sample = '<p title="Close">Open <strong>{name}</strong> now<span translate="no">Kupferkessel</span>Third Place</p>';
    expect(literalWords("sample.tsx", `const x = ${sample};`)).toEqual(['title="Close"', "Open", "now"]);
  });
  for (const file of FILES.filter((name) => !NOT_YET_CONVERTED.has(name))) {
    it(file, () => {
      expect(literalWords(file)).toEqual([]);
    });
  }
  it("lists as not yet converted only files that still have literal words, and only files that exist", () => {
    for (const file of NOT_YET_CONVERTED) {
      expect(FILES, file).toContain(file);
      expect(literalWords(file).length, file).toBeGreaterThan(0);
    }
  });
});
