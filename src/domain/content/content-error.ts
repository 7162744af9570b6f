// The one error the content loader throws: it names the file (relative to the content folder) and
// the field, so a non-developer editing content can find the mistake.
import type { z } from 'zod';

export class ContentError extends Error {
  readonly file: string;
  readonly field: string | undefined;

  constructor(file: string, field: string | undefined, problem: string) {
    super(field ? `${file}: field "${field}" ${problem}` : `${file}: ${problem}`);
    this.name = 'ContentError';
    this.file = file;
    this.field = field;
  }
}

/** Parses `data` with `schema`, or throws a ContentError for the first issue found. */
export function validate<T extends z.ZodType>(schema: T, data: unknown, file: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  // A misspelt field also makes the real one "missing"; naming the misspelling helps more.
  const issue = result.error.issues.find((i) => i.code === 'unrecognized_keys') ?? result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return fail(file, formatPath([...issue.path, issue.keys[0]!]), 'is not a known field (check the spelling)');
  }
  const field = issue.path.length ? formatPath(issue.path) : undefined;
  const problem = /received undefined/.test(issue.message) ? 'is required' : issue.message;
  return fail(file, field, problem);
}

function fail(file: string, field: string | undefined, problem: string): never {
  throw new ContentError(file, field, problem);
}

function formatPath(path: PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');
}
