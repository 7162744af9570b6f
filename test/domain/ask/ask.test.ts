import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { demoContentDir } from '../../../src/config/config.ts';
import { createAsk, type Ask } from '../../../src/domain/ask/engine.ts';
import { parseAmount } from '../../../src/domain/ask/size.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { createSearch } from '../../../src/domain/search/index.ts';

// Every expectation is read from the content itself, so the same tests hold for both agencies.
const agencies = {
  demo: demoContentDir,
  'retail studio': fileURLToPath(new URL('../../fixtures/retail-studio', import.meta.url)),
};
const caseStudyOf = (content: ContentCatalog, url: string) =>
  content.caseStudies.find((cs) => url.endsWith(`/case-studies/${cs.slug}`))!;

for (const [agency, dir] of Object.entries(agencies)) {
  describe(`the ask on the ${agency} content`, () => {
    let content: ContentCatalog;
    let ask: Ask;
    before(async () => {
      content = await loadContent(dir);
      ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
    });

    it("answers an industry with exactly that industry's case studies", () => {
      for (const industry of new Set(content.caseStudies.map((cs) => cs.industry!))) {
        const answer = ask({ query: `${industry.toLowerCase()} case studies` });
        const expected = content.caseStudies.filter((cs) => cs.industry === industry).length;
        assert.equal(answer.total, expected, industry);
        for (const result of answer.results)
          assert.equal(result.facts?.industry, industry, `${industry}: ${result.name}`);
      }
    });

    it('answers two industries named together with the studies of both', () => {
      // The industry of most words, and one sharing none of them: each is named whatever the other's length.
      const wordsIn = (industry: string): string[] =>
        industry
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length > 2);
      const industries = [...new Set(content.caseStudies.map((cs) => cs.industry!))].sort(
        (a, b) => wordsIn(b).length - wordsIn(a).length,
      );
      const first = industries[0]!;
      const second = industries.find((other) => !wordsIn(other).some((w) => wordsIn(first).includes(w)))!;
      const answer = ask({ query: `${first!.toLowerCase()} and ${second!.toLowerCase()} case studies` });
      assert.deepEqual(answer.understood.industries.sort(), [first, second].sort());
      assert.equal(
        answer.total,
        content.caseStudies.filter((cs) => cs.industry === first || cs.industry === second).length,
      );
    });

    it('honours a size bound as a filter, never as words', () => {
      const sizeOf = (url: string): number | undefined => parseAmount(caseStudyOf(content, url).companySize ?? '');
      const above = ask({ query: 'case studies above 100M ARR' });
      assert.equal(
        above.total,
        content.caseStudies.filter((cs) => (parseAmount(cs.companySize ?? '') ?? 0) > 100e6).length,
      );
      for (const result of above.results) assert.ok(sizeOf(result.url)! > 100e6, result.name);
      const under = ask({ query: 'clients under 40M' });
      assert.equal(
        under.total,
        content.caseStudies.filter((cs) => (parseAmount(cs.companySize ?? '') ?? Infinity) < 40e6).length,
      );
      for (const result of under.results) assert.ok(sizeOf(result.url)! < 40e6, result.name);
      if (!content.caseStudies.some((cs) => cs.companySize))
        assert.match(above.message, /None of its case studies states a company size/);
    });

    it('answers a service named by its initials or its name with the studies that used it, its page first', () => {
      for (const service of content.services) {
        const initials = service.name
          .split(/[\s-]+/)
          .filter((word) => /^\w/.test(word))
          .map((word) => word[0])
          .join('');
        const query = initials.length >= 3 ? initials.toUpperCase() : service.name;
        const answer = ask({ query });
        assert.deepEqual(
          answer.understood.services.map((s) => s.slug),
          [service.slug],
          query,
        );
        assert.equal(answer.results[0]?.kind, 'service');
        assert.equal(answer.results[0]?.name, service.name);
        assert.equal(
          answer.total,
          content.caseStudies.filter((cs) => cs.services.includes(service.slug)).length,
          query,
        );
        for (const result of answer.results.slice(1))
          assert.ok(caseStudyOf(content, result.url).services.includes(service.slug), result.name);
      }
    });

    it("tells a question outside the fit that it is, and why, from the content's fit rule", () => {
      const phrase = content.site.fitRule.outside[0]!;
      const answer = ask({ query: `We are a ${phrase} looking for help` });
      assert.equal(answer.fit.inFit, false);
      assert.equal(answer.results.length, 1);
      assert.equal(answer.results[0]?.kind, 'fit');
      assert.ok(answer.results[0]?.description.includes(content.site.fit!));
      assert.ok(answer.message.includes(phrase));
    });

    it('offers the service whose problem a question names, without filtering by it', () => {
      for (const service of content.services) {
        const initials = service.name
          .split(/[\s-]+/)
          .filter((word) => /^\w/.test(word))
          .map((word) => word[0])
          .join('')
          .toLowerCase();
        const problem = service.keywords.find(
          (k) =>
            !service.name.toLowerCase().includes(k.toLowerCase()) &&
            k !== initials &&
            content.services.every((other) => other === service || !other.keywords.includes(k)) &&
            // A word of an industry is read as that industry first.
            !content.caseStudies.some((cs) =>
              cs
                .industry!.toLowerCase()
                .split(/\W+/)
                .some((w) => k.toLowerCase().split(/\W+/).includes(w)),
            ),
        );
        if (!problem) continue;
        const answer = ask({ query: `we need help with ${problem}` });
        assert.deepEqual(answer.understood.services, [], problem);
        assert.ok(
          answer.results.slice(0, 3).some((r) => r.kind === 'service' && r.name === service.name),
          `${problem}: ${answer.results.map((r) => r.name).join(', ')}`,
        );
      }
    });

    it('ranks a plain question by its words, every result pointing at its page', () => {
      const study = content.caseStudies[0]!;
      const answer = ask({ query: study.client });
      assert.equal(answer.results[0]?.url, `https://agency.example/case-studies/${study.slug}`);
      assert.equal(answer.results[0]?.markdownUrl, `https://agency.example/markdown/case-studies/${study.slug}.md`);
    });
  });
}

describe('the ask as a protocol-free call', () => {
  it("gives structured output valid for its output schema and a text naming every result's page", async () => {
    const { askOutputSchema } = await import('../../../src/domain/ask/schema.ts');
    const { askResult } = await import('../../../src/domain/ask/render.ts');
    const content = await loadContent(demoContentDir);
    const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
    const { structured, text } = askResult(
      ask({ query: `${content.caseStudies[0]!.industry} case studies`, generate_mode: 'summarize' }),
      content.ui,
    );
    assert.ok(askOutputSchema.safeParse(structured).success);
    assert.equal(structured.generateMode, 'summarize');
    for (const result of structured.results) assert.ok(text.includes(result.url), result.url);
  });

  it('refuses an empty question with invalid_request naming the query', async () => {
    const content = await loadContent(demoContentDir);
    const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
    assert.throws(
      () => ask({ query: '  ' }),
      (error: { code?: string; fieldErrors?: { field: string }[] }) =>
        error.code === 'invalid_request' && error.fieldErrors?.[0]?.field === 'query',
    );
  });
});

describe('the ask and contact details', () => {
  it('never repeats an e-mail address or phone number of the question in what it understood', async () => {
    const content = await loadContent(demoContentDir);
    const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
    const answer = ask({ query: 'fintech case studies, mail jane.doe@victim.example or call +44 20 7946 0958' });
    const echoed = JSON.stringify({ understood: answer.understood, message: answer.message });
    assert.doesNotMatch(echoed, /victim|jane|7946|0958/);
    assert.deepEqual(answer.understood.industries, ['Fintech']);
  });
});

describe('the ask on a question that describes a problem', () => {
  it('reads a lone industry or service word in a long description as a word to rank by, not a filter', async () => {
    const content = await loadContent(demoContentDir);
    const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
    // "sales" is a word of "Sales technology" that every study writes; "search" names the SEO service.
    const story = ask({ query: 'leads wait days before sales calls them back' });
    assert.deepEqual(story.understood.industries, []);
    assert.ok(story.total > 1);
    const ads = ask({ query: 'our search ads attract students and job hunters rather than buyers' });
    assert.deepEqual(ads.understood.services, []);
    // Named in full, or in a short question, they still filter.
    assert.deepEqual(ask({ query: 'sales technology case studies' }).understood.industries, ['Sales technology']);
    assert.deepEqual(
      ask({ query: 'search visibility' }).understood.services.map((service) => service.slug),
      ['seo-and-ai-search'],
    );
  });
});
