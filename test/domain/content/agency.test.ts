import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import { demoContentDir } from '../../../src/config/config.ts';
import { getContact } from '../../../src/domain/agency/contact.ts';
import { getProofPoints, searchCaseStudies } from '../../../src/domain/agency/case-studies.ts';
import { matchServices } from '../../../src/domain/agency/match.ts';
import { getPage, getSiteIndex } from '../../../src/domain/agency/site-index.ts';
import { getReasons, getValueProposition } from '../../../src/domain/agency/why.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { caseStudyUrls } from '../../../src/domain/content/urls.ts';
import { AppError } from '../../../src/kernel/errors.ts';
import { createSearch, type SiteSearch } from '../../../src/domain/search/index.ts';

let content: ContentCatalog;
let search: SiteSearch;
before(async () => {
  content = await loadContent(demoContentDir);
  search = createSearch(content);
});

describe('the shared search', () => {
  it('ranks the page about a topic first', () => {
    assert.equal(search.search('attribution')[0]?.slug, 'services/marketing-operations');
    assert.equal(search.search('kubernetes', { kind: 'case-study' })[0]?.caseStudySlug, 'fennel-ops');
  });

  it('filters by kind and section and respects the limit', () => {
    const hits = search.search('pipeline', { kind: 'case-study', limit: 5 });
    assert.equal(hits.length, 5);
    assert.ok(hits.every((hit) => hit.kind === 'case-study' && hit.section === 'case-studies'));
    assert.ok(search.search('pipeline', { section: 'services' }).every((hit) => hit.section === 'services'));
  });

  it('returns nothing for an empty or unknown query', () => {
    assert.deepEqual(search.search('   '), []);
    assert.deepEqual(search.search('qwxzzy'), []);
  });
});

describe('the agency functions for MCP', () => {
  it('lists the site index by section, filters one section and searches by keyword', () => {
    const full = getSiteIndex(content, search);
    assert.deepEqual(
      full.sections.map((s) => s.id),
      ['company', 'services', 'case-studies', 'resources'],
    );
    assert.match(full.fit!, /not a fit for B2C/);
    const services = getSiteIndex(content, search, { section: 'services', query: 'linkedin ads' });
    assert.equal(services.sections.length, 1);
    assert.equal(services.matches?.[0]?.slug, 'services/paid-media');
    assert.throws(
      () => getSiteIndex(content, search, { section: 'nope' }),
      (e: unknown) => e instanceof AppError && e.code === 'invalid_request',
    );
  });

  it('gets a complete page by slug, path or markdown path, and says how to find slugs when unknown', () => {
    assert.equal(getPage(content, 'about').slug, 'about');
    assert.equal(getPage(content, '/').slug, 'home');
    assert.equal(getPage(content, '/markdown/case-studies/umbra-bi.md').caseStudySlug, 'umbra-bi');
    assert.equal(getPage(content, 'case-studies').body.match(/\]\(\/case-studies\/[a-z0-9-]+\)/g)?.length, 49);
    assert.match(getPage(content, 'contact').body, /hello@verto\.example/);
    assert.throws(
      () => getPage(content, '../site.yaml'),
      (e: unknown) => e instanceof AppError && e.code === 'not_found' && /get_site_index/.test(e.message),
    );
  });

  it('searches case studies with industry and service filters, newest first without a query', () => {
    assert.equal(searchCaseStudies(content, search).items[0]?.slug, content.caseStudies[0]!.slug);
    const security = searchCaseStudies(content, search, { industry: 'cyber', limit: 49 });
    assert.ok(security.total >= 4 && security.items.every((cs) => cs.industry === 'Cybersecurity'));
    const abm = searchCaseStudies(content, search, { query: 'enterprise', service: 'account-based-marketing' });
    assert.ok(abm.items.length > 0 && abm.items.every((cs) => cs.services.includes('account-based-marketing')));
  });

  it('matches a challenge to the right service and explains the fit', () => {
    const result = matchServices(content, search, 'Nobody trusts our attribution data in Salesforce');
    assert.equal(result.fit, 'in_fit');
    assert.equal(result.matches[0]?.slug, 'marketing-operations');
    assert.ok(result.matches[0]!.matchedKeywords.includes('attribution'));
    assert.equal(
      matchServices(content, search, 'we must move upmarket to enterprise accounts').matches[0]?.slug,
      'account-based-marketing',
    );
  });

  it('answers plainly that B2C, e-commerce and consumer queries are outside the fit', () => {
    for (const query of [
      'Grow sales for our Shopify fashion store',
      'B2C mobile app user acquisition',
      'more shoppers for our e-commerce brand',
      'consumer brand awareness for our cosmetics line',
    ]) {
      const result = matchServices(content, search, query);
      assert.equal(result.fit, 'outside_fit', query);
      assert.deepEqual(result.matches, []);
      assert.match(result.message, /outside Verto's fit/);
      assert.equal(getValueProposition(content, search, query).fit, 'outside_fit');
    }
    assert.equal(content.fitCheck('we sell POS software to retailers').inFit, true);
  });

  it('gives proof points, reasons by topic and a value proposition', () => {
    const proof = getProofPoints(content);
    assert.equal(proof.points.length, 4);
    assert.ok(proof.points.every((p) => p.flagship && p.claim && p.stats.length > 0));
    const team = getReasons(content, 'team');
    assert.ok(team.reasons.length > 0 && team.reasons.every((r) => r.topic === 'team'));
    assert.deepEqual(getReasons(content, 'astrology').reasons, []);
    assert.ok(getReasons(content, 'astrology').topics.includes('results'));
    const value = getValueProposition(content, search, 'security company moving upmarket');
    assert.equal(value.services?.[0]?.slug, 'account-based-marketing');
    assert.ok(value.proofPoints?.some((cs) => cs.slug === 'helix-grid-security'));
    assert.equal(getValueProposition(content, search, 'pipeline', ['reasons']).services, undefined);
  });

  it('gives contact details as a summary or with the full page', () => {
    assert.equal(getContact(content).email, 'hello@verto.example');
    assert.equal(getContact(content).markdown, undefined);
    assert.match(getContact(content, 'full').markdown ?? '', /# Contact us/);
  });

  it('builds case-study URLs from the base address', () => {
    assert.deepEqual(
      caseStudyUrls({ baseUrl: 'https://a.example' }, { slug: 'umbra-bi', path: '/case-studies/umbra-bi' }),
      {
        url: 'https://a.example/case-studies/umbra-bi',
        markdown_url: 'https://a.example/markdown/case-studies/umbra-bi.md',
      },
    );
  });
});
