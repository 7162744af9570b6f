// Turns zod issues into the ValidationError entries of a 400: one entry per failing field (every
// unknown field gets its own entry), with messages a caller can act on and no library wording.
// Inputs are parsed with `reportInput`, which zod 4 needs to tell a missing field from a mistyped one.
import type { z } from 'zod';
import { invalidRequest, type FieldError } from '../kernel/errors.ts';

/** Parses `input` with `schema`, or throws AppError invalid_request listing every failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, root = 'body'): z.output<S> {
  const result = validate(schema, input);
  if (result.success) return result.data;
  throw invalidRequest(fieldErrors(result.error.issues, root));
}

/** Parses `input` with `schema`, keeping each failing value in its issue (see fieldErrors). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(input, { reportInput: true });
}

/**
 * One FieldError per failing field, in the order zod found them. The issues must come from
 * `validate` (or a parse with `reportInput`), else every mistyped field reads as missing.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], root = 'body'): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string): void => {
    if (seen.has(field)) return;
    seen.add(field);
    errors.push({ field, message });
  };
  for (const issue of issues) {
    const base = issue.path.length > 0 ? issue.path.map(String).join('.') : root;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(issue.path.length > 0 ? `${base}.${key}` : key, 'is not a known field');
      continue;
    }
    add(base, describe(issue));
  }
  return errors;
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${article(issue.expected)}, not ${typeName(issue.input)}`;
    case 'too_small':
      if (issue.origin !== 'string') return `must be at least ${String(issue.minimum)}`;
      return Number(issue.minimum) === 1
        ? 'must not be empty'
        : `must be at least ${String(issue.minimum)} characters long`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${String(issue.maximum)} characters long`
        : `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'email' ? 'must be an e-mail address' : `must match the ${issue.format} format`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'custom':
      // Only our own refinements (enquiries/text.ts) raise custom issues, each with its message.
      return issue.message;
    default:
      return 'is invalid';
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}
