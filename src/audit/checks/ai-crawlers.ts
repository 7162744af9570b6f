// The AI crawlers the robots checks read rules for, each in the group its operator documents
// (training, search, or fetching for a user), and what robots.txt lets each of them read (RFC 9309,
// through robots-parser: the group naming the crawler's product token, else the `*` group).
import robotsModule from 'robots-parser';
import { userAgentRules } from '../../domain/callers/families.ts';
import { auditorInfo } from '../auditor.ts';

/** robots.txt product tokens of AI crawlers and assistants. */
export const aiCrawlerTokens = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Google-Agent',
  'Applebot-Extended',
  'CCBot',
  'Bytespider',
  'meta-externalagent',
  'Amazonbot',
  'cohere-ai',
  'DuckAssistBot',
  'MistralAI-User',
] as const;

/**
 * Tokens that only name a use in robots.txt and never fetch a page themselves (Google's and Apple's
 * crawlers fetch; these say what the fetched pages may train): the edge check does not ask as them.
 */
const robotsOnlyTokens = new Set<string>(['Google-Extended', 'Applebot-Extended']);

/** The crawlers and agents that fetch pages, in table order: those the edge check asks as. */
export const fetchingCrawlerTokens = aiCrawlerTokens.filter((token) => !robotsOnlyTokens.has(token));

/**
 * The User-Agent a crawler presents, in the form these operators document
 * (`Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)`):
 * a CDN's or firewall's rule matches the product token inside it. The auditor names itself after
 * the token, so a site that tells callers apart (this product's agent insight) counts the request as
 * the audit's, not as a visit of that crawler.
 */
export function crawlerUserAgent(token: string): string {
  return `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}/1.0; agentsite-audit/${auditorInfo.version})`;
}

export type CrawlerGroup = 'training' | 'search' | 'user';

/** The groups in report order (the crawler-access check's words name each in the report's language). */
export const crawlerGroups: readonly CrawlerGroup[] = ['user', 'search', 'training'];

/** A token's group, read from the one table of operators and purposes the caller recognition uses. */
export function groupOf(token: string): CrawlerGroup {
  const purpose = userAgentRules.find((rule) => rule.token.test(token))?.purpose;
  if (purpose === 'training-crawler') return 'training';
  if (purpose === 'search-crawler') return 'search';
  return 'user';
}

// A CommonJS module whose types say `export default`: at run time the default import is the function.
type RobotsParser = (url: string, text: string) => { isAllowed(url: string, agent?: string): boolean | undefined };
const robotsParser = ((robotsModule as { default?: RobotsParser }).default ?? robotsModule) as RobotsParser;

/**
 * Whether each AI crawler may read `page` under the robots.txt `text` at `robotsUrl`; an empty text
 * (no robots.txt) lets every crawler in.
 */
export function crawlerAccess(robotsUrl: string, text: string, page: string): Map<string, boolean> {
  const robots = robotsParser(robotsUrl, text);
  return new Map(aiCrawlerTokens.map((token) => [token, robots.isAllowed(page, token) !== false]));
}
