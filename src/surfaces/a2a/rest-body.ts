// The HTTP+JSON binding reads JSON bodies itself so that a malformed, oversized or misshapen body is
// the protocol's RequestMalformedError (a google.rpc.Status body), not Fastify's own error.
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { FastifyInstance } from 'fastify';
import { notJsonMessage } from './failures.ts';
import { assertBoundedBody, assertRequestShape } from './request-bounds.ts';

export function useRestJsonBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    ['application/json', 'application/a2a+json'],
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      let parsed: unknown;
      try {
        parsed = (body as string).trim() === '' ? {} : JSON.parse(body as string);
      } catch {
        return done(new RequestMalformedError({ message: notJsonMessage }), undefined);
      }
      try {
        // Before any route runs, as on the JSON-RPC binding.
        assertBoundedBody(parsed);
        assertRequestShape(parsed as Record<string, unknown>);
        done(null, parsed);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
