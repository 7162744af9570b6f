// robots.txt and what it carries for agents: AI-crawler rules, content signals (robots.txt lines
// or the home page's headers); the sitemap it names is read by sitemap.ts.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { parseContentSignal } from '../../domain/usage-preference.ts';
import { robotsWords } from '../words/robots.ts';
import { aiCrawlerTokens, crawlerAccess } from './ai-crawlers.ts';

const aiAgents = aiCrawlerTokens.map((token) => token.toLowerCase());

interface Robots {
  lines: [string, string][];
  fetched: Awaited<ReturnType<AuditContext['get']>>;
}

export async function robots(ctx: AuditContext): Promise<Robots> {
  const fetched = await ctx.get('/robots.txt', 'text/plain');
  const lines =
    ok(fetched) && fetched.type !== 'text/html'
      ? fetched.text
          .split(/\r?\n/)
          .map((line) => line.replace(/#.*/, '').trim())
          .filter((line) => line.includes(':'))
          .map((line) => {
            const at = line.indexOf(':');
            return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()] as [string, string];
          })
      : [];
  return { lines, fetched };
}

/** The values of one robots.txt field (e.g. `agentmap`), in order; none when there is no robots.txt. */
export async function robotsValues(ctx: AuditContext, field: string): Promise<string[]> {
  return (await robots(ctx)).lines.filter(([name]) => name === field).map(([, value]) => value);
}

export async function robotsTxt(ctx: AuditContext): Promise<CheckResult> {
  const say = robotsWords(ctx.language);
  const { lines, fetched } = await robots(ctx);
  if (!ok(fetched))
    return fail('robots-txt', say('notServed', { status: fetched.status }), evidence(fetched), say('serve'));
  if (fetched.type !== 'text/plain')
    return fail(
      'robots-txt',
      fetched.type ? say('wrongType', { type: fetched.type }) : say('untyped'),
      evidence(fetched, fetched.type),
      say('serveAsText'),
    );
  if (!lines.some(([field]) => field === 'user-agent'))
    return fail('robots-txt', say('noUserAgent'), evidence(fetched, fetched.text), say('startGroups'));
  return pass(
    'robots-txt',
    say('userAgents', { count: lines.filter(([field]) => field === 'user-agent').length }),
    evidence(fetched),
  );
}

export async function robotsAiRules(ctx: AuditContext): Promise<CheckResult> {
  const say = robotsWords(ctx.language);
  const { lines, fetched } = await robots(ctx);
  const named = lines
    .filter(([field, value]) => field === 'user-agent' && aiAgents.includes(value.toLowerCase()))
    .map(([, value]) => value);
  if (named.length > 0)
    return pass('robots-ai-rules', say('aiNamed', { count: named.length }), evidence(fetched, named.join(', ')));
  // RFC 9309: a crawler no group names follows `User-agent: *`. A site whose `*` group lets every AI
  // crawler in, and which states its terms in a Content-Signal line, has made its choice explicit.
  const starGroup = lines.some(([field, value]) => field === 'user-agent' && value === '*');
  const signal = lines.find(([field]) => field === 'content-signal' || field === 'content-usage');
  const everyoneIn = [...crawlerAccess(fetched.url, fetched.text, ctx.home.href).values()].every(Boolean);
  if (starGroup && signal && everyoneIn)
    return pass(
      'robots-ai-rules',
      say('aiStarGroup', { field: signal[0] === 'content-signal' ? 'Content-Signal' : 'Content-Usage' }),
      evidence(fetched, signal[1]),
    );
  return fail('robots-ai-rules', say(ok(fetched) ? 'aiNoneNamed' : 'aiNoRobots'), evidence(fetched), say('aiFix'));
}

export async function contentSignals(ctx: AuditContext): Promise<CheckResult> {
  const say = robotsWords(ctx.language);
  const { lines, fetched } = await robots(ctx);
  const home = await ctx.get(ctx.home, 'text/html');
  const found = lines
    .filter(([field]) => field === 'content-signal' || field === 'content-usage')
    .map(([field, value]) => ({ field, value, at: fetched }))
    .concat(
      ['content-signal', 'content-usage'].flatMap((field) => {
        const value = home.headers.get(field);
        return value ? [{ field, value, at: home }] : [];
      }),
    );
  const fix = say('signalsFix');
  if (found.length === 0) return fail('content-signals', say('signalsMissing'), evidence(fetched), fix);
  const bad = found.find(({ field, value }) => !wellFormed(field, value));
  if (bad)
    return warn('content-signals', say('signalsMalformed', { field: bad.field }), evidence(bad.at, bad.value), fix);
  const first = found[0]!;
  return pass('content-signals', say('signalsDeclared', { field: first.field }), evidence(first.at, first.value));
}

/** A Content-Signal is read by the rule the site's own CONTENT_SIGNAL is; a Content-Usage needs key=value pairs. */
function wellFormed(field: string, value: string): boolean {
  if (field !== 'content-usage') return parseContentSignal(value) !== undefined;
  const pairs = value
    .split(/[,;]/)
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => part.trim()));
  return pairs.length > 0 && pairs.every((pair) => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1]));
}
