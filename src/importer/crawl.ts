// Walks the site: robots.txt, then the pages its sitemaps list, then same-origin links found on the
// pages, two requests at a time, until every page is read, --max-pages is reached or the time limit
// runs out. Only pages robots.txt allows for our User-Agent are read; addresses that are plainly not
// pages (images, stylesheets, downloads) and links with a query string (filters and sort orders of a
// listing, the same page many times) are not requested at all.
import { Frontier, type PagesRead, type Progress, readPages } from './crawl-pages.ts';
import type { PageFetcher } from './fetch-page.ts';
import type { ImportLimits } from './options.ts';
import { type Robots, readRobots, readSitemaps, type SitemapResult } from './sitemaps.ts';

export interface CrawlReport extends PagesRead {
  /** Where the start URL led (after its redirects): the site imported. */
  start: URL;
  robots: string;
  /** The origin's robots.txt ("" when it has none); undefined when it failed to give it. */
  robotsText?: string;
  sitemaps: SitemapResult;
  /** Known addresses left unread because --max-pages was reached, or because time ran out. */
  leftAtMaxPages: number;
  leftAtTimeLimit: number;
}

export async function crawl(
  requested: URL,
  limits: ImportLimits,
  fetcher: PageFetcher,
  deadline: AbortSignal,
  progress: Progress,
): Promise<CrawlReport | { unreachable: string }> {
  const site = await findSite(requested, fetcher);
  if ('unreachable' in site) return site;
  const { start, robots } = site;
  const sitemaps = await readSitemaps(start, robots, fetcher);
  const report: CrawlReport = {
    start,
    pages: [],
    failed: [],
    passed: [],
    robots: robots.source,
    ...(robots.text !== undefined && { robotsText: robots.text }),
    sitemaps,
    leftAtMaxPages: 0,
    leftAtTimeLimit: 0,
  };
  const frontier = new Frontier(start.origin);
  frontier.add(start, false);
  for (const url of sitemaps.urls) frontier.add(url, false);
  await readPages({ frontier, robots, read: report, limits, fetcher, deadline, progress });
  if (deadline.aborted) report.leftAtTimeLimit = frontier.queue.length;
  else report.leftAtMaxPages = frontier.queue.length;
  return report;
}

/**
 * The site is where the start URL leads (http:// to https://, the bare domain to www), read only
 * when the robots.txt where it starts allows it, and then that origin's robots.txt holds.
 */
async function findSite(
  requested: URL,
  fetcher: PageFetcher,
): Promise<{ start: URL; robots: Robots } | { unreachable: string }> {
  const asked = await readRobots(requested, fetcher);
  if ('unreachable' in asked) return asked;
  const first = asked.allowed(requested) ? await fetcher.get(requested, undefined, true) : undefined;
  if (first && !first.ok && first.unreachable) return { unreachable: first.reason };
  const start = first?.ok ? first.url : requested;
  const robots = start.origin === requested.origin ? asked : await readRobots(start, fetcher);
  if ('unreachable' in robots) return robots;
  return { start, robots };
}
