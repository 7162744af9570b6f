// The command line of `agentsite import <url> --out <folder>` and the bounds of one import: what it
// may cost the origin (two requests at a time, a page count, a deadline) and this machine (bytes per
// page). Parsed here so the CLI wiring stays one line.
import path from 'node:path';
import { parseArgs } from 'node:util';
import pkg from '../../package.json' with { type: 'json' };
import { portFetchRefuses, refusedPortProblem } from '../kernel/fetch-ports.ts';

export interface ImportLimits {
  maxPages: number;
  maxPageBytes: number;
  /** The whole import, sitemaps and pages. */
  timeLimitMs: number;
  requestTimeoutMs: number;
  concurrency: number;
  maxRedirects: number;
  /** importUserAgent(the start URL). */
  userAgent: string;
}

/** Where the command prints: lines, errors, and a progress line that replaces itself (terminals only). */
export interface ImportIo {
  out(line: string): void;
  err(line: string): void;
  progress?: (text: string) => void;
}

export interface ImportOptions {
  start: URL;
  out: string;
  limits: ImportLimits;
  /** Deletes the unedited files of pages the origin no longer has (front mode's recrawl does). */
  removeGone?: boolean;
  /** Ends the import early, as its time limit does (the service stopping). */
  signal?: AbortSignal;
}

/** The token robots.txt groups are matched against, and the User-Agent's product name. */
export const robotsAgent = 'agentsite-import';

/**
 * What the origin's logs show: the product and its version, the token its robots.txt can name, and
 * the site the import runs for (the one imported: an agency imports its own site to put agentsite in
 * front of it), so whoever reads the log knows what read the site and for whom.
 * @example importUserAgent(new URL('https://www.agency.example/en/'))
 * // 'agentsite-import/1.0.0 (+https://www.agency.example; content import for this site)'
 */
export function importUserAgent(start: URL): string {
  return `${robotsAgent}/${pkg.version} (+${start.origin}; content import for this site)`;
}

export const defaultLimits: Omit<ImportLimits, 'userAgent'> = {
  maxPages: 500,
  maxPageBytes: 5 * 1024 * 1024,
  timeLimitMs: 10 * 60_000,
  requestTimeoutMs: 15_000,
  concurrency: 2,
  maxRedirects: 5,
};

export class ImportUsageError extends Error {}

export const importUsage = `Usage: agentsite import <url> --out <folder> [--max-pages N] [--time-limit SECONDS]
  Reads the site at <url> (its sitemaps, then its links) into a content folder.
  Exit 0: every page imported; 1: some failed (each listed); 2: bad URL or the origin does not answer.
  See docs/import.md.
`;

/** Parses the command's own arguments (after "import"); throws ImportUsageError with what is wrong. */
export function parseImportArgs(argv: string[]): ImportOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: {
      out: { type: 'string', short: 'o' },
      'max-pages': { type: 'string' },
      'time-limit': { type: 'string' },
    },
  });
  const unknown = Object.keys(values).find((key) => !['out', 'max-pages', 'time-limit'].includes(key));
  if (unknown) throw new ImportUsageError(`unknown option --${unknown}`);
  if (positionals.length !== 1) throw new ImportUsageError('import takes one URL');
  const start = parseStartUrl(positionals[0]!);
  if (typeof values.out !== 'string' || !values.out.trim()) throw new ImportUsageError('import needs --out <folder>');
  return {
    start,
    out: path.resolve(values.out),
    limits: {
      ...defaultLimits,
      userAgent: importUserAgent(start),
      maxPages: whole(values['max-pages'], '--max-pages', defaultLimits.maxPages, 100_000),
      timeLimitMs: whole(values['time-limit'], '--time-limit', defaultLimits.timeLimitMs / 1000, 86_400) * 1000,
    },
  };
}

/** An http(s) URL with a host; anything else is a bad URL (exit 2). */
export function parseStartUrl(text: string): URL {
  if (!URL.canParse(text)) throw new ImportUsageError(`"${text.slice(0, 100)}" is not a URL`);
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ImportUsageError(`"${text.slice(0, 100)}" is not an http or https URL`);
  if (!url.hostname) throw new ImportUsageError(`"${text.slice(0, 100)}" has no host`);
  const refusedPort = portFetchRefuses(url.href);
  if (refusedPort !== undefined)
    throw new ImportUsageError(`"${text.slice(0, 100)}" ${refusedPortProblem(refusedPort)}`);
  url.hash = '';
  return url;
}

function whole(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw new ImportUsageError(`${name} must be a whole number from 1 to ${max}`);
  return Number(value);
}
