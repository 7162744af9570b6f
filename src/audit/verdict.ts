// Builders of check results, so every check words its verdict the same way: evidence from what was
// fetched, and a fix only when something is to be fixed.
import type { Fetched } from './context.ts';
import { quote } from './context.ts';
import type { CheckId, CheckResult, Evidence } from './report.ts';

export function evidence(fetched: Pick<Fetched, 'url' | 'status'>, value?: string): Evidence {
  return value === undefined
    ? { url: fetched.url, status: fetched.status }
    : { url: fetched.url, status: fetched.status, value: quote(value) };
}

export const pass = (id: CheckId, message: string, proof: Evidence): CheckResult => ({
  id,
  status: 'pass',
  message,
  evidence: proof,
  fix: null,
});
export const skip = (id: CheckId, message: string, proof: Evidence): CheckResult => ({
  id,
  status: 'skip',
  message,
  evidence: proof,
  fix: null,
});
export const fail = (id: CheckId, message: string, proof: Evidence, fix: string): CheckResult => ({
  id,
  status: 'fail',
  message,
  evidence: proof,
  fix,
});
export const warn = (id: CheckId, message: string, proof: Evidence, fix: string): CheckResult => ({
  id,
  status: 'warn',
  message,
  evidence: proof,
  fix,
});

/** The body parsed as JSON, or undefined when it is not JSON (or is nested too deep to read). */
export function json(fetched: Fetched): unknown {
  const result = parseJson(fetched.text);
  return result.ok ? result.value : undefined;
}

/** Deepest nesting of arrays and objects read: far beyond any real document, far below the stack's limit. */
export const maxJsonDepth = 64;

/**
 * `text` parsed as JSON, or why not. Nesting is measured first, in one pass that allocates nothing,
 * so a document nested 300 000 levels deep is refused before the parser builds it, and nothing that
 * walks a parsed document (the checks, zod, JSON.stringify) can run out of stack.
 */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (nestingExceeds(text, maxJsonDepth)) return { ok: false, problem: `nested more than ${maxJsonDepth} levels` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}

function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

export const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json');
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const ok = (fetched: Fetched): boolean => fetched.status >= 200 && fetched.status < 300;

/** `3 skills`, `1 skill`: counts in messages read as English. */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
