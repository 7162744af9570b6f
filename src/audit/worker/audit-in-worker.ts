// Runs an audit in a worker thread, so no page, document or client an audited site controls can
// hold the main thread (health, pages, every other caller). The worker has a heap cap and the audit
// a hard time limit (isolation.ts); a worker over either is terminated. One whose audit ended
// normally is kept a while for the next audit, so a busy auditor loads its modules once per worker.
// Throws as auditSite does: FetchRefused for a refused URL, SiteUnreachable when the home page does
// not answer or the audit had to be stopped.
import { Worker } from 'node:worker_threads';
import { FetchRefused } from '../fetch/errors.ts';
import { AuditReport } from '../report.ts';
import { SiteUnreachable } from '../site-unreachable.ts';
import { isolationLimits, type AuditJob, type IsolationLimits, type WorkerAnswer } from './isolation.ts';

export interface IsolatedAuditOptions extends Omit<AuditJob, 'url'> {
  isolation?: Partial<IsolationLimits>;
}

// Beside this module in the sources; beside the bundle's chunks in dist/ (scripts/build.ts).
const workerEntry = import.meta.url.endsWith('.ts')
  ? new URL('./audit-worker.ts', import.meta.url)
  : new URL('./audit-worker.mjs', import.meta.url);

interface Idle {
  worker: Worker;
  /** The resource limits it was started with: only an audit asking for the same may reuse it. */
  key: string;
  timer: NodeJS.Timeout;
}
const idle: Idle[] = [];

function takeWorker(limits: IsolationLimits): { worker: Worker; key: string } {
  const key = `${limits.maxHeapMb}/${limits.maxYoungGenerationMb}/${limits.stackMb}`;
  const at = idle.findIndex((entry) => entry.key === key);
  if (at >= 0) {
    const [entry] = idle.splice(at, 1);
    clearTimeout(entry!.timer);
    return { worker: entry!.worker, key };
  }
  const worker = new Worker(workerEntry, {
    resourceLimits: {
      maxOldGenerationSizeMb: limits.maxHeapMb,
      maxYoungGenerationSizeMb: limits.maxYoungGenerationMb,
      stackSizeMb: limits.stackMb,
    },
    stdout: false,
    stderr: false,
  });
  // An idle worker never keeps the process alive; one at work is awaited by its caller.
  worker.unref();
  return { worker, key };
}

function keepIdle(worker: Worker, key: string, limits: IsolationLimits): void {
  const timer = setTimeout(() => {
    idle.splice(
      idle.findIndex((entry) => entry.worker === worker),
      1,
    );
    void worker.terminate();
  }, limits.idleMs).unref();
  idle.push({ worker, key, timer });
}

export function auditInWorker(url: string, options: IsolatedAuditOptions): Promise<AuditReport> {
  const { isolation, ...job } = options;
  const limits: IsolationLimits = { ...isolationLimits, ...isolation };
  const { worker, key } = takeWorker(limits);
  return new Promise<AuditReport>((resolve, reject) => {
    const settle = (): void => {
      clearTimeout(timer);
      worker.off('message', answered).off('error', failed).off('exit', exited);
    };
    const stop = (error: Error): void => {
      settle();
      reject(error);
      void worker.terminate();
    };
    const answered = (answer: WorkerAnswer): void => {
      settle();
      if (answer.ok) resolve(AuditReport.parse(answer.report));
      else reject(rebuilt(answer));
      keepIdle(worker, key, limits);
    };
    const failed = (error: Error & { code?: string }): void =>
      stop(
        new SiteUnreachable(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the audit of ${url} needed more than ${limits.maxHeapMb} MB and was stopped`
            : `the audit of ${url} stopped: ${error.message}`,
        ),
      );
    const exited = (code: number): void => stop(new SiteUnreachable(`the audit of ${url} ended early (exit ${code})`));
    const timer = setTimeout(
      () => stop(new SiteUnreachable(`the audit of ${url} ran over ${limits.hardLimitMs / 1000} s and was stopped`)),
      limits.hardLimitMs,
    );
    worker.on('message', answered).on('error', failed).on('exit', exited);
    worker.postMessage({ url, ...job } satisfies AuditJob);
  });
}

function rebuilt(answer: Extract<WorkerAnswer, { ok: false }>): Error {
  if (answer.kind === 'refused' && answer.reason) return new FetchRefused(answer.url, answer.reason);
  if (answer.kind === 'unreachable') return new SiteUnreachable(answer.message);
  return new Error(answer.message);
}
