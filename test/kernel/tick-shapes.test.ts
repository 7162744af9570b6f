// process.nextTick stays on V8's fast path through full collections once keepTickShapes holds one
// of its queue entries: a child process collects fully again and again between bursts of nextTick
// calls, then prints nextTick's feedback (V8's %DebugPrint), whose literal slots must not have given
// up (megamorphic). Without the hold they do, after the first few collections.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const tickShapes = fileURLToPath(new URL('../../src/kernel/tick-shapes.ts', import.meta.url));

/** nextTick's feedback as V8 prints it, after `collections` full collections between bursts of calls. */
function feedbackAfterCollections(collections: number): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--input-type=module',
      '-e',
      `import { keepTickShapes } from ${JSON.stringify(tickShapes)};
const stop = keepTickShapes();
const noop = () => {};
const burst = () => new Promise((resolve) => {
  for (let i = 0; i < 2000; i += 1) process.nextTick(noop);
  setImmediate(resolve);
});
await burst();
for (let round = 0; round < ${collections}; round += 1) {
  globalThis.gc();
  await burst();
}
new Function('f', '%DebugPrint(f)')(process.nextTick);
stop();`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(printed) : reject(new Error(`child exited ${code}`))));
  });
}

describe('nextTick entry classes', () => {
  it('keep nextTick’s object-literal feedback from going megamorphic through 30 full collections', async () => {
    const printed = await feedbackAfterCollections(30);
    const slots = printed.match(/DefineKeyedOwnPropertyInLiteral [A-Z]+/g) ?? [];
    assert.ok(slots.length > 0, `no literal slot in nextTick's feedback:\n${printed.slice(0, 3000)}`);
    assert.deepEqual(
      slots.filter((slot) => slot.endsWith('MEGAMORPHIC')),
      [],
      `nextTick's literal slots: ${slots.join(', ')}`,
    );
  });
});
