// Rate limiting for /agent/* and /api/*: routes marked `config.rateLimit = 'contact'` spend the
// contact budget inside the enquiry path; every other request spends the shared 300/min budget
// here. Every response gets the RateLimit headers of the budget it belongs to.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { contactPolicy, generalPolicy, rateLimitHeaders, type RateLimitState, type RatePolicy } from '../domain/rate-limit.ts';
import { throttledWarn } from '../log-throttle.ts';
import type { Services } from '../services.ts';
import type { RateLimitName } from './agent/operation.ts';
import { clientOf, rateLimitStateOf, setRateLimitState } from './agent/request-state.ts';

function policyOf(request: FastifyRequest): RatePolicy {
  const name = (request.routeOptions.config as { rateLimit?: RateLimitName } | undefined)?.rateLimit;
  return name === 'contact' ? contactPolicy : generalPolicy;
}

export function useRateLimits(app: FastifyInstance, services: Services): void {
  const warnUnavailable = throttledWarn(services.logger);
  app.addHook('onRequest', async (request) => {
    const policy = policyOf(request);
    if (policy === contactPolicy) return;
    let state;
    try {
      state = await services.rateLimiter.take(policy, clientOf(request, services));
    } catch (error) {
      // The counter store is down: serve the request (health must still answer) rather than fail it.
      warnUnavailable({ err: error }, 'rate-limit counters unavailable; requests let through');
      return;
    }
    setRateLimitState(request, state);
    if (!state.allowed) {
      throw new AppError('rate_limited', 'Too many requests from this client; retry after the given number of seconds.', {
        retryAfter: state.retryAfter ?? 1,
      });
    }
  });

  const setHeaders = (reply: FastifyReply, state: RateLimitState): void => {
    const headers = rateLimitHeaders(state);
    const retryAfter = headers['Retry-After'];
    delete headers['Retry-After'];
    reply.headers(headers);
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after') && retryAfter) reply.header('Retry-After', retryAfter);
  };
  // A callback hook: most responses already hold their state and need no promise (bench/).
  // A fault here must not fail the response: an error thrown while sending would reach Fastify's
  // last-resort handler, which writes the error's own message.
  app.addHook('onSend', (request, reply, payload, done) => {
    try {
      const state = rateLimitStateOf(request);
      if (state !== undefined) {
        setHeaders(reply, state);
        return done(null, payload);
      }
      services.rateLimiter.peek(policyOf(request), clientOf(request, services)).then(
        (peeked) => (setHeaders(reply, peeked), done(null, payload)),
        () => done(null, payload),
      );
    } catch {
      done(null, payload);
    }
  });
}
