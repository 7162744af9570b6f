// The call pipeline on its own, over a real SQLite rate limiter and the real response cache: the
// order of its steps (key, input, budget, memo, handler, output) and what it records of each call.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { defineCapability, noAuthentication, readHints, type Capability } from '../../src/capabilities/capability.ts';
import { createCallPipeline, type CapabilityCall, type Surface } from '../../src/capabilities/pipeline.ts';
import { ResponseCache } from '../../src/cache/response-cache.ts';
import type { Caller } from '../../src/domain/callers/caller.ts';
import type { Ask, Visit } from '../../src/domain/insight/dimensions.ts';
import { createRateLimiter, type RateLimitState } from '../../src/domain/rate-limit/rate-limit.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import type { Store } from '../../src/store/store.ts';
import { tempSqliteStore } from '../helpers/sqlite-store.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const logger = createLogger('silent');
const person: Caller = { kind: 'browser', family: 'Browser', purpose: 'unknown', verified: false };
/** A verified operator: its reads spend its own budget, two a minute here. */
const operator: Caller = {
  kind: 'verified-agent',
  family: 'Example',
  purpose: 'agent',
  verified: true,
  agentKey: 'op',
};

/** Counts its runs; "boom" fails as a fault would, "gone" as a domain error. */
function counted(overrides: Partial<Capability> = {}): Capability & { runs: unknown[] } {
  const runs: unknown[] = [];
  const capability = defineCapability({
    key: 'countWords',
    name: 'test_count_words',
    title: 'Count words',
    description: 'Counts the words of a text.',
    input: z.strictObject({ text: z.string().max(50), unit: z.string().default('words') }),
    output: z.object({ count: z.int(), unit: z.string() }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: false,
    examples: [{ text: 'a b' }],
    prompts: [],
    tags: [],
    askReading: { query: 'text', results: (output) => output.count },
    handle: ({ text, unit }) => {
      runs.push({ text, unit });
      if (text === 'boom') throw new Error('/srv/secret/path failed');
      if (text === 'gone') throw new AppError('not_found', 'No such text.');
      const count = text.split(' ').length;
      return { structured: { count, unit, extra: 'dropped by the output schema' }, text: `${count} ${unit}` };
    },
  });
  return Object.assign({ ...capability, ...overrides } as Capability, { runs });
}

describe('the capability call pipeline', () => {
  let store: Store;
  const visits: Visit[] = [];
  const asks: Ask[] = [];
  const counts: string[] = [];
  let pipeline: ReturnType<typeof createCallPipeline>;
  before(async () => {
    store = await tempSqliteStore('pipeline-');
    pipeline = createCallPipeline({
      config: { agentRateLimitPerMinute: 2 },
      rateLimiter: createRateLimiter(store.db),
      insight: { enabled: true, recordVisit: (v) => visits.push(v), recordAsk: (a) => asks.push(a) },
      cache: new ResponseCache(1_000_000),
      metrics: { callEnded: (name, surface, outcome) => counts.push(`${name} ${surface} ${outcome}`) },
      logger,
    });
  });
  after(() => store.close());

  const run = (capability: Capability, sent: unknown, more: Partial<CapabilityCall> = {}) =>
    pipeline.run({
      capability,
      sent,
      surface: 'mcp' as Surface,
      context: { client: `client-${Math.random()}`, channel: 'mcp', logger },
      caller: person,
      ...more,
    });
  const refusal = (run: Promise<unknown>): Promise<AppError> =>
    run.then(
      () => assert.fail('the call was served'),
      (error: unknown) => {
        assert.ok(error instanceof AppError);
        return error;
      },
    );

  it('validates the input once, runs the handler with it and keeps only what the output schema names', async () => {
    const capability = counted();
    const result = await run(capability, { text: 'one two three' });
    assert.deepEqual(result.structured, { count: 3, unit: 'words' });
    assert.equal(result.text, '3 words');
    assert.deepEqual(capability.runs, [{ text: 'one two three', unit: 'words' }]);
    const invalid = await refusal(run(capability, { text: 7, other: 1 }, { surface: 'a2a' }));
    assert.equal(invalid.code, 'invalid_request');
    assert.deepEqual(
      invalid.fieldErrors.map((f) => f.field),
      ['text', 'other'],
    );
    assert.equal((await refusal(run(capability, 'not an object', { surface: 'a2a' }))).fieldErrors[0]?.field, 'input');
    assert.equal(capability.runs.length, 1, 'an invalid call reaches no handler');
  });

  it('refuses a keyed capability without an accepted key before anything else, and serves it with one', async () => {
    const capability = counted({
      authentication: {
        scheme: 'bearer',
        accepts: (authorization) => authorization === 'Bearer right',
        refusal: (keySent) => (keySent ? 'That key is not accepted.' : 'Send a key.'),
      },
    });
    const missing = await refusal(run(capability, { text: 7 }));
    assert.deepEqual([missing.code, missing.httpStatus, missing.message], ['unauthorized', 401, 'Send a key.']);
    const context = { client: 'keyed', channel: 'mcp' as const, logger };
    const wrong = await refusal(
      run(capability, { text: 'a' }, { context: { ...context, authorization: 'Bearer no' } }),
    );
    assert.equal(wrong.message, 'That key is not accepted.');
    assert.equal(capability.runs.length, 0);
    const served = await run(capability, { text: 'a b' }, { context: { ...context, authorization: 'Bearer right' } });
    assert.deepEqual(served.structured, { count: 2, unit: 'words' });
  });

  it("spends the caller's read budget, tells the surface its state and refuses once it is spent", async () => {
    // Its budget is a clock minute's: the minute must not turn between spending it and the refusal.
    await awayFromMinuteBoundary();
    const capability = counted();
    const states: RateLimitState[] = [];
    const onBudget = (state: RateLimitState): number => states.push(state);
    await run(capability, { text: 'a' }, { caller: operator, onBudget });
    await run(capability, { text: 'a' }, { caller: Promise.resolve(operator), onBudget });
    const spent = await refusal(run(capability, { text: 'a' }, { caller: operator, onBudget }));
    assert.equal(spent.code, 'rate_limited');
    assert.ok((spent.retryAfter ?? 0) >= 1);
    assert.deepEqual(
      states.map((s) => [s.policy.name, s.allowed]),
      [
        ['agent', true],
        ['agent', true],
        ['agent', false],
      ],
    );
    assert.equal(capability.runs.length, 2);
    // A listener that spent the budget per request already (REST, A2A) is not charged again.
    await run(capability, { text: 'a' }, { caller: operator, readBudgetSpent: true, onBudget });
    assert.equal(states.length, 3);
  });

  it("keeps a stable capability's result from the second ask of its validated input, for every surface, frozen", async () => {
    const capability = counted({ name: 'test_count_stable', stable: true });
    await run(capability, { text: 'a b' });
    const kept = await run(capability, { text: 'a b', unit: 'words' }, { surface: 'a2a' });
    const again = await run(capability, { text: 'a b' }, { surface: 'rest' });
    assert.equal(again, kept);
    assert.ok(Object.isFrozen(kept.structured));
    assert.equal(capability.runs.length, 2, 'computed on the first two asks, then answered from the cache');
    await refusal(run(capability, { text: 'gone' }));
    await refusal(run(capability, { text: 'gone' }));
    await refusal(run(capability, { text: 'gone' }));
    assert.equal(capability.runs.length, 5, 'errors are not kept');
  });

  it('keeps nothing of a stable call asked only once, so one-off searches do not fill the cache', async () => {
    const cache = new ResponseCache(1_000_000);
    const own = createCallPipeline({
      config: { agentRateLimitPerMinute: 2 },
      rateLimiter: createRateLimiter(store.db),
      insight: { enabled: false, recordVisit: () => undefined, recordAsk: () => undefined },
      cache,
      metrics: { callEnded: () => undefined },
      logger,
    });
    const capability = counted({ name: 'test_count_once', stable: true });
    const context = { client: 'one client', channel: 'mcp' as const, logger };
    const ask = (text: string) =>
      own.run({ capability, sent: { text }, surface: 'mcp', context, caller: person, readBudgetSpent: true });
    for (let n = 0; n < 50; n += 1) await ask(`one-off ${n}`);
    assert.equal(cache.stats().entries, 0);
    await ask('one-off 7');
    assert.equal(cache.stats().entries, 1, 'the input asked again is kept');
  });

  it('records a visit, an ask and a count per call, with the status its outcome stands for', async () => {
    const capability = counted({ name: 'test_count_recorded' });
    visits.length = 0;
    asks.length = 0;
    counts.length = 0;
    await run(capability, { text: 'a b' }, { surface: 'a2a' });
    await refusal(run(capability, { text: 'gone' }));
    const fault = await refusal(run(capability, { text: 'boom' }, { surface: 'rest', visitRecorded: true }));
    assert.equal(fault.code, 'internal_error');
    assert.doesNotMatch(fault.message, /secret/);
    assert.deepEqual(
      visits.map((v) => [v.surface, v.item, v.status]),
      [
        ['a2a', 'test_count_recorded', 200],
        ['mcp', 'test_count_recorded', 404],
      ],
    );
    assert.deepEqual(
      asks.map((a) => [a.source, a.query, a.results]),
      [['a2a-test_count_recorded', 'a b', 2]],
    );
    assert.deepEqual(counts, [
      'test_count_recorded a2a ok',
      'test_count_recorded mcp error',
      'test_count_recorded rest error',
    ]);
  });
});
