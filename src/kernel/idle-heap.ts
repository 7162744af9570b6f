// Lets an idle process give back the heap a burst of work grew. V8 returns that memory once its
// memory reducer sees that allocation has stopped, but from V8 13 (Node 24 and 26) it reads an
// embedder heap that has never allocated as allocating without pause: that heap's allocation rate
// is exactly 0, which the reducer's test takes as no idle time at all, so it waits for its watchdog,
// 100 s after the last full collection (nodejs/node#66564, crbug.com/570738027; Node 22 kept a floor
// of 1 byte/ms there and was idle within seconds). Node's own allocations on that heap are its `vm`
// scripts: compiling a trivial one now and then keeps the rate above 0 and far below the threshold,
// so the reducer's own test passes a few of its 8 s ticks after load stops. Nothing is collected
// here; when and how much to collect stays V8's decision.
import vm from 'node:vm';

/**
 * How often a script is compiled: the rate it leaves decays towards 0 between V8's samples, so it
 * is renewed well within the reducer's 100 s watchdog. One compile of `0` costs microseconds.
 */
const renewEveryMs = 10_000;

/** Starts the renewal for the life of the process (the timer never keeps it alive); returns its stop. */
export function letIdleHeapShrink(): () => void {
  const timer = setInterval(() => void new vm.Script('0'), renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
