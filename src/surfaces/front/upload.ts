// A client's request body on its way to the origin: bounded in size, and dropped when the client
// stops sending, so an upload that never finishes cannot hold a connection to the origin.
import { Transform, type TransformCallback } from 'node:stream';

/** The body is larger than ORIGIN_REQUEST_BODY_MB: the client's to shrink (413). */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/** The client sent nothing for the idle deadline while the origin waited for more (408). */
export class UploadStalledError extends Error {
  override name = 'UploadStalledError';
}

class UploadGuard extends Transform {
  #seen = 0;
  readonly #timer: NodeJS.Timeout;
  readonly maxBytes: number;

  constructor(maxBytes: number, idleMs: number) {
    super();
    this.maxBytes = maxBytes;
    this.#timer = setTimeout(() => this.#idle(), idleMs);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#timer.refresh();
    this.#seen += chunk.length;
    if (this.#seen > this.maxBytes)
      done(new BodyTooLargeError(`the request body is larger than ${this.maxBytes} bytes`));
    else done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    clearTimeout(this.#timer);
    done();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    clearTimeout(this.#timer);
    done(error);
  }

  #idle(): void {
    // Bytes still waiting here are the origin's to read: its own deadlines govern that wait.
    if (this.readableLength > 0) this.#timer.refresh();
    else this.destroy(new UploadStalledError('the request body stopped arriving'));
  }
}

/** `source` passed through a guard: at most `maxBytes`, and no gap of `idleMs` with nothing to pass on. */
export function guardedUpload(source: NodeJS.ReadableStream, maxBytes: number, idleMs: number): Transform {
  const guard = new UploadGuard(maxBytes, idleMs);
  // Its failure is read where the exchange fails; one left unread must not end the process.
  guard.on('error', () => {});
  // A client that goes away mid-upload fails the body, so the origin's request fails with it.
  source.once('error', (error: Error) => guard.destroy(error));
  source.once('aborted', () => guard.destroy(new UploadStalledError('the client went away mid-upload')));
  return source.pipe(guard);
}
