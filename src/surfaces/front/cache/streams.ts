// The origin's body on its way to the client, copied aside for the cache: streamed as it arrives,
// kept only when it ends whole and within the bound (a failed or cut-off answer is never stored).
import { pipeline, type Readable, Transform } from 'node:stream';

/** `source` passed through; `onComplete` gets its bytes when it ended whole within `maxBytes`. */
export function keepWhileSending(source: Readable, maxBytes: number, onComplete: (body: Buffer) => void): Readable {
  let chunks: Buffer[] | undefined = [];
  let size = 0;
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunks) {
        size += chunk.length;
        if (size > maxBytes) chunks = undefined;
        else chunks.push(chunk);
      }
      done(null, chunk);
    },
    flush(done) {
      if (chunks) onComplete(Buffer.concat(chunks, size));
      done();
    },
  });
  // An error on either side ends both; the client sees a cut-off answer, the cache keeps nothing.
  pipeline(source, copy, () => {});
  return copy;
}

/** Reads a body to its end (an answer nobody waits for, so that it is stored). */
export async function readAll(body: Readable): Promise<void> {
  for await (const _chunk of body);
}
