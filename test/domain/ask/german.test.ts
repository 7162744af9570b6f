// The ask over a German agency's content (test/fixtures/hafenwerk, site.yaml language: de): stop
// words, compounds, sizes in employees and the German fit rule. The answers' sentences are German
// too: test/language/answers.test.ts.
import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { matchServices } from '../../../src/domain/agency/match.ts';
import { createAsk, type Ask } from '../../../src/domain/ask/engine.ts';
import type { ContentCatalog } from '../../../src/domain/content/catalog.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { exampleQuestion } from '../../../src/domain/ask/example.ts';
import { createSearch } from '../../../src/domain/search/index.ts';

const dir = fileURLToPath(new URL('../../fixtures/hafenwerk', import.meta.url));

describe('the ask on German content', () => {
  let content: ContentCatalog;
  let ask: Ask;
  before(async () => {
    content = await loadContent(dir);
    ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agentur.example' });
  });
  const employees = (url: string): number => {
    const cs = content.caseStudies.find((study) => url.endsWith(`/case-studies/${study.slug}`))!;
    return Number(cs.companySize!.replace(/\D/g, ''));
  };

  it('answers a question of what the agency does with its services, in German and in English', () => {
    for (const query of ['Was können Sie für uns tun?', 'Was bieten Sie an?', 'What can you do for us?']) {
      const answer = ask({ query });
      assert.deepEqual(answer.understood.terms, [], query);
      assert.deepEqual(
        answer.results.map((result) => result.name),
        content.services.map((service) => service.name),
        query,
      );
      assert.equal(answer.total, content.services.length, query);
      assert.match(answer.message, /^Hafenwerk bietet 6 Leistungen: Employer Branding & Recruiting, /, query);
    }
  });

  it('reads a question of nothing but German stop words as asking nothing', () => {
    const answer = ask({ query: 'Was wäre, wenn?' });
    assert.deepEqual(answer.understood.terms, []);
    assert.equal(answer.total, 0);
  });

  it('leaves a question that names a service or a size to its constraints, not to the list of services', () => {
    assert.equal(ask({ query: 'Was können Sie für uns beim SEO tun?' }).results[0]?.name, 'SEO & Sichtbarkeit');
    assert.ok(ask({ query: 'Was können Sie für Firmen über 500 Mitarbeitende tun?' }).understood.size);
  });

  it('answers a compound service keyword with its service and the studies that used it', () => {
    const top = ask({ query: 'Fachkräftemangel' }).results.slice(0, 3);
    assert.ok(top.some((r) => r.kind === 'service' && r.name === 'Employer Branding & Recruiting'));
    const studies = top.filter((r) => r.kind === 'case-study');
    assert.ok(studies.length > 0);
    for (const study of studies)
      assert.ok(study.facts?.services.includes('Employer Branding & Recruiting'), study.name);
  });

  it('honours a size in employees as a filter, with either thousands separator', () => {
    for (const [query, passes] of [
      ['Firmen über 500 Mitarbeitende', (n: number) => n > 500],
      ['Referenzen mit mehr als 1.000 Mitarbeitern', (n: number) => n > 1000],
      ['case studies under 200 employees', (n: number) => n < 200],
      ['50-200 Mitarbeiter', (n: number) => n >= 50 && n <= 200],
    ] as const) {
      const answer = ask({ query });
      assert.equal(answer.understood.size?.unit, 'employees', query);
      const expected = content.caseStudies.filter((cs) => passes(Number(cs.companySize!.replace(/\D/g, ''))));
      assert.ok(expected.length > 0, query);
      assert.equal(answer.total, expected.length, query);
      for (const result of answer.results) assert.ok(passes(employees(result.url)), `${query}: ${result.name}`);
    }
  });

  it('names an industry by an inflected form of it', () => {
    assert.deepEqual(ask({ query: 'Referenzen von Maschinenbauern' }).understood.industries, ['Maschinenbau']);
  });

  it('reads the fit rule in German: endings, compounds and an "inside" word that keeps a shop in fit', () => {
    const refused = ask({ query: 'Möbel an Endverbraucher' });
    assert.equal(refused.fit.inFit, false);
    assert.equal(refused.fit.signal, 'Endverbraucher');
    assert.equal(ask({ query: 'Wir verkaufen Damenmode' }).fit.signal, 'Damenmode');
    assert.equal(ask({ query: 'Maschinenbauer mit Ersatzteil-Onlineshop' }).fit.inFit, true);
  });

  it("counts the words the content's synonyms.yaml groups as each other", () => {
    const top = (agency: ContentCatalog, query: string): string | undefined =>
      createAsk({ content: agency, search: createSearch(agency), baseUrl: 'https://agentur.example' })({ query })
        .results[0]?.url.split('/')
        .pop();
    // The content writes "Errichterfirmen" and "Faltschachteln"; its synonyms.yaml says what buyers call them.
    assert.equal(top(content, 'Installateure von Alarmanlagen'), 'riedel-sicherheitstechnik');
    assert.equal(top(content, 'Kartons kalkulieren'), 'harms-verpackung');
    const without = { ...content, synonyms: [] };
    assert.notEqual(top(without, 'Installateure von Alarmanlagen'), 'riedel-sicherheitstechnik');
    assert.equal(top(without, 'Kartons kalkulieren'), undefined);
  });

  it('matches a German challenge to the service whose keyword it names, umlauts and all', () => {
    const result = matchServices(content, createSearch(content), 'Fachkräftemangel im Außendienst');
    assert.equal(result.fit, 'in_fit');
    assert.equal(result.matches[0]?.slug, 'arbeitgebermarke');
    assert.deepEqual(result.matches[0]?.matchedKeywords, ['Fachkräftemangel']);
    assert.equal(matchServices(content, createSearch(content), 'Möbel an Endverbraucher').fit, 'outside_fit');
  });
});

describe('the example question the documents show', () => {
  it("is asked in the content's language, and the ask answers it inside its constraints", async () => {
    for (const [folder, shape] of [
      ['../../fixtures/hafenwerk', /^Referenzen Maschinenbau über 400 Mitarbeitende$/],
      // The only sized study states 300 employees: the bound stays below it.
      ['../../fixtures/berlin-studio', /^Referenzen Fördertechnik über 200 Mitarbeitende$/],
      ['../../../content', /^[A-Z][a-z ]+ case studies above \d+M$/],
    ] as const) {
      const content = await loadContent(fileURLToPath(new URL(folder, import.meta.url)));
      const question = exampleQuestion(content);
      assert.match(question, shape);
      const answer = createAsk({ content, search: createSearch(content), baseUrl: 'https://agentur.example' })({
        query: question,
      });
      assert.ok(answer.understood.size && answer.understood.industries.length === 1, question);
      assert.ok(answer.total > 0, question);
    }
  });
});
