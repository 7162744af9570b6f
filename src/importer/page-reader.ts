// What one fetched address is to the import: a page (its facts extracted), a failure, or something
// that is not a page to import (not HTML, or the same page as one already read under another address).
import { createHash } from 'node:crypto';
import { decodeHtml } from './decode.ts';
import { extractPage } from './extract.ts';
import { pageLanguage } from './language.ts';
import type { Fetched } from './fetch-page.ts';
import type { PageFacts } from './extract.ts';

export interface CrawledPage {
  url: URL;
  /** Its address on the origin as requested, e.g. /about.html. */
  source: string;
  facts: PageFacts;
  lastModified?: string;
  /** What it is written in: its `<html lang>`, Content-Language or text (language.ts). */
  language?: string;
  /** The page's ETag as the origin sent it: front mode compares it with the one the origin sends later. */
  etag?: string;
}

export type Outcome = { page: CrawledPage } | { failed: string } | { passed: string } | { duplicate: true };

export interface ReadSoFar {
  /** Final addresses read: two addresses that redirect to one page are one page. */
  finals: Set<string>;
  /** SHA-256 of each body read, with its address: "/" and "/index.html" are often one page. */
  bodies: Map<string, string>;
}

export function readPage(requested: URL, got: Extract<Fetched, { ok: true }>, seen: ReadSoFar): Outcome {
  if (seen.finals.has(got.url.href)) return { duplicate: true };
  seen.finals.add(got.url.href);
  if (!/^(?:text\/html|application\/xhtml\+xml)\b/i.test(got.contentType))
    return { passed: `not an HTML page (${got.contentType.split(';')[0] || 'no type'})` };
  const digest = createHash('sha256').update(got.body).digest('hex');
  const twin = seen.bodies.get(digest);
  if (twin !== undefined) return { passed: `the same page as ${twin}` };
  seen.bodies.set(digest, requested.pathname);
  try {
    const facts = extractPage(decodeHtml(got.body, got.contentType), got.url);
    const source = `${requested.pathname}${requested.search}`;
    const ownAlternate = facts.alternates.find((alternate) => alternate.url.pathname === got.url.pathname)?.language;
    const language = pageLanguage({
      ...facts,
      ownAlternate,
      ...(got.contentLanguage && { contentLanguage: got.contentLanguage }),
    });
    return {
      page: {
        url: got.url,
        source,
        facts,
        ...(got.lastModified && { lastModified: got.lastModified }),
        ...(got.etag && { etag: got.etag }),
        ...(language && { language }),
      },
    };
  } catch (error) {
    return { failed: `could not be read as HTML (${(error as Error).message})` };
  }
}
