// A German agency (test/fixtures/hafenwerk) end to end, on the surfaces agents read: the case-study
// search honours a company size exactly as the ask does (MCP, A2A, /ask), German words are read by
// meaning ("Fachkräftemangel", "Was können Sie für uns tun?"), the case study's markdown twin speaks
// German, and /developers marks what stays English (lang="en", WCAG 3.1.2).
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import type { CaseStudy } from '../../src/domain/content/types.ts';
import { ask as textMessage, call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { englishOn } from '../helpers/english-words.ts';
import { modern, textOf, type TestClient } from '../mcp/clients.ts';

const hafenwerk = fileURLToPath(new URL('../fixtures/hafenwerk', import.meta.url));

let app: TestApp;
let mcp: TestClient;
let a2a: Awaited<ReturnType<typeof clientFor>>;
before(async () => {
  app = await startTestApp({ CONTENT_DIR: hafenwerk, TRUST_PROXY: 'loopback' });
  mcp = await modern.connect(app.mcpUrl, { 'x-forwarded-for': '192.0.2.1' });
  a2a = await clientFor(app);
});
after(async () => {
  await mcp?.close();
  await app?.stop();
});

const studies = (): CaseStudy[] => app.app.services.content.caseStudies;
const employees = (cs: CaseStudy): number => Number(cs.companySize!.replace(/\D/g, ''));
const slugsOf = (items: unknown): string[] => (items as { slug: string }[]).map((item) => item.slug).sort();

/** NLWeb's POST /ask, from its own client address so it spends no other surface's budget. */
async function nlweb(
  query: string,
): Promise<{ message: string; results: { '@type': string; url: string; name: string }[] }> {
  const response = await app.app.http.inject({
    method: 'POST',
    url: '/ask',
    payload: { query: { text: query } },
    remoteAddress: '192.0.2.3',
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

describe('the case-study search on a German site', () => {
  const bounds: [string, (n: number) => boolean][] = [
    ['über 500 Mitarbeitende', (n) => n > 500],
    ['Referenzen unter 400 Mitarbeitenden', (n) => n < 400],
    ['Firmen mit mehr als 1.000 Mitarbeitern', (n) => n > 1000],
    ['case studies over 500 employees', (n) => n > 500],
    ['under 400 employees', (n) => n < 400],
  ];

  it('honours a company size in either language as a filter over MCP and A2A, with the same studies as /ask', async () => {
    for (const [query, passes] of bounds) {
      const expected = studies()
        .filter((cs) => passes(employees(cs)))
        .map((cs) => `case-studies/${cs.slug}`)
        .sort();
      assert.ok(expected.length > 0 && expected.length < studies().length, query);
      const viaMcp = (await mcp.callTool('hafenwerk_search_case_studies', { query, limit: 49 })).structuredContent!;
      assert.deepEqual(slugsOf(viaMcp.items), expected, `MCP ${query}`);
      assert.equal(viaMcp.total, expected.length, query);
      assert.equal((viaMcp.size as { unit?: string }).unit, 'employees', query);
      const viaA2a = resultOf(await send(a2a, call('hafenwerk_search_case_studies', { query, limit: 49 }))).data;
      assert.deepEqual(slugsOf(viaA2a.items), expected, `A2A ${query}`);
      const asked = await nlweb(query);
      const askedSlugs = asked.results.map((result) => `case-studies/${result.url.split('/').pop()}`).sort();
      assert.deepEqual(askedSlugs, expected, `/ask ${query}`);
    }
  });

  it('keeps the words beside a size as keywords, inside the size', async () => {
    const result = await mcp.callTool('hafenwerk_search_case_studies', { query: 'Hydraulik über 500 Mitarbeitende' });
    assert.deepEqual(slugsOf(result.structuredContent!.items), ['case-studies/elbwerk-hydraulik']);
    const none = await mcp.callTool('hafenwerk_search_case_studies', { query: 'Xylophon über 500 Mitarbeitende' });
    assert.equal(none.structuredContent!.total, 0);
  });

  it('finds the studies a word means when no study writes it: "Fachkräftemangel"', async () => {
    const employerBranding = studies()
      .filter((cs) => cs.services.includes('arbeitgebermarke'))
      .map((cs) => `case-studies/${cs.slug}`)
      .sort();
    const viaMcp = await mcp.callTool('hafenwerk_search_case_studies', { query: 'Fachkräftemangel' });
    const top = (viaMcp.structuredContent!.items as { slug: string }[]).slice(0, 3).map((item) => item.slug);
    assert.deepEqual(top.sort(), employerBranding);
    const viaA2a = resultOf(await send(a2a, call('hafenwerk_search_case_studies', { query: 'Fachkräftemangel' }))).data;
    assert.deepEqual(slugsOf((viaA2a.items as unknown[]).slice(0, 3)), employerBranding);
    const asked = await nlweb('Fachkräftemangel');
    assert.ok(asked.results.slice(0, 3).some((result) => result.name === 'Employer Branding & Recruiting'));
  });
});

describe('a question of what the agency does', () => {
  const services = (): string[] => app.app.services.content.services.map((service) => service.name);

  it('is answered with the services over MCP, A2A and /ask, in German and in English', async () => {
    for (const query of ['Was können Sie für uns tun?', 'What can you do for us?']) {
      const viaMcp = await mcp.callTool('ask', { query });
      const answer = viaMcp.structuredContent as { results: { kind: string; name: string }[] };
      assert.deepEqual(
        answer.results.map((result) => result.name),
        services(),
        `MCP ${query}`,
      );
      assert.match(
        textOf(viaMcp),
        /Hafenwerk bietet 6 Leistungen: Employer Branding & Recruiting, B2B-Leadgenerierung/,
      );
      const viaA2a = resultOf(await send(a2a, textMessage(query))).data as { results: { name: string }[] };
      assert.deepEqual(
        viaA2a.results.map((result) => result.name),
        services(),
        `A2A ${query}`,
      );
      const asked = await nlweb(query);
      assert.deepEqual(
        asked.results.map((result) => [result['@type'], result.name]),
        services().map((name) => ['Service', name]),
        `/ask ${query}`,
      );
    }
  });
});

describe('the markdown a German site gives agents', () => {
  it("labels and dates a case study's facts in German, at every address of its twin and over MCP", async () => {
    const expected =
      /- \*\*Branche:\*\* Maschinenbau\n- \*\*Unternehmensgröße:\*\* 480 Mitarbeitende\n- \*\*Leistungen:\*\* \[Employer Branding & Recruiting\]\([^)]+\)\n- \*\*Veröffentlicht:\*\* 10\. September 2026\n/;
    for (const url of ['/markdown/case-studies/nordkamp-antriebe.md', '/case-studies/nordkamp-antriebe.md']) {
      const twin = await app.app.http.inject({ url });
      assert.match(twin.body, expected, url);
      assert.doesNotMatch(twin.body, /Industry|Company size|Services:|Published/, url);
    }
    const page = await mcp.callTool('hafenwerk_get_page', { slug: 'case-studies/nordkamp-antriebe' });
    assert.match(textOf(page), expected);
  });

  it('marks the English reference of /developers lang="en" and says everything else in German', async () => {
    const response = await app.app.http.inject({ url: '/developers', headers: { accept: 'text/html' } });
    const { document } = parseHTML(response.body);
    assert.equal(document.documentElement.getAttribute('lang'), 'de');
    assert.match(document.querySelector('title')!.textContent!, /^Entwickler · Hafenwerk/);
    const main = document.querySelector('main')!;
    const english = [...main.querySelectorAll('[lang="en"]')];
    const marked = english.map((element) => element.textContent).join(' ');
    for (const words of ['Counted per client IP', 'Streamable HTTP, stateless', 'Latest self-audit'])
      assert.ok(marked.includes(words), words);
    for (const element of english) element.remove();
    const rest = main.textContent!;
    assert.match(rest, /Die technische Referenz unten ist auf Englisch/);
    for (const words of ['REST API', 'publishes its site', 'Counted per client IP', 'self-audit', 'Naming'])
      assert.ok(!rest.includes(words), `unmarked English: ${words}`);
    assert.deepEqual(englishOn(main.outerHTML), []);
  });
});
