// The answers agents read speak the content's language on every surface: a German agency's ask (MCP
// tool, A2A text message, NLWeb's /ask with its failures) and its other answers (service match, value
// proposition, reasons, case-study search, contact details, site index, an unknown page) carry none of
// the English catalogue's sentences, and an English agency's answers keep their English sentences.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ask as textMessage, clientFor, resultOf, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { englishWords } from '../helpers/english-words.ts';
import { modern, textOf, type TestClient } from '../mcp/clients.ts';

const hafenwerk = fileURLToPath(new URL('../fixtures/hafenwerk', import.meta.url));

/** Every text an agent reads for `question`, from each surface, with the failures NLWeb gives. */
async function answersTo(app: TestApp, mcp: TestClient, questions: string[]): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  const tools = (await mcp.listTools()).map((tool) => tool.name);
  const tool = (suffix: string): string => tools.find((name) => name.endsWith(`_${suffix}`))!;
  const a2a = await clientFor(app);
  for (const query of questions) {
    texts[`MCP ask "${query}"`] = textOf(await mcp.callTool('ask', { query }));
    texts[`MCP match "${query}"`] = textOf(await mcp.callTool(tool('match_services'), { challenge: query }));
    texts[`MCP value "${query}"`] = textOf(await mcp.callTool(tool('value_proposition'), { query }));
    texts[`MCP search "${query}"`] = textOf(await mcp.callTool(tool('search_case_studies'), { query }));
    texts[`A2A "${query}"`] = resultOf(await send(a2a, textMessage(query))).text;
    // NLWeb's bodies are read where they speak: the message, the enquiry action's description.
    const posted = (
      await app.app.http.inject({ method: 'POST', url: '/ask', payload: { query: { text: query } } })
    ).json();
    texts[`NLWeb POST "${query}"`] = `${posted.message}\n${posted.results[0]?.actions[0].description ?? ''}`;
    const streamed = await app.app.http.inject({
      url: `/ask?query=${encodeURIComponent(query)}`,
      headers: { accept: 'text/event-stream' },
    });
    const events = streamed.body
      .split('\n\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.slice('data: '.length)));
    texts[`NLWeb summary "${query}"`] = events.find((event) => event.message_type === 'summary').message;
  }
  texts['MCP page not found'] = textOf(await mcp.callTool(tool('get_page'), { slug: 'case-studies/nordkamp' }));
  texts['MCP contact'] = textOf(await mcp.callTool(tool('get_contact'), {}));
  texts['MCP site index'] = textOf(await mcp.callTool(tool('get_site_index'), { query: questions[0]! }));
  texts['MCP site index, no match'] = textOf(await mcp.callTool(tool('get_site_index'), { query: 'zzzz' }));
  texts['MCP why'] = textOf(await mcp.callTool(tools.find((name) => name.includes('_why_'))!, {}));
  for (const [name, request] of Object.entries({
    'no query': { url: '/ask' },
    'a number for text': { method: 'POST' as const, url: '/ask', payload: { query: { text: 5 } } },
    'an unknown method': { method: 'PUT' as const, url: '/ask' },
    'a body too large': { method: 'POST' as const, url: '/ask', payload: { query: { text: 'x'.repeat(20_000) } } },
  })) {
    const failure = await app.app.http.inject(request);
    assert.equal(failure.json()._meta.response_type, 'Failure', name);
    texts[`NLWeb failure: ${name}`] = failure.json().error.message;
  }
  return texts;
}

/** The English catalogue's sentences a text holds; addresses are left out, they are no sentences. */
function englishIn(text: string): string[] {
  const words = text.replace(/https?:\/\/\S+/g, ' ').replace(/\\"/g, '"');
  return englishWords.filter((english) =>
    new RegExp(`(?<![\\p{L}])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(words),
  );
}

describe("the answers in a German agency's language", () => {
  let app: TestApp;
  let mcp: TestClient;
  before(async () => {
    app = await startTestApp({ CONTENT_DIR: hafenwerk });
    mcp = await modern.connect(app.mcpUrl);
  });
  after(async () => {
    await mcp.close();
    await app.stop();
  });

  it('carry no sentence of the English catalogue on MCP, A2A or NLWeb, in fit, out of fit or failing', async () => {
    const questions = [
      'Fachkräftemangel bei Maschinenbauern mit über 500 Mitarbeitenden',
      'Möbel an Endverbraucher',
      'Quantencomputer',
    ];
    const texts = await answersTo(app, mcp, questions);
    const found = Object.entries(texts).flatMap(([where, text]) =>
      englishIn(text).map((english) => `${where}: "${english}"`),
    );
    assert.deepEqual(found, []);
    assert.match(texts[`MCP ask "${questions[0]}"`]!, /Für eine Anfrage, mit Zustimmung des Nutzers: POST /);
    assert.match(texts[`A2A "${questions[0]}"`]!, /^# Hafenwerk: Antworten auf „Fachkräftemangel/);
    assert.equal(texts['NLWeb failure: no query'], 'Die Anfrage ist ungültig: query fehlt.');
    assert.match(texts['MCP site index, no match']!, /\nKeine Seite passt zu diesen Suchwörtern\./);
    assert.match(texts['MCP page not found']!, /^Keine Seite mit dem Slug „case-studies\/nordkamp“\. /);
    assert.equal(
      texts['NLWeb failure: a number for text'],
      'Die Anfrage ist ungültig: query.text muss eine Zeichenkette sein, keine Zahl.',
    );
  });
});

describe("the answers in an English agency's language", () => {
  let app: TestApp;
  let mcp: TestClient;
  before(async () => {
    app = await startTestApp();
    mcp = await modern.connect(app.mcpUrl);
  });
  after(async () => {
    await mcp.close();
    await app.stop();
  });

  it('keep their English sentences on MCP, A2A and NLWeb', async () => {
    const query = 'fintech case studies';
    const texts = await answersTo(app, mcp, [query]);
    assert.match(
      texts[`MCP ask "${query}"`]!,
      /\n\nTo enquire, with the user's consent: POST http:\/\/\S+\/agent\/contact, or the form at http:\/\/\S+\/contact\.$/,
    );
    assert.match(texts[`A2A "${query}"`]!, /^# Verto: answers to "fintech case studies"\n/);
    assert.match(
      texts[`A2A "${query}"`]!,
      /\n## For more, send a data part \{"skill": "<id>", "input": \{…\}\}\n- \w+_get_page for a page above as markdown, e\.g\. /,
    );
    assert.match(texts[`MCP match "${query}"`]!, /^\d service\(s\) match this challenge, best first\.\n/);
    assert.match(texts[`MCP search "${query}"`]!, /^\d+ case studies match "fintech case studies"; showing \d+\.\n/);
    assert.match(texts[`NLWeb POST "${query}"`]!, /\nSend Verto an enquiry, with the user's consent\.$/);
    assert.equal(texts['NLWeb failure: no query'], 'The request is invalid: query is required.');
    assert.match(
      texts['MCP page not found']!,
      /No page with slug "case-studies\/nordkamp"\. Call \w+ to list the real slugs\./,
    );
    assert.equal(
      texts['NLWeb failure: a number for text'],
      'The request is invalid: query.text must be a string, not a number.',
    );
    assert.equal(texts['NLWeb failure: an unknown method'], 'PUT is not supported here; use GET or POST.');
    assert.equal(texts['NLWeb failure: a body too large'], 'The request body is larger than 16 KiB.');
  });
});
