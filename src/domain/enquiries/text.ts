// What an enquiry's text may contain: only what is stored exactly as accepted (well-formed Unicode)
// and shows safely in a CRM, an e-mail or a terminal (no controls, one line where meant, visible).
import { z } from 'zod';

/** C0 and C1 controls (ESC starts ANSI escapes, NUL cannot be stored in PostgreSQL text). */
const control = /\p{Cc}/u;
/** Controls a multi-line text keeps: tab and line breaks. */
const textLayout = /[\t\n\r]/g;
/** Line breaks, including the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NEL, VT and FF are line breaks to find.
const lineBreak = /[\n\r\u2028\u2029\u0085\u000b\u000c]/;
/** Bidirectional embeddings, overrides and isolates: they reorder how the rest of a line reads. */
const bidiControl = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Characters that show nothing on their own: white space, controls, format characters (zero-width
 * space, joiners, BOM), default-ignorables (fillers, variation selectors), combining marks, and the
 * blank Braille pattern.
 */
const invisible = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

export type TextShape = 'line' | 'multiline';

/** The first rule `value` breaks, as a field message, or undefined when it may be stored. */
export function textProblem(value: string, shape: TextShape): string | undefined {
  if (!value.isWellFormed()) return 'contains an unpaired surrogate, which is not valid Unicode text';
  if (shape === 'line' && lineBreak.test(value)) return 'must be a single line, without line breaks';
  const controls = shape === 'line' ? value : value.replace(textLayout, '');
  if (control.test(controls)) return 'must not contain control characters';
  if (shape === 'line' && bidiControl.test(value)) return 'must not contain bidirectional text controls';
  if (value !== '' && value.replace(invisible, '') === '') return 'must contain visible characters';
  return undefined;
}

/** A trimmed string field with the text rules of `shape` checked before its length bounds. */
export function textField(shape: TextShape): z.ZodString {
  return z
    .string()
    .trim()
    .check((ctx) => {
      const message = textProblem(ctx.value, shape);
      if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: false });
    });
}
