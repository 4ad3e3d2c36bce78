// Copying text for the visitor: the Clipboard API, or a selection copy where it is unavailable.

/** Copies `text`; where the Clipboard API is refused, selects `field` and copies the selection. */
export async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand("copy");
  }
}
