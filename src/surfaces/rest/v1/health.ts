// getHealth: GET …/health. Reports the service's own state and where its main endpoints are.
import { z } from 'zod';
import { healthStatus } from '../../../domain/health.ts';
import { describeRatePolicy } from '../../../domain/limit-wording.ts';
import { generalPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import type { Services } from '../../../app/services.ts';
import type { Mount, Operation } from '../operation.ts';

import pkg from '../../../../package.json' with { type: 'json' };

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    service: z.string(),
    version: z.string(),
    time: z.iso.datetime(),
    endpoints: z.object({ contact: z.url(), openapi: z.url(), catalog: z.url(), mcp: z.url() }),
  })
  .meta({ id: 'HealthResponse' });

export const getHealth: Operation = {
  operationId: 'getHealth',
  method: 'GET',
  path: '/health',
  summary: 'Health check',
  description:
    "Reports the service's own state (`degraded` when its database is unreachable or refuses to record enquiries) without probing the CRM or " +
    `e-mail provider, and lists the main endpoints. Counted in the shared ${describeRatePolicy(generalPolicy)} budget.`,
  tag: 'Service',
  rateLimit: 'general',
  success: { status: 200, description: 'The service is answering.', schema: healthResponseSchema },
  errors: [],
  handler: ({ services, mount }) => {
    const body = healthBody(services, mount);
    // Sent at once, not through a promise: the answer waits on nothing.
    return (_request, reply) => reply.type(healthType).send(body());
  },
};

/** The Content-Type of a health answer. */
export const healthType = 'application/json; charset=utf-8';

/**
 * The body of a health answer at `mount`, made anew per call. Only the status and the time change:
 * the rest is serialised once, not on every poll. The bytes are JSON.stringify's of the whole
 * answer (same fields, same order).
 */
export function healthBody(services: Services, mount: Mount): () => string {
  const { baseUrl, mcpUrl } = services.config;
  const endpoints: HealthResponse['endpoints'] = {
    contact: `${baseUrl}${mount.basePath}/contact`,
    openapi: `${baseUrl}${mount.basePath}/openapi.json`,
    catalog: `${baseUrl}/.well-known/api-catalog`,
    mcp: mcpUrl,
  };
  const fixed = `"service":${JSON.stringify(pkg.name)},"version":${JSON.stringify(pkg.version)}`;
  const tail = `"endpoints":${JSON.stringify(endpoints)}}`;
  return () => {
    const status: HealthResponse['status'] = healthStatus(services);
    const time: HealthResponse['time'] = isoNow();
    return `{"status":"${status}",${fixed},"time":"${time}",${tail}`;
  };
}

type HealthResponse = z.output<typeof healthResponseSchema>;

// Formatting a date costs about half a microsecond, and a busy health check answers many polls in
// the same millisecond: each millisecond's text is made once.
let lastMs = Number.NaN;
let lastIso = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
