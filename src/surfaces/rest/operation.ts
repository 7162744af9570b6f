// What one REST operation declares: its contract (zod schemas, responses, headers) and its handler.
// A version module is a list of these; the router and the OpenAPI builder both read them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config/config.ts';
import type { Services } from '../../app/services.ts';
import type { CapabilityKey } from '../../capabilities/names.ts';
import type { ResponseHeaderName } from './openapi/components.ts';

import type { RateLimitName } from '../../http/rate-limit-hooks.ts';

export type { RateLimitName };

/** Where an operation is mounted: `/agent` (unversioned alias) or `/agent/v1` (pinned). */
export interface Mount {
  /** Path prefix, e.g. "/agent" or "/agent/v1". */
  basePath: string;
  version: ApiVersion;
}

export interface OperationContext {
  services: Services;
  mount: Mount;
}

export interface SuccessResponse {
  status: number;
  description: string;
  schema: z.ZodType;
  /** Headers beyond the ones every response carries. */
  headers?: ResponseHeaderName[];
}

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path below the mount, e.g. "/health". */
  path: string;
  summary: string;
  description: string;
  tag: string;
  rateLimit: RateLimitName;
  requestBody?: { schema: z.ZodType; description: string };
  /** Query parameters, as one zod object whose fields are the parameters. */
  query?: z.ZodObject;
  requestHeaders?: { name: string; description: string; schema: z.ZodType }[];
  success: SuccessResponse;
  /** Error statuses this operation can answer with besides 405, 429 and 500 (which all can). */
  errors: number[];
  /** Resolves to the answer, or sends it at once and returns the reply (an answer that waits on nothing). */
  handler(context: OperationContext): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | FastifyReply;
}

/** A capability of the catalogue a version serves by its route, at this place of its contract. */
export interface ServedCapability {
  capability: CapabilityKey;
}

export interface ApiVersion {
  /** Major version, e.g. "1"; also the API-Version header value. */
  version: string;
  /** In contract order; routed capabilities the version does not name follow them. */
  operations: readonly (Operation | ServedCapability)[];
  /** When set, this version is deprecated and retires at that instant. */
  sunset(config: Config): Date | undefined;
}
