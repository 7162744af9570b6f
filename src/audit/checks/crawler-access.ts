// What each group of AI crawlers may read: agents fetching for a user, AI search crawlers and AI
// training crawlers, judged on the home page by the site's robots.txt, one line per group (as
// aiseo-audit and Lighthouse report it). Shutting out training is a choice; shutting out agents
// that act for a user, or every agent, costs the site its place in answers.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { crawlerAccess, crawlerGroups, groupOf, type CrawlerGroup } from './ai-crawlers.ts';
import { robots } from './robots.ts';

/** Crawlers named when a group is partly shut out; the rest are counted. */
const namedAtMost = 3;

interface GroupAccess {
  label: string;
  group: CrawlerGroup;
  shut: string[];
  total: number;
}

function line({ label, shut, total }: GroupAccess): string {
  if (shut.length === 0) return `${label}: may read`;
  const names =
    shut.slice(0, namedAtMost).join(', ') + (shut.length > namedAtMost ? ` +${shut.length - namedAtMost}` : '');
  return shut.length === total ? `${label}: shut out (${names})` : `${label}: ${names} shut out`;
}

export async function crawlerAccessCheck(ctx: AuditContext): Promise<CheckResult> {
  const { fetched } = await robots(ctx);
  const fix =
    'Let the agents that fetch pages for a user (ChatGPT-User, Claude-User, Perplexity-User, …) read the site in robots.txt; shut out training crawlers by name if you wish.';
  // RFC 9309 2.3.1.4: a robots.txt that cannot be read for a server error means "disallow everything".
  if (fetched.status >= 500)
    return fail(
      'crawler-access',
      `robots.txt answers ${fetched.status}, which shuts out every crawler`,
      evidence(fetched),
      fix,
    );
  const text = ok(fetched) && fetched.type !== 'text/html' ? fetched.text : '';
  const allowed = crawlerAccess(fetched.url, text, ctx.home.href);
  const groups: GroupAccess[] = crawlerGroups.map(({ group, label }) => {
    const tokens = [...allowed.keys()].filter((token) => groupOf(token) === group);
    return { group, label, total: tokens.length, shut: tokens.filter((token) => !allowed.get(token)) };
  });
  const message = groups.map(line).join('; ');
  const shutTokens = groups.flatMap((g) => g.shut);
  const proof = evidence(fetched, shutTokens.length > 0 ? `shut out: ${shutTokens.join(', ')}` : 'none shut out');
  if (shutTokens.length === allowed.size)
    return fail('crawler-access', `every AI agent is shut out: ${message}`, proof, fix);
  const forUsers = groups.find((g) => g.group === 'user')!;
  if (forUsers.shut.length > 0) return warn('crawler-access', message, proof, fix);
  return pass('crawler-access', message, proof);
}
