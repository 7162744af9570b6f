// The audit as the public surfaces offer it (REST, the /audit form, MCP, A2A): public hosts only
// (and AUDIT_ALLOW_HOSTS), the audit budget per client, a bound on audits running at once on this
// instance, each audit in its own worker thread, and each report kept under an unguessable id for
// REPORT_RETENTION_DAYS, then deleted. A report is read back on the site it was run on only.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from '../kernel/logger.ts';
import { deleteExpiredAuditReports, findAuditReport, insertAuditReport } from '../store/audit-reports.ts';
import type { Tables } from '../store/schema.ts';
import { AppError, invalidRequest } from '../kernel/errors.ts';
import { auditBudgetSpentMessage, auditorBusyMessage } from '../domain/error-wording.ts';
import { auditPolicy, type RateLimiter, type RateLimitState } from '../domain/rate-limit/rate-limit.ts';
import { currentSiteKey } from '../domain/sites/site-scope.ts';
import { parseOrThrow } from '../domain/validation.ts';
import { auditInput, withScheme } from './audit-input.ts';
import { parseAllowList, publicPolicy, type FetchPolicy } from './fetch/address-policy.ts';
import { clipUrl, FetchRefused } from './fetch/errors.ts';
import { endedCheckWords, fetchReasonWords } from './words/fetch-reasons.ts';
import { checkTarget } from './fetch/target.ts';
import type { AuditLimits } from './fetch/limits.ts';
import { AuditReport } from './report.ts';
import { reboundReport } from './verdict.ts';
import { SiteUnreachable } from './site-unreachable.ts';
import { auditInWorker } from './worker/audit-in-worker.ts';
import type { IsolationLimits } from './worker/isolation.ts';
import { busyRetryAfterSeconds, createRunningAudits, maxRunningAudits } from './running-audits.ts';

/** The audited site's home page did not answer: a 502 on REST, an input error naming `url` to agents. */
export class AuditedSiteUnreachable extends AppError {
  constructor(message: string) {
    super('upstream_error', message);
  }
}

/** Days a public report can be read back; then it is deleted. */
export const reportRetentionDays = 30;
const dayMs = 86_400_000;
const purgeEveryMs = 60 * 60_000;

export interface PublicAuditResult {
  /** The report's id: its page is /audits/<id>. */
  id: string;
  report: AuditReport;
  /** The caller's audit budget after this audit (for the RateLimit headers). */
  rateLimit: RateLimitState;
}

export interface PublicAudits {
  /**
   * Audits `input.url` for `client` and keeps the report. Throws AppError: invalid_request (field
   * `url`) for a bad or refused URL, rate_limited when the budget or every slot is taken,
   * upstream_error when the site's home page does not answer.
   */
  run(input: unknown, client: string): Promise<PublicAuditResult>;
  /** A kept report, or undefined when the id is unknown or its report has expired. */
  find(id: string): Promise<AuditReport | undefined>;
  /** A kept report and when it expires (ISO), for what keeps its rendering. */
  findKept(id: string): Promise<{ report: AuditReport; expiresAt: string } | undefined>;
  purge(now?: Date): Promise<number>;
  /** How many purges have deleted reports: what keeps a report's rendering keys it by, so none outlives its report. */
  readonly purges: number;
  close(): void;
}

export interface PublicAuditOptions {
  db: Kysely<Tables>;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** AUDIT_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  /** Where the auditor is explained (named in its User-Agent). */
  explainedAt?: string;
  /** The language the reports' findings are written in: the site's. */
  language?: string;
  maxRunning?: number;
  limits?: Partial<AuditLimits>;
  /** The worker thread's heap cap and hard time limit (tests shorten them). */
  isolation?: Partial<IsolationLimits>;
}

/** Report ids: 128 random bits, base64url. */
const idPattern = /^[A-Za-z0-9_-]{22}$/;

/** Whether `id` has a report id's form (it may still name no report). */
export function isReportId(id: string): boolean {
  return idPattern.test(id);
}

export function createPublicAudits(options: PublicAuditOptions): PublicAudits {
  const { db, rateLimiter, logger } = options;
  const policy: FetchPolicy = publicPolicy(parseAllowList(options.allowHosts));
  const slots = createRunningAudits(options.maxRunning ?? maxRunningAudits);
  let purges = 0;
  const purge = async (now = new Date()): Promise<number> => {
    const deleted = await deleteExpiredAuditReports(db, now.toISOString());
    if (deleted > 0) purges += 1;
    return deleted;
  };
  const timer = setInterval(() => {
    purge().catch((error: unknown) => logger.warn({ err: error }, 'audit report retention delete failed'));
  }, purgeEveryMs).unref();

  const run = async (input: unknown, client: string): Promise<PublicAuditResult> => {
    const url = withScheme(parseOrThrow(auditInput, input).url);
    // A URL refused as written spends nothing; a name found to resolve to a refused address is refused below.
    refuseUrl(() => checkTarget(url, policy), options.language);
    if (!slots.tryEnter()) {
      throw new AppError('rate_limited', auditorBusyMessage, { retryAfter: busyRetryAfterSeconds });
    }
    try {
      const rateLimit = await rateLimiter.take(auditPolicy, client);
      if (!rateLimit.allowed) {
        throw new AppError('rate_limited', auditBudgetSpentMessage, {
          retryAfter: rateLimit.retryAfter ?? 1,
        });
      }
      const report = await audit(url);
      const id = randomBytes(16).toString('base64url');
      const now = new Date();
      await insertAuditReport(db, {
        site: currentSiteKey(),
        id,
        body: JSON.stringify(report),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + reportRetentionDays * dayMs).toISOString(),
      });
      return { id, report, rateLimit };
    } finally {
      slots.leave();
    }
  };

  const audit = async (url: string): Promise<AuditReport> => {
    try {
      return await auditInWorker(url, {
        policy: { mode: 'public', allowHosts: options.allowHosts },
        ...(options.explainedAt && { explainedAt: options.explainedAt }),
        ...(options.limits && { limits: options.limits }),
        ...(options.language && { language: options.language }),
        ...(options.isolation && { isolation: options.isolation }),
      });
    } catch (error) {
      // The name resolved to a refused address, or the home page redirected to one.
      if (error instanceof FetchRefused) throw refusedUrl(error, options.language);
      if (error instanceof SiteUnreachable) throw new AuditedSiteUnreachable(error.message);
      throw error;
    }
  };

  const findKept = async (id: string): Promise<{ report: AuditReport; expiresAt: string } | undefined> => {
    if (!idPattern.test(id)) return undefined;
    const row = await findAuditReport(db, currentSiteKey(), id, new Date().toISOString());
    return row && { report: reboundReport(AuditReport.parse(JSON.parse(row.body))), expiresAt: row.expiresAt };
  };

  return {
    run,
    find: async (id) => (await findKept(id))?.report,
    findKept,
    purge,
    get purges() {
      return purges;
    },
    close: () => clearInterval(timer),
  };
}

/** Runs `check`; a FetchRefused it throws becomes a 400 naming the `url` field. */
function refuseUrl(check: () => unknown, language: string | undefined): void {
  try {
    check();
  } catch (error) {
    throw error instanceof FetchRefused ? refusedUrl(error, language) : error;
  }
}

/** The refusal as the `url` field's problem, in the site's language. */
function refusedUrl(error: FetchRefused, language: string | undefined): AppError {
  const { key, values } = error.reason;
  const reason = fetchReasonWords(language)(key, values);
  const message = endedCheckWords(language)('notAuditedHere', { url: clipUrl(error.url), reason });
  return invalidRequest([{ field: 'url', message }]);
}
