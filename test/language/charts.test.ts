// The before/after charts read a case study's figures as either language writes them: German units
// ("Std.", "Wochen", "Tage"), thousands grouped with a full stop and decimals with a comma, so a
// German agency's "1.200 → 2.400" is drawn as the doubling it is.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { beforeAfter } from '../../src/surfaces/web/charts.ts';

const amounts = (value: string): [number, number] | undefined => {
  const change = beforeAfter('label', value);
  return change && [change.before.amount, change.after.amount];
};

describe('the before/after figures of a chart', () => {
  it('compare English figures in a common unit, as before', () => {
    assert.deepEqual(amounts('41h → 9 min'), [41 * 60, 9]);
    assert.deepEqual(amounts('18% → 29%'), [18, 29]);
    assert.deepEqual(amounts('1,200 → 2,400'), [1200, 2400]);
    assert.deepEqual(amounts('1.5 → 2.25'), [1.5, 2.25]);
  });

  it('read German units, thousands and decimals', () => {
    assert.deepEqual(amounts('72 Std. → 4 Std.'), [72 * 60, 4 * 60]);
    assert.deepEqual(amounts('3 Tage → 5 Stunden'), [3 * 24 * 60, 5 * 60]);
    assert.deepEqual(amounts('19 Wochen → 7 Wochen'), [19 * 7 * 24 * 60, 7 * 7 * 24 * 60]);
    assert.deepEqual(amounts('1.200 → 2.400'), [1200, 2400]);
    assert.deepEqual(amounts('2,5 % → 4,1 %'), [2.5, 4.1]);
  });

  it('draw a unit of its own only against the same unit', () => {
    assert.deepEqual(amounts('40 Leads → 90 Leads'), [40, 90]);
    assert.equal(amounts('40 Leads → 9 min'), undefined);
    assert.equal(amounts('schnell → 9 min'), undefined);
  });
});
