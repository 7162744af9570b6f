// The audit worker thread's entry: runs each audit it is sent as auditSite does in-process and
// posts the report, or the error that ended it, back. A worker whose audit ended normally is kept
// for the next one (audit-in-worker.ts), so its modules are loaded once.
import { parentPort } from 'node:worker_threads';
import { operatorPolicy, parseAllowList, publicPolicy } from '../fetch/address-policy.ts';
import { FetchRefused } from '../fetch/errors.ts';
import { auditSite } from '../run-audit.ts';
import { SiteUnreachable } from '../site-unreachable.ts';
import type { AuditJob, WorkerAnswer } from './isolation.ts';

async function run(job: AuditJob): Promise<WorkerAnswer> {
  const policy =
    job.policy.mode === 'operator'
      ? operatorPolicy
      : publicPolicy(parseAllowList(job.policy.allowHosts), job.policy.ports ?? undefined);
  try {
    const report = await auditSite(job.url, {
      policy,
      ...(job.explainedAt && { explainedAt: job.explainedAt }),
      ...(job.limits && { limits: job.limits }),
      ...(job.language && { language: job.language }),
    });
    return { ok: true, report };
  } catch (error) {
    const kind = error instanceof FetchRefused ? 'refused' : error instanceof SiteUnreachable ? 'unreachable' : 'other';
    const url = error instanceof FetchRefused ? error.url : job.url;
    const reason = error instanceof FetchRefused ? error.reason : undefined;
    return { ok: false, kind, url, message: (error as Error).message, ...(reason && { reason }) };
  }
}

parentPort!.on('message', (job: AuditJob) => {
  void run(job).then((answer) => parentPort!.postMessage(answer));
});
