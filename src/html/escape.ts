// Escaping text for HTML, shared by every part that writes pages (the site, the dashboard); it
// imports nothing, so any of them may use it.

/** `text` safe inside an element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
