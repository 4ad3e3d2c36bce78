// Text inside the HTML and XML the worker writes itself (the API reference page, the live badge and
// widget, the sitemap): content and attribute values alike.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
