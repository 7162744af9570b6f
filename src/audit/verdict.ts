// Builders of check results, so every check words its verdict the same way: evidence from what was
// fetched, and a fix only when something is to be fixed.
import type { Fetched } from './context.ts';
import type { AuditReport, CheckId, CheckResult, CheckStatus, Evidence } from './report.ts';
import { printable } from '../kernel/printable-text.ts';
import { reportTextLimits, siteText } from './site-text.ts';

/** What was fetched for a verdict, and the deciding value quoted from it. */
export function evidence(fetched: Pick<Fetched, 'url' | 'status'>, value?: string): Evidence {
  return value === undefined
    ? { url: fetched.url, status: fetched.status }
    : { url: fetched.url, status: fetched.status, value };
}

/**
 * Every check result is made here, so every message and piece of evidence (which may quote the
 * site) is bounded and inert, whatever check wrote it.
 */
export function verdict(
  id: CheckId,
  status: CheckStatus,
  message: string,
  proof: Evidence,
  fix: string | null,
): CheckResult {
  const { url, status: answered, value } = proof;
  return {
    id,
    status,
    message: siteText(message, reportTextLimits.message),
    evidence: {
      url: siteText(url, reportTextLimits.url),
      status: answered,
      ...(value !== undefined && { value: siteText(value, reportTextLimits.value) }),
    },
    fix,
  };
}

/**
 * A report with every text bounded and made inert again: what a report kept from before these
 * bounds existed is read back as, so every page shows it as it would show a new one.
 */
export function reboundReport(report: AuditReport): AuditReport {
  return {
    ...report,
    // The URL audited is the normalised href of an address of at most maxAuditUrlLength characters.
    url: printable(report.url),
    checks: report.checks.map((check) => verdict(check.id, check.status, check.message, check.evidence, check.fix)),
  };
}

export const pass = (id: CheckId, message: string, proof: Evidence): CheckResult =>
  verdict(id, 'pass', message, proof, null);
export const skip = (id: CheckId, message: string, proof: Evidence): CheckResult =>
  verdict(id, 'skip', message, proof, null);
export const fail = (id: CheckId, message: string, proof: Evidence, fix: string): CheckResult =>
  verdict(id, 'fail', message, proof, fix);
export const warn = (id: CheckId, message: string, proof: Evidence, fix: string): CheckResult =>
  verdict(id, 'warn', message, proof, fix);

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
