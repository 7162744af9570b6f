// Process tuning for `npm start`, imported first by main.ts before it imports the app (tests, which
// start the app in-process, do not get it):
// - V8's compile cache: a restart skips compiling the app chunk of the dist/ bundle, which main.mjs
//   imports after this (cold start; it does not skip type stripping, which is why `npm start` runs the
//   bundle). It lives in the OS temporary folder; an unwritable folder only means no cache.
// - An idle trim: after a burst V8 keeps the heap it grew to (hundreds of MB on a large-memory host)
//   until its memory reducer happens to run. When the event loop has been idle for a while and the
//   heap holds much more than it uses, one compacting "last resort" GC hands the rest back to the OS;
//   and after a burst the C heap's free pages are handed back as well (c-heap-trim.ts).
import module from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { trimCHeap } from './c-heap-trim.ts';

module.enableCompileCache?.();

/**
 * A check costs a few microseconds. Two intervals pass before a trim (the one the load ended in is
 * still busy), so a burst's heap goes back within 2-4 s of the load stopping.
 */
const checkEveryMs = 2_000;
/** Below this share of the last interval busy, the process counts as idle. */
const idleUtilization = 0.05;
/** Heap allocated beyond what is in use that makes a trim worth a pause of a few tens of ms. */
const slackBytes = 16 * 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as ((options: object) => void) | undefined;
let last = performance.eventLoopUtilization();
/**
 * Idle intervals left in which to trim the C heap: set by a busy one, so a quiet process is left
 * alone. Two, because memory a GC releases can reach free() only after the interval the GC ran in.
 */
let cHeapTrimsDue = 0;
setInterval(() => {
  const now = performance.eventLoopUtilization();
  const busy = performance.eventLoopUtilization(now, last).utilization;
  last = now;
  if (busy >= idleUtilization) {
    cHeapTrimsDue = 2;
    return;
  }
  const heap = v8.getHeapStatistics();
  if (heap.total_heap_size - heap.used_heap_size > slackBytes) {
    gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  }
  if (cHeapTrimsDue > 0) {
    cHeapTrimsDue -= 1;
    trimCHeap();
  }
}, checkEveryMs).unref();
