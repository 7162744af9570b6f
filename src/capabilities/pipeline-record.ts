// The last step of every capability call: agent insight (a visit with the surface and the status the
// outcome stands for, and the ask a query-declaring capability makes) and the metrics port's count
// by capability, surface and outcome. Recording never throws and never waits.
import type { Caller } from '../domain/callers/caller.ts';
import type { Insight } from '../domain/insight/recorder.ts';
import { AppError } from '../kernel/errors.ts';
import { askOfCall } from './ask-of-call.ts';
import type { CallMetrics, CapabilityCall } from './pipeline-call.ts';
import type { CapabilityResult } from './capability.ts';

export function recordCall(
  deps: { insight: Pick<Insight, 'enabled' | 'recordVisit' | 'recordAsk'>; metrics: CallMetrics },
  call: CapabilityCall,
  caller: Caller | undefined,
  outcome: CapabilityResult | AppError,
): void {
  const { capability, surface } = call;
  const failed = outcome instanceof AppError;
  deps.metrics.callEnded(capability.name, surface, failed ? 'error' : 'ok');
  if (!deps.insight.enabled || caller === undefined) return;
  if (!call.visitRecorded) {
    const status = failed ? outcome.httpStatus : 200;
    deps.insight.recordVisit({ surface, item: capability.name, caller, status });
  }
  // Insight names asks of the agent protocols only ("mcp-search", "a2a-search"); REST reads are visits.
  const prefix = surface === 'rest' ? undefined : surface;
  if (failed || prefix === undefined) return;
  const ask = askOfCall(capability, call.sent, outcome.structured);
  if (ask) deps.insight.recordAsk({ ...ask, source: `${prefix}-${ask.source}`, caller });
}
