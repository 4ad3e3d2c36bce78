// Text inside the HTML and XML the app writes as text (the API reference page, the live badge and
// widget, the sitemap, the snippets owners copy): content and attribute values alike.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/**
 * Text XML 1.0 can hold (issue 37: one control character in a venue's name broke its live badge):
 * tabs and line breaks become spaces; the other C0 controls, DEL, the C1 controls, lone surrogates
 * and U+FFFE/U+FFFF go. Escape the result as usual.
 */
export const xmlText = (text: string) =>
  text.replace(/[\t\n\r]/g, " ").replace(/[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "");
