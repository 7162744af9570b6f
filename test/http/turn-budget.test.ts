// The turn budget of a listener under a flood: past its budget of requests in one turn of the event
// loop, the rest wait for the turns after it, in arrival order, while the product's own requests
// are handled at once. Driven in process: the requests a listener would read in one turn are
// handed to it in one synchronous run, as Node's parser hands them over.
import { strict as assert } from 'node:assert';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { withTurnBudget } from '../../src/http/turn-budget.ts';

interface Arrival {
  url: string;
  socket: { destroyed: boolean };
}

const arrival = (url: string): Arrival => ({ url, socket: { destroyed: false } });
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A listener with a budget of `perTurn`, the URLs it handled in order, and a way to hand it requests. */
function budgeted(perTurn: number) {
  const handled: string[] = [];
  const listener = withTurnBudget(
    (request) => void handled.push(request.url ?? ''),
    (request) => request.url === '/agent/health',
    perTurn,
  );
  const read = (...arrivals: Arrival[]): void => {
    for (const request of arrivals) listener(request as unknown as IncomingMessage, {} as ServerResponse);
  };
  return { handled, read };
}

const pages = (count: number, from = 0): Arrival[] =>
  Array.from({ length: count }, (_, index) => arrival(`/page/${from + index}`));

describe('the turn budget', () => {
  it('handles a turn’s requests up to its budget at once, and the rest a budget a turn, in order', async () => {
    const { handled, read } = budgeted(4);
    read(...pages(10));
    assert.deepEqual(handled, ['/page/0', '/page/1', '/page/2', '/page/3']);
    await nextTurn();
    assert.equal(handled.length, 8);
    await nextTurn();
    assert.deepEqual(
      handled,
      pages(10).map(({ url }) => url),
    );
  });

  it('handles the product’s own requests at once, however many wait', () => {
    const { handled, read } = budgeted(2);
    read(...pages(6), arrival('/agent/health'));
    assert.deepEqual(handled, ['/page/0', '/page/1', '/agent/health']);
  });

  it('keeps later arrivals behind those already waiting', async () => {
    const { handled, read } = budgeted(2);
    read(...pages(4));
    await nextTurn();
    // The waiting two were handled at the turn's start: the budget is spent, the new ones wait.
    read(...pages(2, 4));
    assert.deepEqual(handled, ['/page/0', '/page/1', '/page/2', '/page/3']);
    await nextTurn();
    assert.deepEqual(handled.slice(4), ['/page/4', '/page/5']);
  });

  it('lets a quiet listener’s requests through at once, turn after turn', async () => {
    const { handled, read } = budgeted(2);
    for (let index = 0; index < 6; index += 1) {
      read(arrival(`/page/${index}`));
      assert.equal(handled.length, index + 1);
      await nextTurn();
    }
  });

  it('drops a waiting request whose client has gone', async () => {
    const { handled, read } = budgeted(1);
    const [first, gone, last] = pages(3);
    read(first as Arrival, gone as Arrival, last as Arrival);
    (gone as Arrival).socket.destroyed = true;
    await nextTurn();
    await nextTurn();
    assert.deepEqual(handled, ['/page/0', '/page/2']);
  });
});
