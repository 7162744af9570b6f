// What each group of AI crawlers may read: agents fetching for a user, AI search crawlers and AI
// training crawlers, judged on the home page by the site's robots.txt, one line per group (as
// aiseo-audit and Lighthouse report it). Shutting out training is a choice; shutting out agents
// that act for a user, or every agent, costs the site its place in answers.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, ok, pass, warn } from '../verdict.ts';
import { crawlerAccessWords } from '../words/crawler-access.ts';
import { crawlerAccess, crawlerGroups, groupOf, type CrawlerGroup } from './ai-crawlers.ts';
import { robots } from './robots.ts';

/** Crawlers named when a group is partly shut out; the rest are counted. */
const namedAtMost = 3;

interface GroupAccess {
  group: CrawlerGroup;
  shut: string[];
  total: number;
}

function line(say: ReturnType<typeof crawlerAccessWords>, { group, shut, total }: GroupAccess): string {
  if (shut.length === 0) return say('mayRead', { group });
  const names =
    shut.slice(0, namedAtMost).join(', ') + (shut.length > namedAtMost ? ` +${shut.length - namedAtMost}` : '');
  return say(shut.length === total ? 'allShut' : 'someShut', { group, names });
}

export async function crawlerAccessCheck(ctx: AuditContext): Promise<CheckResult> {
  const say = crawlerAccessWords(ctx.language);
  const { fetched } = await robots(ctx);
  const fix = say('fix');
  // RFC 9309 2.3.1.4: a robots.txt that cannot be read for a server error means "disallow everything".
  if (fetched.status >= 500)
    return fail('crawler-access', say('robotsError', { status: fetched.status }), evidence(fetched), fix);
  const text = ok(fetched) && fetched.type !== 'text/html' ? fetched.text : '';
  const allowed = crawlerAccess(fetched.url, text, ctx.home.href);
  const groups: GroupAccess[] = crawlerGroups.map((group) => {
    const tokens = [...allowed.keys()].filter((token) => groupOf(token) === group);
    return { group, total: tokens.length, shut: tokens.filter((token) => !allowed.get(token)) };
  });
  // One line per group, listed: each line is a whole phrase in the report's language.
  const message = groups.map((access) => line(say, access)).join('; ');
  const shutTokens = groups.flatMap((g) => g.shut);
  const proof = evidence(
    fetched,
    shutTokens.length > 0 ? say('shutOut', { names: shutTokens.join(', ') }) : say('noneShut'),
  );
  if (shutTokens.length === allowed.size)
    return fail('crawler-access', say('everyoneShut', { groups: message }), proof, fix);
  const forUsers = groups.find((g) => g.group === 'user')!;
  if (forUsers.shut.length > 0) return warn('crawler-access', message, proof, fix);
  return pass('crawler-access', message, proof);
}
