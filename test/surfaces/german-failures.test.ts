// The failures MCP tools and A2A skills answer with speak the site's language: a German agency's bad
// input names each field with its problem in German on both protocols, and its refusals by the rate
// limits, the database down and a fault of ours are German too; an English site keeps its words.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { call, clientFor, restClientFor, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { englishWords } from '../helpers/english-words.ts';
import { modern, textOf, type TestClient } from '../mcp/clients.ts';
import {
  enquiryUnavailableMessage,
  idempotencyConflictWording,
  rateLimitedWording,
} from '../../src/domain/error-wording.ts';
import { fieldProblem } from '../../src/domain/language/field-problem.ts';
import { idempotencyConflictText, rateLimitedText } from '../../src/domain/language/failure-text.ts';
import { createUiText } from '../../src/domain/language/ui-text.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { UnavailableError } from '../../src/surfaces/a2a/errors.ts';
import { failureOf } from '../../src/surfaces/a2a/failures.ts';
import { toolFailure } from '../../src/surfaces/mcp/errors.ts';

const hafenwerk = fileURLToPath(new URL('../fixtures/hafenwerk', import.meta.url));
const de = createUiText('de');
const en = createUiText('en');
const silent = { error: () => undefined } as unknown as Parameters<typeof toolFailure>[1];

/** The English catalogue's sentences `text` holds. */
const englishIn = (text: string): string[] => englishWords.filter((english) => text.includes(english));

describe("MCP and A2A failures on a German agency's site", () => {
  let app: TestApp;
  let mcp: TestClient;
  let tool: (suffix: string) => string;
  before(async () => {
    app = await startTestApp({ CONTENT_DIR: hafenwerk });
    mcp = await modern.connect(app.mcpUrl);
    const names = (await mcp.listTools()).map((listed) => listed.name);
    tool = (suffix) => names.find((name) => name.endsWith(`_${suffix}`))!;
  });
  after(async () => {
    await mcp.close();
    await app.stop();
  });

  it('names each field of a bad MCP tool call with its problem in German', async () => {
    const result = await mcp.callTool(tool('get_page'), {});
    assert.equal(result.isError, true);
    const missing = textOf(result);
    assert.equal(missing, 'Die Anfrage ist ungültig:\n- slug: fehlt');
    const several = textOf(await mcp.callTool(tool('search_case_studies'), { limit: 500, colour: 'red' }));
    assert.equal(
      several,
      'Die Anfrage ist ungültig:\n- limit: darf höchstens 49 sein\n- colour: ist kein bekanntes Feld',
    );
    const section = textOf(await mcp.callTool(tool('get_site_index'), { section: 'blog' }));
    assert.equal(
      section,
      'Die Anfrage ist ungültig:\n- section: muss einer dieser Werte sein: "company", "services", "case-studies"',
    );
    const typed = textOf(await mcp.callTool(tool('get_page'), { slug: 5 }));
    assert.equal(typed, 'Die Anfrage ist ungültig:\n- slug: muss eine Zeichenkette sein, keine Zahl');
    assert.deepEqual(englishIn([missing, several, section, typed].join('\n')), []);
  });

  it('refuses a partner tool without its key in German, naming the way without one', async () => {
    const refused = await mcp.callTool(tool('request_assessment'), {
      fromName: 'Ada Lovelace',
      fromEmail: 'ada@example.com',
      message: 'Bitte prüfen Sie unsere Nachfrage.',
    });
    assert.equal(refused.isError, true);
    const text = textOf(refused);
    assert.match(
      text,
      /^Es wurde kein API-Schlüssel gesendet\. \w+_request_assessment braucht den HTTP-Header „Authorization: Bearer <API-Schlüssel>“\./,
    );
    assert.match(text, /Ohne Schlüssel (?:nutzen|fordern) Sie/);
    assert.deepEqual(englishIn(text), []);
  });

  it('names each field of a bad A2A skill call in German, on JSON-RPC and HTTP+JSON', async () => {
    for (const client of [await clientFor(app), await restClientFor(app)]) {
      await assert.rejects(send(client, call(tool('get_page'), {})), {
        name: 'RequestMalformedError',
        message: `Ungültige Eingabe für ${tool('get_page')}: slug fehlt.`,
      });
      await assert.rejects(send(client, call(tool('search_case_studies'), { limit: 0, colour: 'red' })), {
        message: `Ungültige Eingabe für ${tool('search_case_studies')}: limit muss mindestens 1 sein; colour ist kein bekanntes Feld.`,
      });
      await assert.rejects(send(client, call('hafenwerk_nope', {})), (error: Error) => {
        assert.match(error.message, /^Unbekannter Skill „hafenwerk_nope“\. Skills: \w+_get_site_index, /);
        return true;
      });
    }
  });
});

describe('the failures MCP and A2A word in the site language', () => {
  it('say refusals by the rate limits and idempotency conflicts in German, and as before in English', () => {
    const budget = 'Too many enquiries from this client.';
    assert.equal(
      rateLimitedText(de, budget, 1),
      'Zu viele Kontaktanfragen von diesem Client. Erneut versuchen in 1 Sekunde.',
    );
    assert.equal(rateLimitedText(en, budget, 3600), rateLimitedWording(budget, 3600));
    assert.equal(rateLimitedText(en, 'Too many widgets.', 5), rateLimitedWording('Too many widgets.', 5));
    const reused = 'This Idempotency-Key was already used with a different request body.';
    assert.equal(idempotencyConflictText(en, reused, undefined), idempotencyConflictWording(reused, undefined));
    assert.match(
      idempotencyConflictText(de, reused, undefined),
      /^Dieser Idempotency-Key wurde bereits .* neuen idempotencyKey verwenden\.$/,
    );
  });

  it('say the database down and a fault of ours in German on MCP and A2A, and hide the fault', () => {
    const down = toolFailure(new AppError('upstream_error', 'db gone'), silent, 'send', de);
    assert.match(textOf(down as never), /^Die Anfrage kann gerade nicht erfasst werden; es wurde nichts gesendet\./);
    const fault = toolFailure(new Error('postgres://secret'), silent, 'send', de);
    assert.equal(textOf(fault as never), de.text('answers.failure.internal'));
    assert.equal(
      failureOf(new UnavailableError(enquiryUnavailableMessage), 'rest', de)?.error.message,
      textOf(down as never),
    );
    assert.equal(
      failureOf(new UnavailableError(enquiryUnavailableMessage), 'rest', en)?.error.message,
      enquiryUnavailableMessage,
    );
    const spent = failureOf(
      new AppError('rate_limited', 'Too many requests from this client.', { retryAfter: 30 }),
      'jsonrpc',
      de,
    );
    assert.equal(spent?.error.message, 'Zu viele Anfragen von diesem Client. Erneut versuchen in 30 Sekunden.');
  });

  it('word an enum and a site section alike, with the values placed, in either language', () => {
    const problem = 'must be one of "company", "services"';
    assert.equal(fieldProblem(en, problem), problem);
    assert.equal(fieldProblem(de, problem), 'muss einer dieser Werte sein: "company", "services"');
    assert.equal(fieldProblem(de, 'must be at most 49'), 'darf höchstens 49 sein');
    assert.equal(fieldProblem(en, 'must be at most 49'), 'must be at most 49');
  });
});
