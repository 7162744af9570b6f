// Public input (search text, a caller family, an enquiry field, a remote server's error) shown to
// the operator, in the terminal (the CLI) or the dashboard, must not act on what shows it: an ESC
// sequence can set a terminal's title or clear it, BEL rings, a C1 CSI is an escape of its own, and
// bidirectional controls (U+202E…) reorder what is shown. Every such character is taken out here,
// the one place both adapters call; line breaks between lines of output are kept.

// C0 controls but the line feed, DEL and C1 controls, the line and paragraph separators, and the
// bidirectional marks, embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is removed.
const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** `text` without control or bidirectional characters (line feeds kept). */
export function printable(text: string): string {
  return text.replace(unprintable, '');
}

/** JSON of `value` with every such character written as a `\uXXXX` escape: the same data, inert. */
export function printableJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    unprintable,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
