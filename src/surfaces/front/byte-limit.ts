// A bound on a body streamed through the front: past `maxBytes` the stream fails, so neither a
// request to the origin nor the origin's answer is passed on whole.
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
