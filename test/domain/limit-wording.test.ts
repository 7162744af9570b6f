import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { describeBytes, describeRatePolicy } from '../../src/domain/limit-wording.ts';
import type { RatePolicy } from '../../src/domain/rate-limit.ts';

const policy = (...windows: [limit: number, seconds: number][]): RatePolicy =>
  ({ name: 'test', windows: windows.map(([limit, seconds], i) => ({ name: `w${i}`, limit, seconds })) });

describe('limit wording', () => {
  it('reads a minute-and-day policy as the documents always printed it', () => {
    assert.equal(describeRatePolicy(policy([5, 60], [50, 86_400])), '5 per minute and 50 per day');
    assert.equal(describeRatePolicy(policy([300, 60])), '300 per minute');
  });

  it('names each window by its length and joins the last with "and"', () => {
    assert.equal(describeRatePolicy(policy([2, 1], [10, 600], [100, 3600], [900, 7 * 86_400])),
      '2 per second, 10 per 10 minutes, 100 per hour and 900 per 7 days');
    assert.equal(describeRatePolicy(policy([3, 90])), '3 per 90 seconds');
  });

  it('gives byte bounds in KiB when whole, else in bytes', () => {
    assert.equal(describeBytes(16 * 1024), '16 KiB');
    assert.equal(describeBytes(1000), '1000 bytes');
  });
});
