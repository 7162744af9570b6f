// Ten questions to /ask on each agency's content, their top three answers checked against what the
// content says: constraints are filters (every answer meets them), the fit rule speaks first.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { demoContentDir } from '../../../src/config/config.ts';
import { isFiller } from '../../../src/domain/ask/words.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { startTestApp, type TestApp } from '../../helpers/app.ts';
import { askGet, sizeOf, studyAt, type LegacyResult } from './asking.ts';

const retailDir = fileURLToPath(new URL('../../fixtures/retail-studio', import.meta.url));

for (const [agency, dir] of [
  ['demo', demoContentDir],
  ['retail studio', retailDir],
] as const) {
  describe(`ten questions to /ask on the ${agency} content`, () => {
    let app: TestApp;
    let content: ContentCatalog;
    const top3 = async (query: string): Promise<LegacyResult[]> =>
      (await askGet(app.baseUrl, query)).results.slice(0, 3);
    before(async () => {
      app = await startTestApp({ CONTENT_DIR: dir, BASE_URL: 'https://agency.example' });
      content = app.app.services.content;
    });
    after(() => app.stop());

    it("1. an industry: only that industry's case studies", async () => {
      const industry = content.caseStudies.at(-1)!.industry!;
      const results = await top3(`${industry.toLowerCase()} case studies`);
      assert.ok(results.length > 0);
      for (const r of results) assert.equal(studyAt(content, r.url)?.industry, industry, r.name);
    });

    it('2. above 100M ARR: every answer states a size above 100M', async () => {
      const results = await top3('case studies above 100M ARR');
      assert.equal(results.length, Math.min(3, content.caseStudies.filter((cs) => (sizeOf(cs) ?? 0) > 100e6).length));
      for (const r of results) assert.ok(sizeOf(studyAt(content, r.url))! > 100e6, r.name);
    });

    it('3. under 40M: every answer states a size under 40M', async () => {
      const results = await top3('clients under 40M');
      assert.equal(
        results.length,
        Math.min(3, content.caseStudies.filter((cs) => (sizeOf(cs) ?? Infinity) < 40e6).length),
      );
      for (const r of results) assert.ok(sizeOf(studyAt(content, r.url))! < 40e6, r.name);
    });

    it('4. between 10M and 50M: every answer inside both bounds', async () => {
      for (const r of await top3('companies between 10M and 50M ARR')) {
        const size = sizeOf(studyAt(content, r.url))!;
        assert.ok(size >= 10e6 && size <= 50e6, r.name);
      }
    });

    it('5. a service by its initials or name: its page, then studies that used it', async () => {
      const service =
        content.services.find((s) => s.name.split(/[\s-]+/).filter((w) => /^\w/.test(w)).length >= 3) ??
        content.services[0]!;
      const words = service.name.split(/[\s-]+/).filter((w) => /^\w/.test(w));
      const [first, ...rest] = await top3(
        words.length >= 3
          ? words
              .map((w) => w[0])
              .join('')
              .toUpperCase()
          : service.name,
      );
      assert.equal(first?.name, service.name);
      assert.equal(first?.schema_object['@type'], 'Service');
      for (const r of rest) assert.ok(studyAt(content, r.url)?.services.includes(service.slug), r.name);
    });

    it('6. a service and an industry together: both hold for every answer', async () => {
      const study = content.caseStudies[0]!;
      const service = content.serviceBySlug(study.services[0]!)!;
      const results = await top3(`${service.name} for ${study.industry!.toLowerCase()}`);
      assert.ok(results.some((r) => r.url.endsWith(`/case-studies/${study.slug}`)));
      for (const r of results) {
        const cs = studyAt(content, r.url)!;
        assert.ok(cs.industry === study.industry && cs.services.includes(service.slug), r.name);
      }
    });

    it('7. outside the fit: told so, and why, from the fit rule', async () => {
      const phrase = content.site.fitRule.outside[0]!;
      const [only, ...none] = await top3(`We are a ${phrase} and need more sales`);
      assert.equal(none.length, 0);
      assert.equal(only?.schema_object['@type'], 'Answer');
      assert.ok(only?.description.includes(phrase) && only.description.includes(content.site.fit!));
    });

    it('8. a client by name: its own case study first', async () => {
      const study = content.caseStudies[1]!;
      const [first] = await top3(`what did you do for ${study.client}`);
      assert.equal(studyAt(content, first!.url)?.slug, study.slug);
    });

    it("9. a service's name word in another form: that service ranks in the top three", async () => {
      const service = content.services.at(-1)!;
      const word = service.name
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 4 && !isFiller(w.toLowerCase()))
        .sort((a, b) => b.length - a.length)[0]!;
      const results = await top3(word.endsWith('s') ? word.slice(0, -1) : `${word}s`);
      assert.ok(
        results.some((r) => r.name === service.name),
        `${word}: ${results.map((r) => r.name).join(', ')}`,
      );
    });

    it('10. an industry above a size no study reaches: nothing, not a near miss, and a sentence that says so', async () => {
      const industry = content.caseStudies[0]!.industry;
      const answer = await askGet(app.baseUrl, `${industry} above 900bn ARR`);
      assert.deepEqual(answer.results, []);
      assert.ok((answer as unknown as { message: string }).message.includes(`no case studies in ${industry}`));
    });
  });
}
