// Keeps process.nextTick on V8's fast path for the life of the process. nextTick builds each entry
// of its queue as an object literal with symbol keys, and V8 keeps the hidden class each key leads
// to in nextTick's feedback, but holds those classes weakly: a full collection that meets no queue
// entry alive drops them, the next entry builds new ones, and after one or a few such collections
// the feedback gives up (megamorphic) for good. From then every nextTick defines its keys through
// V8's runtime, about 1 µs more each, and a page takes some 28 of them: about a sixth of a page's
// instructions. Whether a process is hit depends on when its full collections fall; one that loads
// many sites runs more of them. Holding one entry keeps its classes alive, so the feedback keeps
// what it learnt. The entry is caught with an async hook enabled for one nextTick call only.
import { createHook } from 'node:async_hooks';

/**
 * A field of an entry can widen while the process runs (its async ids pass the small-integer range
 * after about a billion), which makes new classes: a fresh entry is caught this often, and the last
 * few are held.
 */
const renewEveryMs = 10 * 60_000;
const entriesHeld = 3;
const held: object[] = [];

/** One queue entry of process.nextTick, as Node builds it. */
function catchTickEntry(): object | undefined {
  let entry: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') entry ??= resource;
    },
  }).enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return entry;
}

/** Holds nextTick's entry classes from now on (call it first thing); returns its stop. */
export function keepTickShapes(): () => void {
  const hold = (): void => {
    const entry = catchTickEntry();
    if (entry) held.push(entry);
    if (held.length > entriesHeld) held.shift();
  };
  hold();
  const timer = setInterval(hold, renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
