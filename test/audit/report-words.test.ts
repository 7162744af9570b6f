// The report's own words come from the message catalogues: every check id has a title and a cost in
// English and German, every level a name and a next step; and a German site's report page and its
// markdown twin speak German (the checks' own findings and fixes stay as the checks write them).
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { auditDe } from '../../src/domain/language/catalogues/audit-de.ts';
import { auditEn } from '../../src/domain/language/catalogues/audit-en.ts';
import { checkIds } from '../../src/audit/report.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { keepReport, mixedReport } from './report-fixture.ts';

describe("the report's words", () => {
  it('give every check a title and a cost in English and in German', () => {
    for (const [language, catalogue] of [
      ['en', auditEn],
      ['de', auditDe],
    ] as const) {
      const missing = checkIds.flatMap((id) =>
        [`audit.title.${id}`, `audit.cost.${id}`].filter((key) => !Object.hasOwn(catalogue, key)),
      );
      assert.deepEqual(missing, [], language);
    }
    const untranslated = checkIds.filter(
      (id) =>
        auditEn[`audit.cost.${id}` as keyof typeof auditEn] === auditDe[`audit.cost.${id}` as keyof typeof auditDe],
    );
    assert.deepEqual(untranslated, [], 'each cost is written in German, not copied');
  });

  it('name every level and what the next one needs', () => {
    for (const level of [0, 1, 2, 3, 4, 5])
      for (const key of [`audit.levelName.${level}`, `audit.next.${level}`])
        assert.ok(Object.hasOwn(auditEn, key) && Object.hasOwn(auditDe, key), key);
  });
});

describe("a German site's report", () => {
  let app: TestApp;
  let id = '';
  before(async () => {
    app = await startTestApp({ CONTENT_DIR: path.join(import.meta.dirname, '../fixtures/berlin-studio') });
    id = await keepReport(app, mixedReport());
  });
  after(() => app?.stop());
  const get = async (url: string, accept = 'text/html'): Promise<string> => {
    const response = await app.app.http.inject({ method: 'GET', url, headers: { accept } });
    assert.equal(response.statusCode, 200, url);
    return response.body;
  };

  it('is worded in German on the page', async () => {
    const page = await get(`/audits/${id}`);
    for (const words of [
      '<h3><span class="status status-fail">Nicht bestanden</span> Wie die Inhalte genutzt werden dürfen</h3>',
      '<dt>Was es kostet</dt><dd class="cost">KI-Systeme erkennen nicht',
      '<dt>So beheben Sie es</dt>',
      '<summary>Nachweis</summary>',
      'aria-label="Punktzahl: ',
      '<span class="rung-tag">diese Website</span>',
      'Was agentsite import und der Front-Modus beheben',
      '2 Prüfungen bestanden',
      '6 Prüfungen nicht angeboten',
    ])
      assert.ok(page.includes(words), words);
    // The page's own words (a tool description for agents in the footer's search form is not one).
    const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    for (const english of ['What it costs', 'How to fix it', 'Evidence', 'checks to fix', 'this site', 'out of 100'])
      assert.ok(!main.includes(english), `no "${english}"`);
  });

  it('is worded in German in markdown, in the same order as the page', async () => {
    const markdown = await get(`/audits/${id}`, 'text/markdown');
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(headings, [
      `${checkIds.length - 8} Prüfungen zu beheben`,
      '2 Prüfungen bestanden',
      '6 Prüfungen nicht angeboten',
      'Was agentsite import und der Front-Modus beheben',
    ]);
    assert.match(markdown, /^### Nicht bestanden: .+ \(`[a-z0-9-]+`\)$/m);
    assert.match(markdown, /^- Was es kostet: /m);
    assert.match(markdown, /Dieser Bericht bleibt 30 Tage unter /);
    assert.match(markdown, /\]\(http:\/\/localhost:\d+\/developers#in-front-of-an-existing-site\)/);
  });
});
