import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { parseAmount, parseCompanySize, parseSizeRange, sizeWithin } from '../../../src/domain/ask/size.ts';

describe('company size in a question', () => {
  it('reads lower, upper and two-sided bounds with their units', () => {
    assert.deepEqual(parseSizeRange('fintech above 100M ARR')?.size, { min: 100e6, text: 'above 100M ARR' });
    assert.deepEqual(parseSizeRange('clients under 40M')?.size, { max: 40e6, text: 'under 40M' });
    assert.deepEqual(parseSizeRange('between 10M and 50M ARR')?.size, {
      min: 10e6,
      minInclusive: true,
      max: 50e6,
      maxInclusive: true,
      text: 'between 10M and 50M ARR',
    });
    assert.deepEqual(parseSizeRange('$20m-$60m revenue')?.size, {
      min: 20e6,
      minInclusive: true,
      max: 60e6,
      maxInclusive: true,
      text: '$20m-$60m revenue',
    });
    assert.deepEqual(parseSizeRange('at least 1.5bn')?.size, {
      min: 1.5e9,
      minInclusive: true,
      text: 'at least 1.5bn',
    });
    assert.deepEqual(parseSizeRange('50M+ companies')?.size, { min: 50e6, minInclusive: true, text: '50M+' });
  });

  it('reads the signs ≥, ≤, € and an en dash', () => {
    assert.deepEqual(parseSizeRange('Kunden ≥ 500 Mitarbeitende')?.size, {
      min: 500,
      minInclusive: true,
      unit: 'employees',
      text: '≥ 500 Mitarbeitende',
    });
    assert.deepEqual(parseSizeRange('≤ €40M Umsatz')?.size, { max: 40e6, maxInclusive: true, text: '≤ €40M Umsatz' });
    assert.deepEqual(parseSizeRange('€20m–€60m revenue')?.size, {
      min: 20e6,
      minInclusive: true,
      max: 60e6,
      maxInclusive: true,
      text: '€20m–€60m revenue',
    });
  });

  it('leaves the rest of the question to rank by', () => {
    assert.equal(parseSizeRange('fintech above 100M ARR')?.rest.trim(), 'fintech');
  });

  it('takes a figure without a unit for no size', () => {
    assert.equal(parseSizeRange('launched in under 6 weeks'), undefined);
    assert.equal(parseSizeRange('over 300 leads'), undefined);
  });

  it('reads the content field the same way and compares bounds strictly where the words do', () => {
    assert.equal(parseAmount('42M ARR'), 42e6);
    assert.equal(parseAmount('no figure'), undefined);
    const above = parseSizeRange('above 100M')!.size,
      atLeast = parseSizeRange('at least 100M')!.size;
    assert.equal(sizeWithin(100e6, above), false);
    assert.equal(sizeWithin(100e6, atLeast), true);
    assert.equal(sizeWithin(undefined, atLeast), false, 'a study that states no size never passes a size bound');
  });

  it('reads a size in employees, in English or German, with its bound words', () => {
    assert.deepEqual(parseSizeRange('über 500 Mitarbeitende')?.size, {
      min: 500,
      unit: 'employees',
      text: 'über 500 Mitarbeitende',
    });
    assert.deepEqual(parseSizeRange('agencies for firms under 200 employees')?.size, {
      max: 200,
      unit: 'employees',
      text: 'under 200 employees',
    });
    assert.deepEqual(parseSizeRange('50-200 Mitarbeiter, Kunden nur durch Empfehlung')?.size, {
      min: 50,
      minInclusive: true,
      max: 200,
      maxInclusive: true,
      unit: 'employees',
      text: '50-200 Mitarbeiter',
    });
    assert.deepEqual(parseSizeRange('500 Mitarbeiter oder mehr')?.size, {
      min: 500,
      minInclusive: true,
      unit: 'employees',
      text: '500 Mitarbeiter oder mehr',
    });
    assert.equal(parseSizeRange('ab 2,5 Mio. Umsatz')?.size.min, 2.5e6, 'a German revenue bound');
  });

  it('reads thousands grouped with either separator, and a separator before fewer digits as a decimal', () => {
    assert.equal(parseSizeRange('Firmen über 1.000 Mitarbeiter')?.size.min, 1000);
    assert.equal(parseSizeRange('more than 1,000 employees')?.size.min, 1000);
    assert.equal(parseSizeRange('above 1,5bn')?.size.min, 1.5e9);
    assert.deepEqual(parseCompanySize('1.200 Mitarbeitende'), { employees: 1200 });
    assert.deepEqual(parseCompanySize('42M ARR, 180 employees'), { revenue: 42e6, employees: 180 });
    assert.deepEqual(parseCompanySize('2,6x'), {});
  });
});
