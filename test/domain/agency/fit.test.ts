// The fit rule is content: phrases, compiled once into one matcher whose answers name the phrase as
// the query wrote it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { compileFitRule } from '../../../src/domain/agency/fit.ts';

const check = compileFitRule({
  outside: ['b2b', 'e-commerce store', 'online shop'],
  usuallyOutside: ['enterprise', 'software vendor'],
  inside: ['shop'],
});

describe('the fit rule', () => {
  it('puts a request with an "outside" phrase outside, naming the phrase as written', () => {
    assert.deepEqual(check('We are a B2B company'), { inFit: false, signal: 'B2B' });
    assert.deepEqual(
      check('our online shops need help'),
      { inFit: false, signal: 'online shops' },
      'a trailing "s" matches',
    );
  });

  it('reads a hyphen as a hyphen, a space or nothing, and a space as spaces or a hyphen', () => {
    for (const query of [
      'an e-commerce store',
      'an ecommerce store',
      'an e commerce store',
      'an e-commerce-store',
      'an E-Commerce   Store',
    ]) {
      assert.equal(check(query).inFit, false, query);
    }
  });

  it('matches whole words only', () => {
    assert.equal(check('we sell b2bx widgets').inFit, true);
    assert.equal(check('an enterprisey tone').inFit, true, 'a longer word is another word');
  });

  it('puts a "usuallyOutside" phrase outside unless an "inside" phrase is there too', () => {
    assert.deepEqual(check('an enterprise client'), { inFit: false, signal: 'enterprise' });
    assert.deepEqual(check('an enterprise client for our shop'), { inFit: true });
  });

  it('claims no limit without a rule', () => {
    assert.deepEqual(compileFitRule({ outside: [], usuallyOutside: [], inside: [] })('a B2B Shopify store'), {
      inFit: true,
    });
  });

  it('takes phrases as text, never as patterns', () => {
    const literal = compileFitRule({ outside: ['c++ (legacy)'], usuallyOutside: [], inside: [] });
    assert.equal(literal('we write c++ (legacy) code').inFit, false);
    assert.equal(literal('we write cpp code').inFit, true);
  });
});
