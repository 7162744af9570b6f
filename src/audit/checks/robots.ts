// robots.txt and what it carries for agents: AI-crawler rules, content signals (robots.txt lines
// or the home page's headers); the sitemap it names is read by sitemap.ts.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, ok, pass, warn } from '../verdict.ts';
import { parseContentSignal } from '../../domain/usage-preference.ts';
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
  const { lines, fetched } = await robots(ctx);
  if (!ok(fetched))
    return fail(
      'robots-txt',
      `robots.txt answers ${fetched.status}`,
      evidence(fetched),
      'Serve /robots.txt as text/plain with at least one User-agent group.',
    );
  if (fetched.type !== 'text/plain')
    return fail(
      'robots-txt',
      `robots.txt is served as ${fetched.type || 'no type'}`,
      evidence(fetched, fetched.type),
      'Serve /robots.txt with Content-Type text/plain.',
    );
  if (!lines.some(([field]) => field === 'user-agent'))
    return fail(
      'robots-txt',
      'robots.txt has no User-agent line',
      evidence(fetched, fetched.text),
      'Start each group of rules with a User-agent line.',
    );
  return pass(
    'robots-txt',
    `robots.txt has ${counted(lines.filter(([field]) => field === 'user-agent').length, 'User-agent line')}`,
    evidence(fetched),
  );
}

export async function robotsAiRules(ctx: AuditContext): Promise<CheckResult> {
  const { lines, fetched } = await robots(ctx);
  const named = lines
    .filter(([field, value]) => field === 'user-agent' && aiAgents.includes(value.toLowerCase()))
    .map(([, value]) => value);
  if (named.length > 0)
    return pass(
      'robots-ai-rules',
      `robots.txt has rules for ${counted(named.length, 'AI crawler')}`,
      evidence(fetched, named.join(', ')),
    );
  // RFC 9309: a crawler no group names follows `User-agent: *`. A site whose `*` group lets every AI
  // crawler in, and which states its terms in a Content-Signal line, has made its choice explicit.
  const starGroup = lines.some(([field, value]) => field === 'user-agent' && value === '*');
  const signal = lines.find(([field]) => field === 'content-signal' || field === 'content-usage');
  const everyoneIn = [...crawlerAccess(fetched.url, fetched.text, ctx.home.href).values()].every(Boolean);
  if (starGroup && signal && everyoneIn)
    return pass(
      'robots-ai-rules',
      `robots.txt's User-agent: * group lets every AI crawler in, and a ${signal[0] === 'content-signal' ? 'Content-Signal' : 'Content-Usage'} line states the terms`,
      evidence(fetched, signal[1]),
    );
  return fail(
    'robots-ai-rules',
    ok(fetched) ? 'robots.txt names no AI crawler' : 'no robots.txt to hold AI crawler rules',
    evidence(fetched),
    'Add User-agent groups for the AI crawlers you allow or refuse (GPTBot, ClaudeBot, PerplexityBot, Google-Extended, …), so your choice is explicit.',
  );
}

export async function contentSignals(ctx: AuditContext): Promise<CheckResult> {
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
  const fix =
    'Declare how your content may be used: a "Content-Signal: search=yes, ai-input=yes, ai-train=no" line in robots.txt (or a Content-Usage line or header).';
  if (found.length === 0)
    return fail(
      'content-signals',
      'no Content-Signal or Content-Usage in robots.txt or the home page headers',
      evidence(fetched),
      fix,
    );
  const bad = found.find(({ field, value }) => !wellFormed(field, value));
  if (bad)
    return warn(
      'content-signals',
      `${bad.field} is not a list of known key=value pairs`,
      evidence(bad.at, bad.value),
      fix,
    );
  return pass('content-signals', `${found[0]!.field} declared`, evidence(found[0]!.at, found[0]!.value));
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
