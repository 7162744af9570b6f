// The delivery and retention settings read from the environment (src/config/config.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('delivery settings', () => {
  it('has production defaults: 15 attempts, 10 s doubling to 1 h, 60 s leases, retention off', () => {
    const config = loadConfig({});
    assert.deepEqual(config.delivery, {
      pollMs: 1_000,
      leaseMs: 60_000,
      sendTimeoutMs: 15_000,
      maxAttempts: 15,
      baseDelayMs: 10_000,
      maxDelayMs: 3_600_000,
      concurrency: 16,
      shutdownMs: 10_000,
    });
    assert.equal(config.retentionDays, 0);
  });

  it('reads every knob from its DELIVERY_* variable and RETENTION_DAYS', () => {
    const config = loadConfig({ DELIVERY_MAX_ATTEMPTS: '3', DELIVERY_BASE_DELAY_MS: '50', RETENTION_DAYS: '90' });
    assert.equal(config.delivery.maxAttempts, 3);
    assert.equal(config.delivery.baseDelayMs, 50);
    assert.equal(config.retentionDays, 90);
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ['a non-numeric attempt limit', { DELIVERY_MAX_ATTEMPTS: 'many' }, /^DELIVERY_MAX_ATTEMPTS /],
    ['zero attempts', { DELIVERY_MAX_ATTEMPTS: '0' }, /^DELIVERY_MAX_ATTEMPTS /],
    [
      'a lease no longer than the send timeout',
      { DELIVERY_LEASE_MS: '1000', DELIVERY_TIMEOUT_MS: '1000' },
      /^DELIVERY_LEASE_MS /,
    ],
    [
      'a cap below the base delay',
      { DELIVERY_BASE_DELAY_MS: '500', DELIVERY_MAX_DELAY_MS: '100' },
      /^DELIVERY_MAX_DELAY_MS /,
    ],
    ['a negative retention', { RETENTION_DAYS: '-1' }, /^RETENTION_DAYS /],
  ];
  for (const [what, env, message] of bad) {
    it(`stops start-up with one line naming the variable for ${what}`, () => {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
      );
    });
  }
});
