// What an audit run off the main thread may cost, in one place: the audit reads hostile documents
// with parsers and SDK clients, so it runs in a worker thread under a heap cap and a hard time
// limit, and the thread is terminated when either is passed, whatever the audit is doing.
import { auditLimits, type AuditLimits } from '../fetch/limits.ts';
import type { FetchReason } from '../words/fetch-reasons.ts';

export const isolationLimits = {
  /** The worker's V8 heap (old generation): an audit keeps at most 8 MiB of documents. */
  maxHeapMb: 192,
  maxYoungGenerationMb: 32,
  /** The worker's stack: what a deep recursion in a parser may use before it throws. */
  stackMb: 4,
  /** Past the audit's own time limit (which ends its fetches), what the report may take to assemble. */
  hardLimitMs: auditLimits.auditTimeoutMs + 15_000,
  /** How long a worker whose audit ended normally waits for the next one before it is ended. */
  idleMs: 60_000,
} as const;

export type IsolationLimits = { [K in keyof typeof isolationLimits]: number };

/** A policy as it crosses to the worker: plain data, parsed again there. */
export type PolicySpec =
  | { mode: 'public'; allowHosts: readonly string[]; ports?: readonly string[] }
  | { mode: 'operator' };

/** One audit as it is sent to a worker. */
export interface AuditJob {
  url: string;
  policy: PolicySpec;
  explainedAt?: string;
  limits?: Partial<AuditLimits>;
  language?: string;
}

/** What the worker posts back: the report, or the error that ended the audit, by kind. */
export type WorkerAnswer =
  | { ok: true; report: unknown }
  | { ok: false; kind: 'refused' | 'unreachable' | 'other'; url: string; message: string; reason?: FetchReason };
