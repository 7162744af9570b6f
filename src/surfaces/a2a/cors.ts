// CORS for both A2A bindings: browser agents may send messages from any origin, as the discovery
// documents and /agent allow; preflights name the A2A service-parameter headers. Answers that read
// tasks back (GetTask, ListTasks, CancelTask) carry no grant: a page on another origin must not
// read the tasks of the visitor's agent.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { corsHeaders, preflightHeaders } from '../../http/cors-headers.ts';

const cors = corsHeaders();

/**
 * Adds the CORS headers to every answer of `scope` and answers preflights at `paths`. Call it before
 * the rate-limit hooks, so a refusal by them carries the headers too.
 */
export function useA2aCors(scope: FastifyInstance, paths: string[], methods: string[]): void {
  const allow = [...methods, 'OPTIONS'];
  const preflight = {
    ...preflightHeaders(allow),
    'Access-Control-Allow-Headers': 'Content-Type, A2A-Version, A2A-Extensions',
    Allow: allow.join(', '),
  };
  // Set when the request arrives, so a handler can take the grant back (withholdCors).
  scope.addHook('onRequest', async (_request, reply) => {
    reply.headers(cors);
  });
  for (const path of paths) scope.options(path, async (_request, reply) => reply.code(204).headers(preflight).send());
}

/** Takes back the CORS grant of this answer (it reads tasks). */
export function withholdCors(reply: FastifyReply): void {
  for (const name of Object.keys(cors)) reply.removeHeader(name);
}

/** JSON-RPC methods (1.0 and 0.3 names) whose answer is a stored task or a list of them. */
export const taskReadingMethods: ReadonlySet<string> = new Set([
  'GetTask',
  'ListTasks',
  'CancelTask',
  'tasks/get',
  'tasks/cancel',
]);
