// Rate limiting for /agent/*, /api/* and the A2A agent on the site listener: every request spends the shared 300/min budget here (per client
// address, or its operator's budget when the caller is a verified agent), so a
// flood of invalid contact posts is refused too; routes marked `config.rateLimit = 'contact'` (or
// 'audit') also spend that budget inside their domain path when the act goes ahead. Every response
// gets the RateLimit headers of the budget it belongs to (the route's own, unless the shared one refused).
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { readBudget } from '../domain/callers/budget.ts';
import { AppError } from '../kernel/errors.ts';
import { requestBudgetSpentMessage } from '../domain/error-wording.ts';
import {
  auditPolicy,
  contactPolicy,
  generalPolicy,
  rateLimitHeaders,
  takeAtOnce,
  type RateLimitState,
  type RatePolicy,
} from '../domain/rate-limit/rate-limit.ts';
import { throttledWarn } from '../kernel/log-throttle.ts';
import type { Services } from '../app/services.ts';
import { callerOf, clientOf, rateLimitStateOf, setRateLimitState, settledCallerOf } from './request-state.ts';

/** The budget a route spends besides the shared one: `config: { rateLimit: 'contact' }` (or `'audit'`) on the route. */
export type RateLimitName = 'contact' | 'audit' | 'general';

type HookDone = HookHandlerDoneFunction;

function policyOf(request: FastifyRequest): RatePolicy {
  const name = (request.routeOptions.config as { rateLimit?: RateLimitName } | undefined)?.rateLimit;
  return name === 'contact' ? contactPolicy : name === 'audit' ? auditPolicy : generalPolicy;
}

export function useRateLimits(app: FastifyInstance, services: Services): void {
  const warnUnavailable = throttledWarn(services.logger);
  /** The budget a request spends: a read's (its verified operator's, else its address's), or its route's own (contact, audit: per address). */
  const budgetOf = (request: FastifyRequest, policy: RatePolicy): [RatePolicy, string] =>
    policy !== generalPolicy
      ? [policy, clientOf(request, services)]
      : readBudget(settledCallerOf(request), clientOf(request, services), services.config.agentRateLimitPerMinute);
  // The counter store is down: serve the request (health must still answer) rather than fail it.
  const letThrough = (error: unknown, done: HookDone): void => {
    warnUnavailable({ err: error }, 'rate-limit counters unavailable; requests let through');
    done();
  };
  const decide = (request: FastifyRequest, state: RateLimitState, done: HookDone): void => {
    if (policyOf(request) === generalPolicy || !state.allowed) setRateLimitState(request, state);
    if (state.allowed) done();
    else
      done(
        new AppError('rate_limited', requestBudgetSpentMessage, {
          retryAfter: state.retryAfter ?? 1,
        }),
      );
  };
  const spend = (request: FastifyRequest, done: HookDone): void => {
    let state: RateLimitState | Promise<RateLimitState>;
    try {
      state = takeAtOnce(services.rateLimiter, ...budgetOf(request, generalPolicy));
    } catch (error) {
      letThrough(error, done);
      return;
    }
    if (state instanceof Promise)
      state.then(
        (settled) => decide(request, settled, done),
        (error: unknown) => letThrough(error, done),
      );
    else decide(request, state, done);
  };
  // A callback hook that answers in the same tick when the caller is known and the count is in
  // memory (an unsigned read): an async hook costs promises on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    // Unsigned requests are classified at once; a signed one waits for its verification here.
    const caller = callerOf(request, services).get();
    if (caller instanceof Promise)
      caller.then(
        () => spend(request, done),
        (error: unknown) => done(error as Error),
      );
    else spend(request, done);
  });

  const setHeaders = (reply: FastifyReply, state: RateLimitState): void => {
    // Retry-After belongs to a refusal only (below), not to every response of the budget.
    const { 'Retry-After': _retryAfter, ...headers } = rateLimitHeaders(state);
    reply.headers(headers);
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after') && state.retryAfter !== undefined)
      reply.header('Retry-After', String(state.retryAfter));
  };
  // A callback hook: most responses already hold their state and need no promise.
  // A fault here must not fail the response: an error thrown while sending would reach Fastify's
  // last-resort handler, which writes the error's own message.
  app.addHook('onSend', (request, reply, payload, done) => {
    try {
      const state = rateLimitStateOf(request);
      if (state !== undefined) {
        setHeaders(reply, state);
        return done(null, payload);
      }
      services.rateLimiter.peek(...budgetOf(request, policyOf(request))).then(
        (peeked) => {
          setHeaders(reply, peeked);
          done(null, payload);
        },
        () => done(null, payload),
      );
    } catch {
      done(null, payload);
    }
  });
}
