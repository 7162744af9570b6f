// The retry policy: which failures are retried, and how long the worker waits between attempts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DeliveryFailure,
  httpFailure,
  isRetryableStatus,
  nextStep,
  parseRetryAfter,
  smtpFailure,
  toFailure,
} from '../../src/delivery/policy.ts';

const settings = { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 10_000 };

describe('delivery failure classification', () => {
  it('retries 408, 429 and 5xx and treats every other 4xx as permanent', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) assert.equal(isRetryableStatus(status), true, String(status));
    for (const status of [300, 400, 401, 403, 404, 409, 410, 422])
      assert.equal(isRetryableStatus(status), false, String(status));
  });

  it('retries SMTP 4xx replies and connection failures, but not SMTP 5xx replies', () => {
    assert.equal(smtpFailure({ responseCode: 421 }).retryable, true);
    assert.equal(smtpFailure({ responseCode: 451, code: 'EMESSAGE' }).message, 'SMTP 451 (EMESSAGE)');
    assert.equal(smtpFailure({ responseCode: 550 }).retryable, false);
    assert.equal(smtpFailure({ code: 'ECONNECTION' }).retryable, true);
  });

  it('retries timeouts, refused connections and unknown errors', () => {
    assert.equal(toFailure(new DOMException('t', 'TimeoutError')).retryable, true);
    assert.equal(
      toFailure(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })).message,
      'connection failed (ECONNREFUSED)',
    );
    assert.equal(toFailure(new Error('boom')).retryable, true);
  });

  it('gives up at once on a URL whose port fetch refuses, saying so', async () => {
    // Refused before any connection is made: nothing need listen there.
    const error = await fetch('http://127.0.0.1:10080/').then(
      () => assert.fail('fetch sent a request to a blocked port'),
      (refused: unknown) => refused,
    );
    const failure = toFailure(error);
    assert.equal(failure.retryable, false);
    assert.match(failure.message, /port fetch refuses/);
  });

  it('never copies upstream error text, which may quote personal data', () => {
    assert.equal(toFailure(new Error('invalid email ada@example.com')).message, 'unexpected error (Error)');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('7'), 7_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(httpFailure('x', 429, '3').retryAfterMs, 3_000);
  });
});

describe('delivery backoff', () => {
  it('doubles the wait per attempt, with jitter between half and the full delay', () => {
    const low = (attempt: number) => nextStep(new DeliveryFailure('x', true), attempt, settings, () => 0);
    const high = (attempt: number) => nextStep(new DeliveryFailure('x', true), attempt, settings, () => 1);
    assert.deepEqual(
      [1, 2, 3].map(low),
      [500, 1_000, 2_000].map((delayMs) => ({ state: 'pending', delayMs })),
    );
    assert.deepEqual(
      [1, 2, 3].map(high),
      [1_000, 2_000, 4_000].map((delayMs) => ({ state: 'pending', delayMs })),
    );
  });

  it('caps the wait at the maximum delay', () => {
    assert.deepEqual(
      nextStep(new DeliveryFailure('x', true), 4, { ...settings, maxAttempts: 50 }, () => 1),
      { state: 'pending', delayMs: 8_000 },
    );
    assert.deepEqual(
      nextStep(new DeliveryFailure('x', true), 30, { ...settings, maxAttempts: 50 }, () => 1),
      { state: 'pending', delayMs: 10_000 },
    );
  });

  it('waits at least as long as Retry-After asks', () => {
    assert.deepEqual(
      nextStep(new DeliveryFailure('x', true, 30_000), 1, settings, () => 0),
      { state: 'pending', delayMs: 30_000 },
    );
  });

  it('ends dead on a permanent failure or after the last allowed attempt', () => {
    assert.deepEqual(nextStep(new DeliveryFailure('x', false), 1, settings), { state: 'dead' });
    assert.deepEqual(nextStep(new DeliveryFailure('x', true), 5, settings), { state: 'dead' });
  });
});
