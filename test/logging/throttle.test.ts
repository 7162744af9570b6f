// A warning repeated at request rate is written once per interval, with the count held back.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { throttledWarn } from '../../src/kernel/log-throttle.ts';

function capturingLogger(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('throttledWarn', () => {
  it('writes the first warning, holds back repeats within the interval, then reports how many', async () => {
    const { logger, lines } = capturingLogger();
    const warn = throttledWarn(logger, 100);
    for (let i = 0; i < 5; i += 1) warn({ attempt: i }, 'store unavailable');
    await new Promise((resolve) => setTimeout(resolve, 150));
    warn({ attempt: 5 }, 'store unavailable');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(lines.length, 2);
    assert.deepEqual([lines[0]!.attempt, lines[0]!.suppressed], [0, undefined]);
    assert.deepEqual([lines[1]!.attempt, lines[1]!.suppressed, lines[1]!.msg], [5, 4, 'store unavailable']);
  });
});
