// The one way a capability call runs, whatever surface received it (MCP, A2A, REST): authentication,
// input validation (once), the read budget, the result memo of stable capabilities, the handler,
// output validation, then agent insight and metrics. Surfaces only translate their protocol to a
// CapabilityCall and render what comes back; every rule of a call lives here, once.
import type { Caller } from '../domain/callers/caller.ts';
import { parseOrThrow } from '../domain/validation.ts';
import { internalErrorMessage } from '../domain/error-wording.ts';
import { AppError } from '../kernel/errors.ts';
import { throttledLog } from '../kernel/log-throttle.ts';
import type { Logger } from '../kernel/logger.ts';
import type { CapabilityResult } from './capability.ts';
import { spendReadBudget } from './pipeline-budget.ts';
import type { CapabilityCall, PipelineDeps, Surface } from './pipeline-call.ts';
import { recordCall } from './pipeline-record.ts';
import { resultKeeper } from './pipeline-memo.ts';

export type { CallMetrics, CapabilityCall, PipelineDeps, Surface } from './pipeline-call.ts';

export interface CallPipeline {
  /** The call's result, or throws AppError (never anything else, never a protocol error). */
  run(call: CapabilityCall): Promise<CapabilityResult>;
}

const inputNames: Record<Surface, string> = { mcp: 'arguments', a2a: 'input', rest: 'body' };

/**
 * @example
 * const pipeline = createCallPipeline({ config, rateLimiter, insight, cache, metrics, logger });
 * const { structured, text } = await pipeline.run({
 *   capability, sent: request.body, surface: 'rest', context, caller, readBudgetSpent: true,
 * });
 */
export function createCallPipeline(deps: PipelineDeps): CallPipeline {
  // A client's fault that can repeat at request rate: info, at most one line per 30 s.
  const logRefusal = throttledLog(deps.logger, 'info');
  const keptResult = resultKeeper(deps.cache);
  const steps = async (call: CapabilityCall, caller: Caller | undefined): Promise<CapabilityResult> => {
    const { capability, context } = call;
    const { authentication } = capability;
    if (authentication.scheme === 'bearer' && !authentication.accepts(context.authorization)) {
      const keySent = Boolean(context.authorization);
      // The reason only: the header's value is never logged or echoed.
      logRefusal({ capability: capability.name, reason: keySent ? 'key_not_accepted' : 'no_key' }, 'key refused');
      throw new AppError('unauthorized', authentication.refusal(keySent));
    }
    const input = parseOrThrow(capability.input, call.sent ?? {}, call.inputName ?? inputNames[call.surface]);
    if (capability.budget === 'read' && !call.readBudgetSpent) await spendReadBudget(deps, call, caller);
    return keptResult(capability, input, () => handled(call, input));
  };
  return {
    async run(call) {
      const caller = await call.caller;
      try {
        const result = await steps(call, caller);
        recordCall(deps, call, caller, result);
        return result;
      } catch (error) {
        const failure = asAppError(error, call, deps.logger);
        recordCall(deps, call, caller, failure);
        throw failure;
      }
    },
  };
}

/** The handler's result with its structured output validated (and stripped to the schema's keys). */
async function handled(call: CapabilityCall, input: unknown): Promise<CapabilityResult> {
  const { capability } = call;
  const result = await capability.handle(input as never, call.context, call.sent);
  return { ...result, structured: capability.output.parse(result.structured) };
}

/** An AppError as it is; anything else is a fault of ours, logged here and hidden from the caller. */
function asAppError(error: unknown, call: CapabilityCall, logger: Logger): AppError {
  if (error instanceof AppError) return error;
  logger.error({ err: error, capability: call.capability.name, surface: call.surface }, 'capability call failed');
  return new AppError('internal_error', internalErrorMessage);
}
