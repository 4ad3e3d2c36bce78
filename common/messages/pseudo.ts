// The pseudo-locale (docs/languages.md#the-pseudo-locale): English with every letter accented and
// about 35 % more characters, in brackets, so text that is cut off, hard-coded or joined from
// pieces shows on sight. Only the text of a message changes: an ICU argument ({count, plural, one
// {…}}) keeps its name and keywords, and the text of its options is text again.
import { en, type Catalogue } from "./en";

const ACCENTED: Record<string, string> = {
  a: "á", b: "ƀ", c: "ç", d: "ð", e: "é", f: "ƒ", g: "ĝ", h: "ĥ", i: "î", j: "ĵ", k: "ķ", l: "ļ", m: "ɱ",
  n: "ñ", o: "ö", p: "þ", q: "ǫ", r: "ŕ", s: "š", t: "ţ", u: "û", v: "ṽ", w: "ŵ", x: "ẋ", y: "ý", z: "ž",
  A: "Á", B: "Ɓ", C: "Ç", D: "Ð", E: "É", F: "Ƒ", G: "Ĝ", H: "Ĥ", I: "Î", J: "Ĵ", K: "Ķ", L: "Ļ", M: "Ṁ",
  N: "Ñ", O: "Ö", P: "Þ", Q: "Ǫ", R: "Ŕ", S: "Š", T: "Ţ", U: "Û", V: "Ṽ", W: "Ŵ", X: "Ẋ", Y: "Ý", Z: "Ž",
};

/** How much longer a message gets: German runs about a third longer than English. */
export const PSEUDO_GROWTH = 0.35;

/** The padding's longest word: about a long German compound's length. */
const PAD_WORD = 12;

/** One message in the pseudo-locale: text (at an even depth of braces) accented, then padded. */
export function pseudoMessage(message: string): string {
  let depth = 0;
  let out = "";
  let text = 0;
  for (const char of message) {
    if (char === "{") depth += 1;
    else if (char === "}") depth -= 1;
    else if (depth % 2 === 0) {
      out += ACCENTED[char] ?? char;
      text += 1;
      continue;
    }
    out += char;
  }
  // In words of at most PAD_WORD: one run of 70 tildes would be a word no language has, overflowing any phone.
  const tildes = "~".repeat(Math.ceil(Math.max(text, 1) * PSEUDO_GROWTH));
  const padding = tildes.match(new RegExp(`~{1,${PAD_WORD}}`, "g"))!.join(" ");
  return `[${out} ${padding}]`;
}

export const pseudo = Object.fromEntries(Object.entries(en).map(([key, message]) => [key, pseudoMessage(message)])) as Catalogue;
