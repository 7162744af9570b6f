// Runs every check against one site through one guarded fetcher and assembles the report. A check
// whose fetch is refused or fails is `error`, not the audit's end; only an unreachable home page ends it.
import { auditorUserAgent } from './auditor.ts';
import { a2aAgentCard, a2aConnect } from './checks/a2a.ts';
import { apiCatalog, openapi } from './checks/api.ts';
import { crawlerAccessCheck } from './checks/crawler-access.ts';
import { ard } from './checks/ard.ts';
import { edgeAccess } from './checks/edge-access.ts';
import { canonical } from './checks/canonical.ts';
import { extractability } from './checks/extractability.ts';
import { linkHeaders, markdownNegotiation } from './checks/home.ts';
import { llmsFullTxt } from './checks/llms-full-txt.ts';
import { llmsTxt } from './checks/llms-txt.ts';
import { mcpConnect, mcpServerCard } from './checks/mcp.ts';
import { oauthAuthorizationServer, oauthProtectedResource } from './checks/oauth.ts';
import { jsonLd, webmcp } from './checks/page-markup.ts';
import { contentSignals, robotsAiRules, robotsTxt } from './checks/robots.ts';
import { sitemap } from './checks/sitemap.ts';
import { agentSkills } from './checks/skills.ts';
import { webBotAuth } from './checks/web-bot-auth.ts';
import { createContext, type AuditContext } from './context.ts';
import type { FetchPolicy } from './fetch/address-policy.ts';
import { clipUrl, FetchFailed, FetchRefused } from './fetch/errors.ts';
import { endedCheckWords, fetchReasonWords } from './words/fetch-reasons.ts';
import { createAuditFetcher } from './fetch/guarded-fetch.ts';
import type { AuditLimits } from './fetch/limits.ts';
import { checkTarget } from './fetch/target.ts';
import { levelOf, scoreOf } from './ladder.ts';
import { AuditReport, checkIds, levelNames, type CheckId, type CheckResult } from './report.ts';
import { verdict } from './verdict.ts';
import { SiteUnreachable } from './site-unreachable.ts';

const runners: Record<CheckId, (ctx: AuditContext) => Promise<CheckResult>> = {
  'robots-txt': robotsTxt,
  'robots-ai-rules': robotsAiRules,
  'content-signals': contentSignals,
  'crawler-access': crawlerAccessCheck,
  'edge-access': edgeAccess,
  sitemap,
  'link-headers': linkHeaders,
  canonical,
  'markdown-negotiation': markdownNegotiation,
  extractability,
  'llms-txt': llmsTxt,
  'llms-full-txt': llmsFullTxt,
  'api-catalog': apiCatalog,
  openapi,
  'oauth-protected-resource': oauthProtectedResource,
  'oauth-authorization-server': oauthAuthorizationServer,
  'mcp-server-card': mcpServerCard,
  'mcp-connect': mcpConnect,
  'a2a-agent-card': a2aAgentCard,
  'a2a-connect': a2aConnect,
  'agent-skills': agentSkills,
  webmcp,
  'json-ld': jsonLd,
  'web-bot-auth': webBotAuth,
  ard,
};

export interface AuditOptions {
  policy: FetchPolicy;
  /** Where the auditor is explained, named in its User-Agent. */
  explainedAt?: string;
  limits?: Partial<AuditLimits>;
  now?: () => Date;
  /** The findings' language (a BCP 47 tag; English when the product has no sentences for it). */
  language?: string;
}

/**
 * Audits the site at `url`. Throws FetchRefused when the policy refuses the URL itself, and
 * SiteUnreachable when its home page does not answer. Example: `await auditSite('https://example.com', { policy: operatorPolicy })`.
 */
export async function auditSite(url: string, options: AuditOptions): Promise<AuditReport> {
  const home = checkTarget(url, options.policy);
  const auditedAt = (options.now ?? (() => new Date()))().toISOString();
  const fetcher = createAuditFetcher({
    policy: options.policy,
    userAgent: auditorUserAgent(options.explainedAt),
    ...(options.limits && { limits: options.limits }),
  });
  try {
    const ctx = createContext(home, fetcher, options.language);
    try {
      await ctx.get(home, 'text/html');
    } catch (error) {
      if (error instanceof FetchRefused) throw error;
      throw new SiteUnreachable(`${home.href} cannot be reached: ${(error as Error).message}`);
    }
    const checks = await Promise.all(
      checkIds.map((id) => runners[id](ctx).catch((error: unknown) => errored(id, error, home, options.language))),
    );
    const level = levelOf(checks);
    // Parsed on the way out, so every surface hands on exactly the documented shape.
    return AuditReport.parse({
      url: home.href,
      auditedAt,
      level,
      levelName: levelNames[level]!,
      score: scoreOf(checks),
      checks,
    });
  } finally {
    await fetcher.close();
  }
}

/** A check a fetch (or a fault) ended, in the findings' language; the evidence keeps the error's own words. */
function errored(id: CheckId, error: unknown, home: URL, language: string | undefined): CheckResult {
  const say = endedCheckWords(language);
  const known = error instanceof FetchRefused || error instanceof FetchFailed;
  const message = known
    ? say(error instanceof FetchRefused ? 'refused' : 'couldNotFetch', {
        url: clipUrl(error.url),
        reason: fetchReasonWords(language)(error.reason.key, error.reason.values),
      })
    : say('stopped', { problem: (error as Error).message });
  return verdict(
    id,
    'error',
    message,
    known ? { url: error.url, status: null, value: error.message } : { url: home.href, status: null },
    say(error instanceof FetchRefused ? 'servePublicly' : 'answerInLimits'),
  );
}
