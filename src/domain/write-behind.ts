// The timer both write-behind rate limiters share: one write at a time, every `flushMs`, and on
// demand. Counts added during a running write are not in it, so `flushFresh` waits for that write
// and then runs another; `close` stops the timer and writes what is pending.
export interface WriteBehind {
  /** Joins the running write, or starts one. */
  flush(): Promise<void>;
  /** A write that starts after this call, so it holds everything counted before it. */
  flushFresh(): Promise<void>;
  close(): Promise<void>;
}

export function writeBehind(writeOnce: () => Promise<void>, flushMs = 200): WriteBehind {
  let running: Promise<void> | undefined;
  const flush = (): Promise<void> => {
    running ??= writeOnce().finally(() => (running = undefined));
    return running;
  };
  const flushFresh = async (): Promise<void> => {
    await running;
    await flush();
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    flush,
    flushFresh,
    async close() {
      clearInterval(timer);
      await flushFresh();
    },
  };
}
