// Follows every link and GET form of the dashboard from a few starting pages (error pages among
// them), so a test can show that no page leads anywhere the dashboard does not answer.

export interface CrawledLink {
  /** The page the link is on. */
  from: string;
  /** The target it names, as fetched (a form's action with the range it submits). */
  target: string;
  status: number;
}

/** A starting page: its target and how it is asked for (a missing token or a POST give error pages). */
export interface Seed {
  target: string;
  init?: RequestInit;
}

const decoded = (href: string): string => href.replaceAll('&amp;', '&').replaceAll('&quot;', '"');

/** The targets a page links to: every `<a href>`, and every GET form's action with a range in it. */
function linksOf(page: string): string[] {
  const hrefs = [...page.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => decoded(m[1]!));
  const actions = [...page.matchAll(/<form [^>]*action="([^"]*)"/g)].map(
    (m) => `${decoded(m[1]!)}?from=2026-01-01&to=2026-01-31`,
  );
  return [...hrefs, ...actions];
}

/** Every link reachable from `seeds` (at most `limit` distinct targets), with the status each answers. */
export async function crawlDashboard(admin: string, token: string, seeds: Seed[], limit = 300): Promise<CrawledLink[]> {
  const headers = { authorization: `Bearer ${token}` };
  const seen = new Set<string>();
  const queue: { from: string; target: string }[] = [];
  const found: CrawledLink[] = [];
  const enqueue = (from: string, page: string): void => {
    for (const target of linksOf(page)) {
      if (!target.startsWith('/')) throw new Error(`${from} links outside the dashboard: ${target}`);
      if (seen.has(target) || seen.size >= limit) continue;
      seen.add(target);
      queue.push({ from, target });
    }
  };
  for (const seed of seeds) {
    const response = await fetch(`${admin}${seed.target}`, seed.init ?? { headers });
    enqueue(`${seed.target} (${response.status})`, await response.text());
  }
  for (let next = queue.shift(); next; next = queue.shift()) {
    const response = await fetch(`${admin}${next.target}`, { headers });
    found.push({ ...next, status: response.status });
    enqueue(next.target, await response.text());
  }
  return found;
}

/** The links of `crawled` that do not answer 200, one line each, to compare with []. */
export function brokenLinks(crawled: CrawledLink[]): string[] {
  return crawled.filter((link) => link.status !== 200).map((l) => `${l.from} -> ${l.target}: ${l.status}`);
}
