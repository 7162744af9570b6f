// getHealth: GET …/health. Reports the service's own state and where its main endpoints are.
import { z } from 'zod';
import { healthStatus } from '../../../domain/health.ts';
import { describeRatePolicy } from '../../../domain/limit-wording.ts';
import { generalPolicy } from '../../../domain/rate-limit/rate-limit.ts';
import type { Operation } from '../operation.ts';

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
    const { baseUrl, mcpUrl } = services.config;
    const endpoints: HealthResponse['endpoints'] = {
      contact: `${baseUrl}${mount.basePath}/contact`,
      openapi: `${baseUrl}${mount.basePath}/openapi.json`,
      catalog: `${baseUrl}/.well-known/api-catalog`,
      mcp: mcpUrl,
    };
    // Sent at once, not through a promise: the answer waits on nothing.
    return (_request, reply) => {
      const health: HealthResponse = {
        status: healthStatus(services),
        service: pkg.name,
        version: pkg.version,
        time: new Date().toISOString(),
        endpoints,
      };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(health));
    };
  },
};

type HealthResponse = z.output<typeof healthResponseSchema>;
