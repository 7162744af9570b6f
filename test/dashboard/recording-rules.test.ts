// The rules recording applies before anything is counted: query texts normalised with contact
// details withheld, response routes named by bounded surfaces and items, and the dashboard's
// variables checked at start-up.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { emptyQuery, maxQueryLength, normaliseQuery, withheldQuery } from '../../src/domain/insight/query-text.ts';
import { classifyCached, classifyRoute, type RouteFacts } from '../../src/http/insight-route.ts';

describe('query text', () => {
  it('is lower-cased, trimmed and has its spaces collapsed', () => {
    assert.equal(normaliseQuery('  Demand\tGeneration \n for  SaaS '), 'demand generation for saas');
    assert.equal(normaliseQuery('   '), emptyQuery);
  });

  it('withholds any text carrying an e-mail address or a phone number', () => {
    for (const text of [
      'mail ada@example.com please',
      'ADA.LOVELACE@EXAMPLE.CO.UK',
      'call +44 20 7946 0958',
      '(555) 010-4477 after 5',
      '07700900123',
    ]) {
      assert.equal(normaliseQuery(text), withheldQuery, text);
    }
    for (const text of ['series b saas at 40m arr', 'grew pipeline 3x in 2024', 'b2b @ scale']) {
      assert.notEqual(normaliseQuery(text), withheldQuery, text);
    }
  });

  it('withholds contact details however they are spelt, spaced, separated or in whichever digits', () => {
    const arabicIndic = (digits: string): string =>
      digits.replace(/\d/g, (d) => String.fromCodePoint(0x0660 + Number(d)));
    const easternArabic = (digits: string): string =>
      digits.replace(/\d/g, (d) => String.fromCodePoint(0x06f0 + Number(d)));
    const devanagari = (digits: string): string =>
      digits.replace(/\d/g, (d) => String.fromCodePoint(0x0966 + Number(d)));
    for (const text of [
      'jane @ victim.com',
      'jane.doe at victim dot com',
      'mail jane@victimcom',
      'call (415)555\u20130100',
      '415/555/0100',
      '07911_123456',
      `call ${arabicIndic('07911 123456')}`,
      arabicIndic('(415) 555-0100'),
      easternArabic('+44 20 7946 0958'),
      devanagari('98765 43210'),
      'JANE (AT) VICTIM (DOT) COM',
      'jane[at]victim[dot]co',
      'jane\uff20victim\uff0ecom',
      'call 415\u2014555\u20120100',
      '415\u00a0555\u20020100',
      '+44\u221220\u22127946\u22120958',
      '415.555.0100',
      '4 1 5 5 5 5 0 1 0 0',
      '\uff10\uff17\uff19\uff11\uff11\uff11\uff12\uff13\uff14\uff15\uff16',
    ]) {
      assert.equal(normaliseQuery(text), withheldQuery, text);
    }
    for (const text of [
      'series b saas 2024',
      '100M ARR',
      'b2b @ scale',
      'saas at 40m arr',
      'growth at scale. pricing',
      'cac payback 12-18 months',
      'seo 2023-2024',
      'agencies in 2019 2020 2021',
      'what we did at hubspot',
      'meet at 5.30pm',
      `${arabicIndic('2024')} plans`,
      'dot com era branding',
      'a/b testing 3x',
      'series-a fintech 50-200 staff',
    ]) {
      assert.notEqual(normaliseQuery(text), withheldQuery, text);
    }
  });

  it('never keeps more than the length cap, and never an "@" or seven digits in a row', () => {
    const digitsOfAnyScript = fc
      .array(fc.constantFrom('0', '\u0663', '\u06f7', '\u0969', '\uff15', '-', '\u2013', ' ', '/', '_', '.'), {
        maxLength: 30,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 200 }), digitsOfAnyScript),
        (text) => {
          const kept = normaliseQuery(text);
          assert.ok(kept.length <= Math.max(maxQueryLength, withheldQuery.length));
          if (kept !== withheldQuery) assert.ok(!/\p{Nd}{7}/u.test(kept));
        },
      ),
    );
  });
});

describe('route classification', () => {
  const facts = (over: Partial<RouteFacts>): RouteFacts => ({
    method: 'GET',
    route: '/*',
    path: '/',
    status: 200,
    contentType: 'text/html',
    ...over,
  });

  it('gives the same answer remembered as worked out, whatever the order of methods, statuses and types', () => {
    const routes = [
      '/agent/health',
      '/agent/v1/health',
      '/llms.txt',
      '/robots.txt',
      '/assets/site-0123456789abcdef.css',
      '/',
      '/*',
      '/search',
      '/a2a',
    ];
    const paths = [
      '/agent/health',
      '/agent/v1/health',
      '/llms.txt',
      '/robots.txt',
      '/assets/site-0123456789abcdef.css',
      '/',
      '/about',
      '/search',
      '/a2a',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            method: fc.constantFrom('GET', 'HEAD', 'POST'),
            route: fc.option(fc.constantFrom(...routes), { nil: undefined }),
            path: fc.constantFrom(...paths),
            status: fc.constantFrom(200, 301, 304, 404, 405, 429, 500),
            contentType: fc.option(fc.constantFrom('text/html', 'text/markdown; charset=utf-8'), { nil: undefined }),
          }),
          { maxLength: 40 },
        ),
        (all) => {
          for (const one of all) assert.deepEqual(classifyCached(one), classifyRoute(one));
        },
      ),
    );
  });

  it('names pages, markdown, llms.txt, discovery documents and REST operations', () => {
    assert.deepEqual(classifyRoute(facts({ path: '/about' })), { surface: 'page-html', item: '/about' });
    assert.deepEqual(classifyRoute(facts({ path: '/about', contentType: 'text/markdown; charset=utf-8' })), {
      surface: 'page-markdown',
      item: '/about',
    });
    assert.deepEqual(classifyRoute(facts({ route: '/markdown/*', path: '/markdown/home.md' })), {
      surface: 'page-markdown',
      item: '/',
    });
    assert.deepEqual(classifyRoute(facts({ route: '/llms.txt', path: '/llms.txt' })), {
      surface: 'llms',
      item: '/llms.txt',
    });
    assert.deepEqual(
      classifyRoute(facts({ route: '/.well-known/agent-card.json', path: '/.well-known/agent-card.json' })),
      { surface: 'discovery', item: '/.well-known/agent-card.json' },
    );
    assert.deepEqual(classifyRoute(facts({ route: '/agent/v1/health', path: '/agent/v1/health' })), {
      surface: 'rest',
      item: 'GET /health',
    });
    assert.deepEqual(
      classifyRoute(facts({ method: 'POST', route: '/agent/contact', path: '/agent/contact', status: 429 })),
      { surface: 'rest', item: 'POST /contact' },
    );
    assert.equal(classifyRoute(facts({ route: '/logo.svg', path: '/logo.svg' })), undefined);
    assert.equal(
      classifyRoute(facts({ route: '/assets/site-0123456789abcdef.css', path: '/assets/site-0123456789abcdef.css' })),
      undefined,
    );
  });

  it('counts every unknown path as the one not-found item, never the path itself', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.constantFrom(undefined, '/*', '/agent/*', '/markdown/*'), (path, route) => {
        const visit = classifyRoute(facts({ path, route, status: 404 }));
        assert.ok(visit === undefined || visit.item === 'not-found', `${path} → ${visit?.item}`);
      }),
    );
  });
});

describe('dashboard configuration', () => {
  const base = { DATABASE_URL: 'sqlite::memory:' };

  it('stops start-up naming ADMIN_TOKEN when ADMIN_PORT is set without it, or when it is short', () => {
    assert.throws(
      () => loadConfig({ ...base, ADMIN_PORT: '3002' }),
      (e: unknown) => e instanceof ConfigError && /^ADMIN_TOKEN is required/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ ...base, ADMIN_PORT: '3002', ADMIN_TOKEN: 'short' }),
      (e: unknown) => e instanceof ConfigError && /^ADMIN_TOKEN must be at least 16/.test(e.message),
    );
    assert.throws(
      () => loadConfig({ ...base, ADMIN_PORT: '3000', ADMIN_TOKEN: 'x'.repeat(16) }),
      /ADMIN_PORT must differ/,
    );
  });

  it('keeps the dashboard off by default and analytics for 400 days', () => {
    const config = loadConfig(base);
    assert.equal(config.admin, undefined);
    assert.equal(config.analyticsRetentionDays, 400);
    assert.deepEqual(loadConfig({ ...base, ADMIN_PORT: '3005', ADMIN_TOKEN: 'x'.repeat(16) }).admin, {
      port: 3005,
      token: 'x'.repeat(16),
    });
    assert.throws(
      () => loadConfig({ ...base, ANALYTICS_RETENTION_DAYS: '0' }),
      /ANALYTICS_RETENTION_DAYS must be a whole number/,
    );
  });
});
