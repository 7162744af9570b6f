// An idle process gives its grown heap back on V8's own schedule: with the renewal running, V8's
// memory reducer starts its collection a few of its 8 s ticks after a burst of work ends, where
// without it Node 24 waits for the reducer's 100 s watchdog. A child process shows it in V8's trace.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const idleHeap = fileURLToPath(new URL('../../src/kernel/idle-heap.ts', import.meta.url));

/** A burst of garbage, then idle: whether V8's memory reducer started a collection before the deadline. */
function reducerAfterBurst(deadlineMs: number): Promise<{ started: boolean; trace: string }> {
  const child = spawn(
    process.execPath,
    [
      '--trace-memory-reducer',
      '--input-type=module',
      '-e',
      `import { letIdleHeapShrink } from ${JSON.stringify(idleHeap)};
letIdleHeapShrink();
let kept = [];
for (let round = 0; round < 60; round += 1) {
  kept.push(Array.from({ length: 100_000 }, (_, index) => ({ round, index })));
  if (kept.length > 8) kept.shift();
}
kept = undefined;
setTimeout(() => {}, ${deadlineMs});`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let trace = '';
  const started = (): boolean => /Memory reducer: started GC/.test(trace);
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      child.kill();
      resolve({ started: started(), trace });
    };
    const timer = setTimeout(finish, deadlineMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      trace += chunk;
      if (started()) finish();
    });
    child.once('exit', finish);
  });
}

describe('the idle heap', () => {
  it("lets V8's memory reducer collect within 40 s of a burst, well before its 100 s watchdog", async () => {
    const { started, trace } = await reducerAfterBurst(40_000);
    assert.ok(started, `no memory-reducer collection within 40 s:\n${trace.slice(-2000)}`);
  });
});
