// CORS for both A2A bindings: browser agents may call from any origin, as the discovery documents
// and /agent allow; preflights name the A2A service-parameter headers.
import type { FastifyInstance } from 'fastify';
import { corsHeaders, preflightHeaders } from '../http/agent/headers.ts';

const cors = corsHeaders();

/** Adds the CORS headers to every answer of `scope` and answers preflights at `paths`. */
export function useA2aCors(scope: FastifyInstance, paths: string[], methods: string[]): void {
  const allow = [...methods, 'OPTIONS'];
  const preflight = { ...preflightHeaders(allow), 'Access-Control-Allow-Headers': 'Content-Type, A2A-Version, A2A-Extensions', Allow: allow.join(', ') };
  scope.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(cors);
    done(null, payload);
  });
  for (const path of paths) scope.options(path, async (_request, reply) => reply.code(204).headers(preflight).send());
}
