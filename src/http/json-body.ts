// The only body parser under /agent: JSON, at most 16 KiB, strict UTF-8. Anything else is refused
// (415) rather than guessed at; a body that is not JSON is a 400 naming the field "body".
import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../kernel/errors.ts';
import { bodyLimitBytes } from './error-reply.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A request body as text, or AppError invalid_request when it is not well-formed UTF-8 (never U+FFFD). */
export function decodeUtf8Body(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw invalidRequest([{ field: 'body', message: 'is not valid UTF-8' }]);
  }
}

/** Parses a request body as JSON or throws AppError invalid_request. */
export function parseJsonBody(body: Buffer): unknown {
  const text = decodeUtf8Body(body);
  if (text.trim() === '') throw invalidRequest([{ field: 'body', message: 'is empty; send a JSON object' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest([{ field: 'body', message: 'is not valid JSON' }]);
  }
}

/** Replaces the instance's body parsers with the JSON-only one. */
export function useJsonBodies(app: FastifyInstance): void {
  acceptBodiesOf(app, 'application/json', parseJsonBody);
}

/**
 * Makes `scope` read bodies of `contentType` alone, up to the body limit, with `parse`; a parse
 * that throws (an AppError naming the field) fails the request with that error.
 */
export function acceptBodiesOf(scope: FastifyInstance, contentType: string, parse: (body: Buffer) => unknown): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (_request, body, done) => {
    try {
      done(null, parse(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
