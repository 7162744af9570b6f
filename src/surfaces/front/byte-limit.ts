// A bound on a request body streamed through the front to the origin: past `maxBytes` the stream
// fails, so the request is not passed on whole. (The origin's answer is bounded by undici itself.)
import { Transform } from 'node:stream';

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  readonly statusCode = 413;
}

export function byteLimit(maxBytes: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new BodyTooLargeError(`${what} is larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}
