// Agent insight's tally labels each count with its UTC hour (visits) or day (asks, enquiries), and
// formats a label once a period: these check that a count on either side of a boundary, in any
// order, still lands in its own period, and that one tally of every site's visits keeps each site's
// counts its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Ask, CallerDims } from '../../../src/domain/insight/dimensions.ts';
import { ResponseCache } from '../../../src/cache/response-cache.ts';
import { queryReader, queryReadings } from '../../../src/domain/insight/query-text.ts';
import { SiteTallies } from '../../../src/domain/insight/site-tallies.ts';
import { Tally } from '../../../src/domain/insight/tally.ts';

const caller: CallerDims = { family: 'ExampleBot', kind: 'declared-agent', verified: false };
const ask: Ask = { source: 'site-search', query: 'Pipeline growth', results: 3, caller };
const reading = { query: 'pipeline growth', outOfFit: false };
const at = (iso: string): number => Date.parse(iso);

describe('agent insight tally periods', () => {
  it('counts asks on each side of midnight (UTC) under their own day, whatever the order', () => {
    const tally = new Tally();
    tally.addAsk(ask, reading, at('2026-11-25T23:59:59.999Z'));
    tally.addAsk(ask, reading, at('2026-11-26T00:00:00.000Z'));
    tally.addAsk(ask, reading, at('2026-11-25T08:00:00.000Z'));
    tally.addAsk(ask, reading, at('2026-11-26T23:00:00.000Z'));
    const days = tally.drain().asks.map((row) => [row.day, row.asks]);
    assert.deepEqual(days.sort(), [
      ['2026-11-25', 2],
      ['2026-11-26', 2],
    ]);
  });

  it('counts visits on each side of an hour under their own hour, and enquiries under their day', () => {
    const tally = new SiteTallies();
    const visit = { surface: 'mcp', item: 'search', caller, status: 200 } as const;
    for (const time of ['2026-11-26T09:59:59.999Z', '2026-11-26T10:00:00.000Z', '2026-11-26T09:00:00.000Z']) {
      tally.addVisit('', visit, at(time));
      tally.of('').addEnquiry({ channel: 'mcp', caller }, at(time));
    }
    tally.of('').addEnquiry({ channel: 'mcp', caller }, at('2026-11-27T00:00:00.000Z'));
    const drained = tally.drain();
    assert.deepEqual(drained.visits.map((row) => [row.hour, row.count]).sort(), [
      ['2026-11-26T09', 2],
      ['2026-11-26T10', 1],
    ]);
    assert.deepEqual(drained.enquiries.map((row) => [row.day, row.count]).sort(), [
      ['2026-11-26', 3],
      ['2026-11-27', 1],
    ]);
  });
});

describe('visits of many sites in one tally', () => {
  const visit = { surface: 'page-html', item: '/about', caller, status: 200 } as const;
  const rowsOf = (tallies: SiteTallies) =>
    tallies
      .drain()
      .visits.map((row) => [row.site, row.item, row.statusClass, row.count])
      .sort();

  it('counts the same visit to two sites apart, each row naming its site', () => {
    const tallies = new SiteTallies();
    const time = at('2026-11-26T09:30:00.000Z');
    for (const site of ['one', 'one', 'two']) tallies.addVisit(site, visit, time);
    tallies.addVisit('two', { ...visit, status: 404 }, time);
    assert.equal(tallies.pending, 4);
    assert.deepEqual(rowsOf(tallies), [
      ['one', '/about', '2xx', 2],
      ['two', '/about', '2xx', 1],
      ['two', '/about', '4xx', 1],
    ]);
    assert.equal(tallies.pending, 0);
  });

  it('puts the rows of a failed write back under their sites, added to what came since', () => {
    const tallies = new SiteTallies();
    const time = at('2026-11-26T09:30:00.000Z');
    tallies.addVisit('one', visit, time);
    tallies.addVisit('two', visit, time);
    const failed = tallies.drain();
    tallies.addVisit('two', visit, time);
    tallies.restore(failed);
    assert.deepEqual(rowsOf(tallies), [
      ['one', '/about', '2xx', 1],
      ['two', '/about', '2xx', 2],
    ]);
  });
});

describe('query readings', () => {
  it('reads a query asked again once more and keeps it, then answers it from the cache, each new text afresh', () => {
    const checked: string[] = [];
    const cache = new ResponseCache(1024 * 1024);
    const read = queryReader((raw) => {
      checked.push(raw);
      return raw.includes('shop');
    }, queryReadings(cache));
    for (let ask = 0; ask < 3; ask += 1)
      assert.deepEqual(read('Pipeline   Growth'), { query: 'pipeline growth', outOfFit: false });
    assert.deepEqual(read('online shop'), { query: 'online shop', outOfFit: true });
    assert.deepEqual(read('mail me at jo@example.com'), { query: '(withheld: contact details)', outOfFit: false });
    // Kept from its second ask (a text asked once is not kept): the third is answered from the cache.
    assert.deepEqual(checked, ['Pipeline   Growth', 'Pipeline   Growth', 'online shop', 'mail me at jo@example.com']);
    assert.deepEqual(cache.stats().byUse.query, { hits: 1, misses: 4 });
    assert.equal(cache.stats().entries, 1);
  });
});
