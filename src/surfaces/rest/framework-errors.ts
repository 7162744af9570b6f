// Requests Fastify refuses before routing (a URL that does not decode): answered in our JSON error
// shape, with the /agent headers, instead of Fastify's own body.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { invalidRequest } from '../../kernel/errors.ts';
import { generalPolicy, rateLimitHeaders } from '../../domain/rate-limit/rate-limit.ts';
import type { Services } from '../../app/services.ts';
import { sendError } from '../../http/error-reply.ts';
import type { AgentHeaders } from './index.ts';
import { clientOf } from '../../http/request-state.ts';
import { versionOfPath } from './versions.ts';

export async function handleFrameworkError(
  services: Services,
  fixedHeaders: AgentHeaders,
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const path = request.raw.url ?? '';
  if (/^\/(agent|api)(\/|$|\?)/.test(path)) {
    const state = await services.rateLimiter.take(generalPolicy, clientOf(request, services)).catch(() => undefined);
    if (state) {
      const { 'Retry-After': _retry, ...headers } = rateLimitHeaders(state);
      reply.headers(headers);
    }
    if (path.startsWith('/agent')) reply.headers(fixedHeaders.get(versionOfPath(path))!);
  }
  sendError(reply, invalidRequest([{ field: 'url', message: 'is not a valid URL (bad percent-encoding)' }]));
}
