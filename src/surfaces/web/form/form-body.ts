// Decodes the form's application/x-www-form-urlencoded body strictly: a value whose percent-encoded
// bytes are not well-formed UTF-8 is a field error, never silently turned into U+FFFD.
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../../../kernel/errors.ts';
import { acceptBodiesOf, decodeUtf8Body } from '../../../http/json-body.ts';

// Browsers send empty optional inputs as "": for the form, empty means "not given".
const optional = new Set(['organization', 'agentId', 'topic']);

export type FormFields = Record<string, string | string[]>;

/** A decoded form: the fields that decoded, and a field error for each that did not. */
export interface FormBody {
  fields: FormFields;
  problems: FieldError[];
}

/** Decodes one name or value: `+` is a space, and decodeURIComponent refuses malformed or non-UTF-8 escapes. */
function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * Decodes an urlencoded form body. Repeated or unknown names are kept for validation to report;
 * undecodable values become problems, so the page can report them with the values that did decode.
 */
export function parseFormBody(body: Buffer): FormBody {
  const text = decodeUtf8Body(body);
  const values = new Map<string, string | string[]>();
  const problems: FieldError[] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    const value = decodeComponent(at < 0 ? '' : pair.slice(at + 1));
    if (name === undefined) {
      problems.push({ field: 'body', message: 'has a field name that is not valid UTF-8' });
      continue;
    }
    if (value === undefined) {
      problems.push({ field: name, message: 'is not valid UTF-8 text' });
      continue;
    }
    if (optional.has(name) && value.trim() === '') continue;
    const existing = values.get(name);
    values.set(name, existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]);
  }
  return { fields: Object.fromEntries(values), problems };
}

/** Makes `scope` (a form's routes) read urlencoded bodies alone, up to the body limit, with parseFormBody. */
export function acceptFormBodies(scope: FastifyInstance): void {
  acceptBodiesOf(scope, 'application/x-www-form-urlencoded', parseFormBody);
}
