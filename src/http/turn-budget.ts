// Fair turns of the event loop for a listener under a flood. Node reads every request that is
// readable when the loop polls, all in one turn: thousands of page views opened at once are handled
// before the loop polls again, and a request on any other connection (a health check, an agent's
// API call) waits behind the whole turn's worth. Measured in front mode, one turn read 6 000-8 000
// requests in 0.7-0.9 s, and /agent/health's p99 was that long. With a budget of requests a turn,
// the rest of a turn's requests wait, in arrival order, for the turns after it, a budget's worth
// each, so the loop polls between them; a request `urgent` names (the product's own answers, which
// never wait on an origin) is handled at once. Every request still goes to the same handler.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * The requests handled at once in one turn before the rest wait for the next: small enough that a
 * turn of them (0.1 ms each at most) keeps a health check well within 100 ms, large enough that a
 * busy listener's ordinary turns never reach it.
 */
export const requestsPerTurn = 32;

/** `handler` with the turn budget, for requests that are not `urgent`. */
export function withTurnBudget(
  handler: RequestListener,
  urgent: (request: IncomingMessage) => boolean,
  perTurn = requestsPerTurn,
): RequestListener {
  // A queue read from `head`: shifting a long array would move every entry each time.
  let waiting: (readonly [IncomingMessage, ServerResponse] | undefined)[] = [];
  let head = 0;
  let handled = 0;
  let turnEnding = false;
  const endOfTurn = (): void => {
    if (turnEnding) return;
    turnEnding = true;
    setImmediate(nextTurn);
  };
  // Runs after the turn's reads (setImmediate): the budget starts again with the oldest waiting.
  const nextTurn = (): void => {
    turnEnding = false;
    handled = 0;
    while (head < waiting.length && handled < perTurn) {
      const [request, response] = waiting[head] as readonly [IncomingMessage, ServerResponse];
      waiting[head] = undefined;
      head += 1;
      // A client gone while its request waited is not answered: nothing would read the answer.
      if (request.socket.destroyed) continue;
      handled += 1;
      handler(request, response);
    }
    if (head < waiting.length) endOfTurn();
    else {
      waiting = [];
      head = 0;
    }
  };
  return (request, response) => {
    if (urgent(request)) return handler(request, response);
    if (head === waiting.length && handled < perTurn) {
      handled += 1;
      // The count starts again after this turn; an idle listener's count waits for its next budget.
      if (handled === perTurn) endOfTurn();
      return handler(request, response);
    }
    waiting.push([request, response]);
    endOfTurn();
  };
}
