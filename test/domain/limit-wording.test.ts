import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { describeBytes, describeRatePolicy, describeWait } from '../../src/domain/limit-wording.ts';
import type { RatePolicy } from '../../src/domain/rate-limit/rate-limit.ts';

const policy = (...windows: [limit: number, seconds: number][]): RatePolicy => ({
  name: 'test',
  windows: windows.map(([limit, seconds], i) => ({ name: `w${i}`, limit, seconds })),
});

describe('limit wording', () => {
  it('reads a minute-and-day policy as the documents always printed it', () => {
    assert.equal(describeRatePolicy(policy([5, 60], [50, 86_400])), '5 per minute and 50 per day');
    assert.equal(describeRatePolicy(policy([300, 60])), '300 per minute');
  });

  it('names each window by its length and joins the last with "and"', () => {
    assert.equal(
      describeRatePolicy(policy([2, 1], [10, 600], [100, 3600], [900, 7 * 86_400])),
      '2 per second, 10 per 10 minutes, 100 per hour and 900 per 7 days',
    );
    assert.equal(describeRatePolicy(policy([3, 90])), '3 per 90 seconds');
  });

  it('gives byte bounds in KiB when whole, else in bytes', () => {
    assert.equal(describeBytes(16 * 1024), '16 KiB');
    assert.equal(describeBytes(1000), '1000 bytes');
  });

  it('words a wait for people: whole units, rounded up, singular for one', () => {
    assert.equal(describeWait(1), '1 second');
    assert.equal(describeWait(0.2), '1 second');
    assert.equal(describeWait(40), '40 seconds');
    assert.equal(describeWait(60), '1 minute');
    assert.equal(describeWait(61), '2 minutes');
    assert.equal(describeWait(3_600), '60 minutes');
    assert.equal(describeWait(3_601), '2 hours');
    assert.equal(describeWait(86_399), '24 hours');
  });
});
