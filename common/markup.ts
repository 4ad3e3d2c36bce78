// Text inside the HTML and XML the app writes as text (the API reference page, the live badge and
// widget, the sitemap, the snippets owners copy): content and attribute values alike.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
