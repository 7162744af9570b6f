// The designed site for buyers, read as HTML: the home page's calls to action and proof, services
// with their proof counts, the filtered and paged case-study index, case studies with stat cards and
// charts, the contact page for people, typography, and the markdown twins left as they were.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync } from 'node:zlib';
import { buildSiteApp, type SiteApp } from './site-app.ts';

let site: SiteApp;
before(async () => {
  site = await buildSiteApp();
});
after(async () => site.app.close());

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const cardSlugs = (html: string): string[] =>
  [...html.matchAll(/<li class="card cs-card"><h2><a href="\/case-studies\/([a-z0-9-]+)">/g)].map((m) => m[1]!);

describe('the home page', () => {
  it('opens with a hero whose primary call books the assessment and whose secondary call shows the results', async () => {
    const body = (await get('/')).body;
    const hero = /<div class="hero">([\s\S]*?)<\/div><\/div>/.exec(body)?.[1] ?? '';
    assert.match(hero, /<h1>Pipeline-first marketing/);
    assert.match(
      hero,
      /<a class="btn btn-primary" href="\/pipeline-readiness-assessment">Book a Pipeline Readiness Assessment<\/a>/,
    );
    assert.match(hero, /<a class="btn btn-secondary" href="\/case-studies">See the results<\/a>/);
  });

  it('shows the four flagship results as large figures, every service, who we are not for and a closing call', async () => {
    const body = (await get('/')).body;
    const proof = /<ul class="proof-list">([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? '';
    assert.equal([...proof.matchAll(/<p class="figure">/g)].length, 4);
    for (const point of site.content.proofPoints)
      assert.match(proof, new RegExp(`href="/case-studies/${point.caseStudy.slug}"`));
    for (const service of site.content.services) assert.match(body, new RegExp(`<a href="/services/${service.slug}">`));
    assert.match(body, /<h2 id="fit">Who we are not for<\/h2>/);
    assert.match(body, /<section class="band cta"/);
  });

  it('puts the sample-content note inside the header landmark and the logo mark in the brand link', async () => {
    const body = (await get('/')).body;
    assert.match(body, /<header class="site-header">\n<p class="sample">Sample content/);
    assert.match(body, /<a class="brand" href="\/"><svg [^>]*aria-hidden="true"/);
  });
});

describe('services', () => {
  it('lists each service with its description, a typical result and how many case studies prove it', async () => {
    const body = (await get('/services')).body;
    for (const service of site.content.services) {
      const count = site.content.caseStudies.filter((cs) => cs.services.includes(service.slug)).length;
      assert.match(
        body,
        new RegExp(`<a href="/case-studies\\?service=${service.slug}">Proven in ${count} case stud`),
        service.slug,
      );
    }
    assert.equal(
      [...body.matchAll(/<p class="outcome"><strong>Typical result:<\/strong> \S/g)].length,
      site.content.services.length,
    );
  });

  it('links a service page to the case studies that used the service', async () => {
    const body = (await get('/services/paid-media')).body;
    const used = site.content.caseStudies.filter((cs) => cs.services.includes('paid-media'));
    for (const cs of used.slice(0, 4)) assert.match(body, new RegExp(`href="/case-studies/${cs.slug}"`));
    assert.match(body, new RegExp(`All ${used.length} B2B Paid Media case studies`));
  });
});

describe('the case-study index', () => {
  it('filters by industry and by service with a count of matches and shareable URLs', async () => {
    const fintech = site.content.caseStudies.filter((cs) => cs.industry === 'Fintech');
    const byIndustry = await get('/case-studies?industry=fintech');
    assert.equal(byIndustry.statusCode, 200);
    assert.deepEqual(
      cardSlugs(byIndustry.body),
      fintech.map((cs) => cs.slug),
    );
    assert.match(text(byIndustry.body), new RegExp(`${fintech.length} case stud(y|ies) for Fintech`));
    assert.match(
      byIndustry.body,
      /<link rel="canonical" href="https:\/\/verto.example\/case-studies\?industry=fintech">/,
    );

    const both = await get('/case-studies?industry=fintech&service=demand-generation');
    const expected = fintech.filter((cs) => cs.services.includes('demand-generation'));
    assert.deepEqual(
      cardSlugs(both.body),
      expected.map((cs) => cs.slug),
    );
    assert.match(both.body, /<option value="fintech" selected>/);
  });

  it('pages twelve at a time with plain previous, numbered and next links', async () => {
    const second = (await get('/case-studies?page=2')).body;
    assert.deepEqual(
      cardSlugs(second),
      site.content.caseStudies.slice(12, 24).map((cs) => cs.slug),
    );
    assert.match(second, /<a href="\/case-studies" rel="prev">/);
    assert.match(second, /<a href="\/case-studies\?page=3" rel="next">/);
    assert.match(second, /<a href="\/case-studies\?page=2" aria-current="page">2<\/a>/);
  });

  it('filters with a GET form that needs no script', async () => {
    const body = (await get('/case-studies')).body;
    assert.match(body, /<form class="filters" method="get" action="\/case-studies"/);
    assert.match(body, /<select id="f-industry" name="industry"[^>]*>/);
    assert.match(body, /<select id="f-service" name="service"[^>]*>/);
  });

  it('answers an unknown filter value with a clear 400 page, and a page past the end with a 404 page', async () => {
    const bad = await get('/case-studies?industry=retail&page=abc');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /There is no industry called “retail”/);
    assert.match(bad.body, /“abc” is not a page number/);
    assert.match(bad.body, /<form class="filters"/);
    const past = await get('/case-studies?page=99');
    assert.equal(past.statusCode, 404);
    assert.match(past.body, /Page 99 does not exist/);
  });

  it('shows each card once: client, headline figure and its label, industry and services', async () => {
    const body = (await get('/case-studies')).body;
    const cs = site.content.caseStudies[0]!;
    const card = new RegExp(
      `<li class="card cs-card"><h2><a href="/case-studies/${cs.slug}">[^<]+</a></h2><p class="figure">[^<]+</p><p class="figure-label">[^<]+</p><p class="meta">`,
    );
    assert.match(body, card);
    assert.doesNotMatch(body, new RegExp(cs.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });
});

describe('a case study', () => {
  it('shows its figures as stat cards with a Vega-Lite chart for a before/after figure', async () => {
    const body = (await get('/case-studies/quarry-analytics')).body;
    assert.equal([...body.matchAll(/<li class="stat/g)].length, 3);
    const chart = /<figure class="chart">(<svg[\s\S]*?<\/svg>)/.exec(body)?.[1] ?? '';
    assert.match(chart, /role="img" aria-label="Win rate: before 18%, after 29%"/);
    assert.match(chart, /class="mark-rect/, 'drawn by Vega (its mark classes), not by hand');
  });

  it('ends with related case studies and a call to action', async () => {
    const body = (await get('/case-studies/northwind-ledger')).body;
    const related = /<h2 id="related">[\s\S]*?<\/ul>/.exec(body)?.[0] ?? '';
    const slugs = [...related.matchAll(/<h3><a href="\/case-studies\/([a-z0-9-]+)">/g)].map((m) => m[1]);
    assert.equal(slugs.length, 3);
    assert.ok(!slugs.includes('northwind-ledger'), 'never itself');
    assert.ok(body.lastIndexOf('Book a Pipeline Readiness Assessment') > body.indexOf('id="related"'));
  });

  it('prints negatives with a minus sign and keeps numbers with their units, while the markdown twin keeps plain text', async () => {
    const body = (await get('/case-studies/northwind-ledger')).body;
    assert.match(body, /<p class="figure">\u221222\u202Fdays<\/p>/);
    assert.match(body, /<p class="figure">3\.1×<\/p>/);
    const twin = (await get('/markdown/case-studies/northwind-ledger.md')).body;
    assert.match(twin, /\*\*Sales cycle:\*\* -22 days/);
    assert.doesNotMatch(twin, /\u2212/);
  });
});

describe('the contact page', () => {
  it('offers tel: and mailto: links, what happens next, and the form before the details', async () => {
    const body = (await get('/contact')).body;
    assert.match(body, /<a href="tel:\+442079460321">\+44 20 7946 0321<\/a>/);
    assert.match(body, /<a href="mailto:hello@verto.example">/);
    assert.match(body, /What happens next/);
    assert.ok(body.indexOf('<form class="enquiry"') < body.indexOf('What happens next'), 'the form comes first');
    assert.match(body, /Verto on LinkedIn<\/a>/);
  });

  it('leaves the API to /developers while the markdown twin still names it', async () => {
    assert.doesNotMatch(text((await get('/contact')).body), /POST \/agent\/contact/);
    assert.match((await get('/markdown/contact.md')).body, /POST \/agent\/contact/);
  });
});

describe('the developer page', () => {
  it('lets code wrap only after separators and lets tables scroll inside their box', async () => {
    const body = (await get('/developers')).body;
    assert.match(body, /<code>service_<wbr>get_<wbr>value_<wbr>proposition<\/code>/);
    for (const code of body.matchAll(/<code>(.*?)<\/code>/g)) {
      for (const piece of code[1]!.split('<wbr>').slice(0, -1))
        assert.match(piece, /[/_.?&=;]$/, `breaks only after a separator: ${code[1]}`);
    }
    assert.match(body, /<div class="table-scroll" role="region" aria-label="Table: REST API" tabindex="0"><table>/);
    assert.match(body, /<div class="table-scroll" role="region" aria-label="Table: Limits" tabindex="0"><table>/);
  });
});

describe('page weight', () => {
  it('keeps the HTML and CSS of every page type within 35 KB compressed with brotli', async () => {
    const paths = [
      ...site.content.pages.map((page) => page.path),
      '/developers',
      '/case-studies?service=demand-generation',
      '/case-studies?industry=fintech',
      '/search?q=pipeline',
    ];
    for (const path of paths) {
      const body = (await get(path)).body;
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(body)?.[1];
      assert.ok(stylesheet, `${path} links the stylesheet`);
      const css = (await get(stylesheet)).body;
      const compressed = brotliCompressSync(body).length + brotliCompressSync(css).length;
      assert.ok(compressed <= 35 * 1024, `${path}: ${compressed} bytes compressed`);
    }
  });
});

describe('search as markdown', () => {
  it('answers /search with Accept: text/markdown and at its /markdown/search.md twin', async () => {
    const negotiated = await get('/search?q=attribution', { accept: 'text/markdown' });
    assert.equal(negotiated.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(
      negotiated.body,
      /^# Search\n\n\d+ pages? match(es)? “attribution”:\n\n1\. \[[^\]]+\]\(https:\/\/verto\.example\//,
    );
    const twin = await get('/markdown/search.md?q=attribution');
    assert.equal(twin.body, negotiated.body);
    const html = await get('/search?q=attribution');
    assert.match(
      html.headers.link?.toString() ?? '',
      /<https:\/\/verto\.example\/markdown\/search\.md\?q=attribution>; rel="alternate"; type="text\/markdown"/,
    );
  });
});
