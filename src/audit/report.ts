// The agent-readiness report: written once here as zod schemas, from which the types, the JSON every
// surface returns and the level ladder's inputs come. A check id, once published, never changes.
import { z } from 'zod';

/** Every check the audit runs, in report order; ids are stable names other tools may key on. */
export const checkIds = [
  'robots-txt',
  'robots-ai-rules',
  'content-signals',
  'crawler-access',
  'edge-access',
  'sitemap',
  'link-headers',
  'canonical',
  'markdown-negotiation',
  'extractability',
  'llms-txt',
  'llms-full-txt',
  'api-catalog',
  'openapi',
  'oauth-protected-resource',
  'oauth-authorization-server',
  'mcp-server-card',
  'mcp-connect',
  'a2a-agent-card',
  'a2a-connect',
  'agent-skills',
  'webmcp',
  'json-ld',
  'web-bot-auth',
  'ard',
] as const;

export const CheckId = z.enum(checkIds);
export type CheckId = z.infer<typeof CheckId>;

/**
 * The checks a site without their subject skips, as the reference scanners leave them out; every
 * other check fails when its subject is absent. What /developers and the README say.
 */
export const skippedWhenAbsent: readonly CheckId[] = [
  'llms-full-txt',
  'openapi',
  'mcp-connect',
  'a2a-connect',
  'webmcp',
  'web-bot-auth',
  'ard',
];

/**
 * The checks a site without their subject passes: without a robots.txt, every crawler may read the
 * site; without bot rules at its edge, every agent gets the page a browser gets.
 */
export const passedWhenAbsent: readonly CheckId[] = ['crawler-access', 'edge-access'];

/** `skip`: the site does not offer the check's subject and the reference scanners do not count it. */
export const CheckStatus = z.enum(['pass', 'warn', 'fail', 'skip', 'error']);
export type CheckStatus = z.infer<typeof CheckStatus>;

export const Evidence = z.object({
  url: z.string().describe('The URL fetched for this verdict.'),
  status: z.number().int().nullable().describe('Its HTTP status; null when no answer came.'),
  value: z.string().optional().describe('The offending (or deciding) value, cut short.'),
});
export type Evidence = z.infer<typeof Evidence>;

export const CheckResult = z.object({
  id: CheckId,
  status: CheckStatus,
  message: z.string().describe('One line: what was found.'),
  evidence: Evidence,
  fix: z
    .string()
    .nullable()
    .describe('One or two sentences on what to change; null when nothing is to be fixed (pass, skip).'),
});
export type CheckResult = z.infer<typeof CheckResult>;

export const levelNames = [
  'Not Ready',
  'Basic Web Presence',
  'Bot-Aware',
  'Agent-Readable',
  'Agent-Integrated',
  'Agent-Native',
] as const;

export const AuditReport = z.object({
  url: z.string().describe('The URL audited (the site is its origin).'),
  auditedAt: z.string().describe('When the audit started, ISO 8601.'),
  level: z.number().int().min(0).max(5),
  levelName: z.enum(levelNames),
  score: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Checks passed (a warning counts half) among those not skipped, in percent.'),
  checks: z.array(CheckResult),
});
export type AuditReport = z.infer<typeof AuditReport>;
