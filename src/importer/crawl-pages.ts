// The reading part of the walk: a queue of same-origin addresses, read two requests at a time until
// it runs dry, --max-pages is reached or the time limit runs out.
import type { PageFetcher } from './fetch-page.ts';
import type { ImportLimits } from './options.ts';
import { type CrawledPage, type ReadSoFar, readPage } from './page-reader.ts';
import type { Robots } from './sitemaps.ts';

/** What the walk read, and what it did not import. */
export interface PagesRead {
  pages: CrawledPage[];
  /** With the origin's status when it answered one (a 404 or 410 says the page is gone). */
  failed: { url: string; reason: string; status?: number }[];
  /** Addresses that were not imported and are no failure: not HTML, refused by robots.txt. */
  passed: { url: string; reason: string }[];
}

export type Progress = (done: number, limit: number, current: string) => void;

const notPages =
  /\.(?:css|js|mjs|json|xml|txt|png|jpe?g|gif|webp|avif|svg|ico|bmp|pdf|zip|gz|rar|7z|mp3|mp4|webm|mov|avi|woff2?|ttf|eot|otf|docx?|xlsx?|pptx?|csv)$/i;

/** The addresses still to read, each known address queued once. */
export class Frontier {
  readonly queue: URL[] = [];
  readonly known = new Set<string>();
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  add(url: URL, fromLink: boolean): void {
    if (url.origin !== this.origin || this.known.has(url.href) || notPages.test(url.pathname)) return;
    if (fromLink && url.search) return;
    this.known.add(url.href);
    this.queue.push(url);
  }
}

interface Walk {
  frontier: Frontier;
  robots: Robots;
  read: PagesRead;
  limits: ImportLimits;
  fetcher: PageFetcher;
  deadline: AbortSignal;
  progress: Progress;
}

/** Reads the frontier's pages into `read`, adding the links they hold; leaves unread ones queued. */
export async function readPages({ frontier, robots, read, limits, fetcher, deadline, progress }: Walk): Promise<void> {
  const { queue } = frontier;
  const seen: ReadSoFar = { finals: new Set(), bodies: new Map() };
  const visit = async (url: URL): Promise<void> => {
    const got = await fetcher.get(url);
    if (!got.ok && deadline.aborted) queue.unshift(url);
    if (!got.ok) {
      if (!deadline.aborted)
        read.failed.push({ url: url.href, reason: got.reason, ...(got.status && { status: got.status }) });
      return;
    }
    const outcome = readPage(url, got, seen);
    if ('failed' in outcome) read.failed.push({ url: url.href, reason: outcome.failed });
    if ('passed' in outcome) read.passed.push({ url: url.href, reason: outcome.passed });
    if (!('page' in outcome)) return;
    read.pages.push(outcome.page);
    for (const link of outcome.page.facts.links) frontier.add(link, true);
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
        read.passed.push({ url: url.href, reason: 'disallowed by robots.txt' });
        continue;
      }
      attempted += 1;
      progress(attempted, Math.min(limits.maxPages, frontier.known.size), url.pathname);
      inFlight += 1;
      await visit(url).finally(() => {
        inFlight -= 1;
        for (const resolve of waiting.splice(0)) resolve();
      });
    }
    for (const resolve of waiting.splice(0)) resolve();
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
}
