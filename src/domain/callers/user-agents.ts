// Declared callers: a User-Agent matched against the crawler-user-agents list (which crawlers
// exist) and our family table (who runs them, and for what). Memoised per UA string, so a known UA
// costs one Map lookup; an unseen one costs one pass of the list's combined pattern.
import crawlers from 'crawler-user-agents';
import { BoundedMemo } from '../../cache/bounded-memo.ts';
import type { Caller, CallerPurpose } from './caller.ts';
import { userAgentRules } from './families.ts';

/** Only this much of a User-Agent is read: product tokens come early, and memo keys stay small. */
export const userAgentReadLength = 1_024;

const other: Caller = Object.freeze({ kind: 'other', family: 'Other', purpose: 'unknown', verified: false });
const browser: Caller = Object.freeze({ kind: 'browser', family: 'Browser', purpose: 'unknown', verified: false });

/** One alternation of every listed pattern: a browser is told apart in one regular-expression pass. */
const anyCrawler = new RegExp(crawlers.map((entry) => `(?:${entry.pattern})`).join('|'));
// The package's ESM type omits `tags`, which its JSON carries (and its CommonJS type declares).
// Compiled one by one only when the combined pattern first matches (hundreds of them; not at start).
let entries: { pattern: RegExp; tags: string[] }[] | undefined;
const entriesNow = (): { pattern: RegExp; tags: string[] }[] =>
  (entries ??= (crawlers as readonly { pattern: string; tags?: string[] }[]).map((entry) => ({
    pattern: new RegExp(entry.pattern),
    tags: entry.tags ?? [],
  })));
/** An ordinary browser: Mozilla/5.0 with a platform and an engine version, and no crawler pattern. */
const browserShape = /^Mozilla\/5\.0 \([^)]+\) .*(?:Chrome|Firefox|Safari|Edg|OPR)\/\d/;

const memo = new BoundedMemo<string, Caller>(4_096);

/**
 * The caller a User-Agent declares: a known operator's family and purpose, another listed crawler
 * (family 'Other'), an HTTP library or unknown client ('other'), or a browser.
 * @example callerFromUserAgent('Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)')
 * // { kind: 'declared-agent', family: 'OpenAI', purpose: 'training-crawler', verified: false }
 */
export function callerFromUserAgent(userAgent: string | undefined): Caller {
  if (!userAgent) return other;
  const text = userAgent.length > userAgentReadLength ? userAgent.slice(0, userAgentReadLength) : userAgent;
  return memo.get(text) ?? memo.set(text, classify(text));
}

function classify(userAgent: string): Caller {
  for (const rule of userAgentRules) {
    if (rule.token.test(userAgent)) return declared(rule.family, rule.purpose);
  }
  if (anyCrawler.test(userAgent)) {
    const tags = entriesNow().find((entry) => entry.pattern.test(userAgent))?.tags ?? [];
    // A bare HTTP library (curl, python-requests, …) declares no agent, only a program.
    if (tags.includes('http-library')) return other;
    return declared('Other', purposeOfTags(tags));
  }
  return browserShape.test(userAgent) ? browser : other;
}

function purposeOfTags(tags: readonly string[]): CallerPurpose {
  if (tags.includes('browser-automation')) return 'agent';
  if (tags.includes('search-engine')) return 'search-crawler';
  return 'unknown';
}

function declared(family: string, purpose: CallerPurpose): Caller {
  return Object.freeze({ kind: 'declared-agent', family, purpose, verified: false });
}
