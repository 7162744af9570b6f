// What the edge (a CDN, a bot firewall) answers the agents robots.txt speaks of: the home page asked
// for as a browser and as each AI agent and crawler that fetches pages, a few at a time; an agent is
// blocked when it gets an error status, a challenge page or another page than the browser's. A block
// is told apart from a robots.txt rule: the edge refusing what robots.txt allows is the failure.
import type { AuditContext } from '../context.ts';
import { FetchFailed } from '../fetch/errors.ts';
import { auditLimits } from '../fetch/limits.ts';
import type { CheckResult } from '../report.ts';
import { fail, ok, pass, warn } from '../verdict.ts';
import { edgeAccessWords } from '../words/edge-access.ts';
import { crawlerAccess, crawlerUserAgent, fetchingCrawlerTokens } from './ai-crawlers.ts';
import { challengeOf, differs, edgePageBytes, sketchOf, type PageSketch } from './edge-pages.ts';
import { robots } from './robots.ts';

/** A desktop browser as CDNs see one; every request sends the same Accept, so only the User-Agent differs. */
const browserUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const pageAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Statuses that refuse a request outright: a browser answered so cannot be compared with. */
const refusals = new Set([401, 403, 407, 429, 451]);

/** How one request was answered, as the findings word it. */
type Answer =
  | { answer: 'page'; status: number; sketch: PageSketch }
  | { answer: 'status'; status: number }
  | { answer: 'challenge'; status: number; vendor: string }
  | { answer: 'different'; status: number }
  | { answer: 'none'; status: null };

export async function edgeAccess(ctx: AuditContext): Promise<CheckResult> {
  const say = edgeAccessWords(ctx.language);
  const url = ctx.home.href;
  const browser = await ask(ctx, browserUserAgent);
  // A browser refused or challenged too: the edge refuses the auditor, not (only) the agents.
  if (browser.answer !== 'page' || refusals.has(browser.status))
    return warn(
      'edge-access',
      say('browserBlocked', worded(browser.answer === 'page' ? { answer: 'status', status: browser.status } : browser)),
      { url, status: browser.status },
      say('fixBrowser'),
    );
  const { fetched } = await robots(ctx);
  const robotsText = ok(fetched) && fetched.type !== 'text/html' ? fetched.text : '';
  const allowed = crawlerAccess(fetched.url, robotsText, url);
  const answers = await inTurn(fetchingCrawlerTokens, auditLimits.edgeProbesAtOnce, async (token) => {
    const answer = await ask(ctx, crawlerUserAgent(token));
    if (answer.answer !== 'page' || answer.status === browser.status) {
      return answer.answer === 'page' && differs(browser.sketch, answer.sketch)
        ? ({ answer: 'different', status: answer.status } as const)
        : answer;
    }
    // Another status than the browser's: an error names itself, anything else is another page.
    return { answer: answer.status >= 400 ? 'status' : 'different', status: answer.status } as const;
  });
  const blocked = fetchingCrawlerTokens
    .map((name, at) => ({ name, answer: answers[at]! }))
    .filter(({ answer }) => answer.answer !== 'page');
  if (blocked.length === 0)
    return pass('edge-access', say('sameForAll', { count: fetchingCrawlerTokens.length }), {
      url,
      status: browser.status,
    });
  const list = (agents: typeof blocked) =>
    agents.map(({ name, answer }) => say('agent', { name, ...worded(answer) })).join(', ');
  const edgeOnly = blocked.filter(({ name }) => allowed.get(name) !== false);
  const robotsToo = blocked.filter(({ name }) => allowed.get(name) === false);
  const message = [
    ...(edgeOnly.length > 0 ? [say('edgeOnly', { agents: list(edgeOnly) })] : []),
    ...(robotsToo.length > 0 ? [say('robotsToo', { agents: list(robotsToo) })] : []),
  ].join('; ');
  const proof = {
    url,
    status: browser.status,
    value: say('blocked', { names: blocked.map((b) => b.name).join(', ') }),
  };
  return edgeOnly.length > 0
    ? fail('edge-access', message, proof, say('fixEdge'))
    : warn('edge-access', message, proof, say('fixRobots'));
}

/** An answer's values for its sentence: its status, and the challenge's vendor ('none' when it names none). */
function worded(answer: Answer): Record<string, string | number> {
  return {
    answer: answer.answer,
    status: answer.status ?? '',
    vendor: answer.answer === 'challenge' ? answer.vendor || 'none' : 'none',
  };
}

/**
 * The home page asked for with `userAgent`, its first edgePageBytes read. A request the site leaves
 * unanswered or drops is no answer; the audit's own limits (its time, its requests) end the check.
 */
async function ask(ctx: AuditContext, userAgent: string): Promise<Answer> {
  let response: Response;
  let head: string;
  try {
    response = await ctx.fetchAs(userAgent)(ctx.home, {
      headers: { accept: pageAccept },
      signal: AbortSignal.timeout(auditLimits.edgeProbeTimeoutMs),
    });
    head = await readHead(response);
  } catch (error) {
    const dropped = error instanceof FetchFailed && ['noAnswer', 'network'].includes(error.reason.key);
    if (dropped || (error as Error).name === 'TimeoutError') return { answer: 'none', status: null };
    throw error;
  }
  const vendor = challengeOf(response.headers, head);
  if (vendor !== undefined) return { answer: 'challenge', status: response.status, vendor };
  return { answer: 'page', status: response.status, sketch: sketchOf(head) };
}

/** The first edgePageBytes of a body; the rest is never read. */
async function readHead(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < edgePageBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, edgePageBytes).toString('utf8');
}

/** `work` over every item, at most `atOnce` running, results in the items' order. */
async function inTurn<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}
