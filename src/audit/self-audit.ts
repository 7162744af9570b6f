// The site's own drift monitor as /developers shows it: the audit of BASE_URL in operator mode (the
// site may be on a private address), run when first asked for and again when the last one is an
// hour old, in the background, never more than one at a time. Only the latest result is kept, in memory.
import type { Logger } from '../kernel/logger.ts';
import type { AuditReport } from './report.ts';
import { auditInWorker } from './worker/audit-in-worker.ts';

/** How old the latest self-audit may be before a view starts the next one. */
export const selfAuditEveryMs = 60 * 60_000;

export type SelfAuditState =
  | { kind: 'none' }
  | { kind: 'report'; report: AuditReport }
  /** The site's own home page did not answer the auditor. */
  | { kind: 'unreachable'; at: string; reason: string };

export interface SelfAudit {
  /** The latest result; starts the next audit in the background when none ran or it is an hour old. */
  latest(): SelfAuditState;
  /** Resolves when the audit under way (if any) is done: for tests. */
  settled(): Promise<void>;
  /** Stops starting audits; one under way finishes on its own and is not kept. */
  close(): void;
}

export function createSelfAudit(options: {
  baseUrl: string;
  logger: Logger;
  /**
   * The site's language, which its report's findings are written in: read as each audit starts, so a
   * content change that names another language reaches the next report without a restart.
   */
  language?: () => string | undefined;
  now?: () => number;
  audit?: (url: string, language: string | undefined) => Promise<AuditReport>;
}): SelfAudit {
  const now = options.now ?? Date.now;
  const audit =
    options.audit ??
    ((url, language) => auditInWorker(url, { policy: { mode: 'operator' }, ...(language && { language }) }));
  let state: SelfAuditState = { kind: 'none' };
  let startedAt = -Infinity;
  let running: Promise<void> | undefined;
  let closed = false;
  const start = (): void => {
    startedAt = now();
    running = audit(options.baseUrl, options.language?.())
      .then(
        (report) => {
          if (!closed) state = { kind: 'report', report };
        },
        (error: unknown) => {
          if (!closed)
            state = { kind: 'unreachable', at: new Date(startedAt).toISOString(), reason: (error as Error).message };
          options.logger.warn({ err: error }, 'self-audit could not run');
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  return {
    latest() {
      if (!closed && !running && now() - startedAt >= selfAuditEveryMs) start();
      return state;
    },
    settled: async () => {
      await running;
    },
    close: () => {
      closed = true;
    },
  };
}
