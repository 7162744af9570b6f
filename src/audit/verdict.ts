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

/** The body parsed as JSON, or undefined when it is not JSON. */
export function json(fetched: Fetched): unknown {
  try {
    return JSON.parse(fetched.text);
  } catch {
    return undefined;
  }
}

export const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json');
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const ok = (fetched: Fetched): boolean => fetched.status >= 200 && fetched.status < 300;

/** `3 skills`, `1 skill`: counts in messages read as English. */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
