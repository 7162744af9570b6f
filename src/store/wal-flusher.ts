// Flushes a SQLite WAL file to disk on libuv's thread pool for group commit (group-commit.ts):
// callers that arrive while a flush runs share the next one, so N concurrent commits cost ~2 flushes.
import fs from 'node:fs/promises';

/** Flushes the WAL file to disk, batching callers that arrive while a flush is running. */
export class WalFlusher {
  readonly #path: string;
  #handle: Promise<fs.FileHandle> | undefined;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  /** Completed flushes, for tests and diagnostics. */
  flushes = 0;

  constructor(walPath: string) {
    this.#path = walPath;
  }

  /** Resolves once everything committed before this call is on disk. */
  sync(): Promise<void> {
    // A flush that has not started yet will cover this commit too.
    if (this.#next) return this.#next;
    if (!this.#running) return this.#start();
    // The running flush may have started before this commit: wait for the one after it.
    this.#next = this.#running
      .catch(() => {})
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#running, this.#next]);
    const handle = this.#handle;
    this.#handle = undefined;
    await (await handle?.catch(() => undefined))?.close();
  }

  #start(): Promise<void> {
    const run = this.#flush().finally(() => {
      if (this.#running === run) this.#running = undefined;
    });
    this.#running = run;
    return run;
  }

  async #flush(): Promise<void> {
    this.#handle ??= fs.open(this.#path, 'r+');
    try {
      await (await this.#handle).datasync();
      this.flushes += 1;
    } catch (error) {
      this.#handle = undefined;
      throw error;
    }
  }
}
