// Walks the site: robots.txt, then the pages its sitemaps list, then same-origin links found on the
// pages, two requests at a time, until every page is read, --max-pages is reached or the time limit
// runs out. Only pages robots.txt allows for our User-Agent are read; addresses that are plainly not
// pages (images, stylesheets, downloads) and links with a query string (filters and sort orders of a
// listing, the same page many times) are not requested at all.
import { type CrawledPage, type ReadSoFar, readPage } from './page-reader.ts';
import type { PageFetcher } from './fetch-page.ts';
import type { ImportLimits } from './options.ts';
import { readRobots, readSitemaps, type SitemapResult } from './sitemaps.ts';

export interface CrawlReport {
  /** Where the start URL led (after its redirects): the site imported. */
  start: URL;
  pages: CrawledPage[];
  failed: { url: string; reason: string }[];
  /** Addresses that were not imported and are no failure: not HTML, refused by robots.txt. */
  passed: { url: string; reason: string }[];
  robots: string;
  sitemaps: SitemapResult;
  /** Known addresses left unread because --max-pages was reached, or because time ran out. */
  leftAtMaxPages: number;
  leftAtTimeLimit: number;
}

const notPages =
  /\.(?:css|js|mjs|json|xml|txt|png|jpe?g|gif|webp|avif|svg|ico|bmp|pdf|zip|gz|rar|7z|mp3|mp4|webm|mov|avi|woff2?|ttf|eot|otf|docx?|xlsx?|pptx?|csv)$/i;

export type Progress = (done: number, limit: number, current: string) => void;

export async function crawl(
  requested: URL,
  limits: ImportLimits,
  fetcher: PageFetcher,
  deadline: AbortSignal,
  progress: Progress,
): Promise<CrawlReport | { unreachable: string }> {
  const asked = await readRobots(requested, fetcher);
  if ('unreachable' in asked) return asked;
  // The site is where the start URL leads (http:// to https://, the bare domain to www), read only
  // when the robots.txt where it starts allows it, and then that origin's robots.txt holds.
  const first = asked.allowed(requested) ? await fetcher.get(requested, undefined, true) : undefined;
  if (first && !first.ok && first.unreachable) return { unreachable: first.reason };
  const start = first?.ok ? first.url : requested;
  const robots = start.origin === requested.origin ? asked : await readRobots(start, fetcher);
  if ('unreachable' in robots) return robots;
  const sitemaps = await readSitemaps(start, robots, fetcher);
  const report: CrawlReport = {
    start,
    pages: [],
    failed: [],
    passed: [],
    robots: robots.source,
    sitemaps,
    leftAtMaxPages: 0,
    leftAtTimeLimit: 0,
  };
  const queue: URL[] = [];
  const known = new Set<string>();
  const add = (url: URL, fromLink: boolean): void => {
    if (url.origin !== start.origin || known.has(url.href) || notPages.test(url.pathname)) return;
    if (fromLink && url.search) return;
    known.add(url.href);
    queue.push(url);
  };
  add(start, false);
  for (const url of sitemaps.urls) add(url, false);
  const seen: ReadSoFar = { finals: new Set(), bodies: new Map() };
  const visit = async (url: URL): Promise<void> => {
    const got = await fetcher.get(url);
    if (!got.ok && deadline.aborted) queue.unshift(url);
    if (!got.ok) {
      if (!deadline.aborted) report.failed.push({ url: url.href, reason: got.reason });
      return;
    }
    const outcome = readPage(url, got, seen);
    if ('failed' in outcome) report.failed.push({ url: url.href, reason: outcome.failed });
    if ('passed' in outcome) report.passed.push({ url: url.href, reason: outcome.passed });
    if (!('page' in outcome)) return;
    report.pages.push(outcome.page);
    for (const link of outcome.page.facts.links) add(link, true);
  };
  let attempted = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const worker = async (): Promise<void> => {
    while (attempted < limits.maxPages && !deadline.aborted) {
      // An empty queue is not the end while the other request may still bring links.
      if (queue.length === 0) {
        if (inFlight === 0) break;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const url = queue.shift()!;
      if (!robots.allowed(url)) {
        report.passed.push({ url: url.href, reason: 'disallowed by robots.txt' });
        continue;
      }
      attempted += 1;
      progress(attempted, Math.min(limits.maxPages, known.size), url.pathname);
      inFlight += 1;
      await visit(url).finally(() => {
        inFlight -= 1;
        for (const resolve of waiting.splice(0)) resolve();
      });
    }
    for (const resolve of waiting.splice(0)) resolve();
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  if (deadline.aborted) report.leftAtTimeLimit = queue.length;
  else report.leftAtMaxPages = queue.length;
  return report;
}
