// The heaviest hostile site the audit may meet: a home page of 2 MiB of `<form ` openers, cards whose
// names are 1.9 MB strings of markup and controls, JSON nested 300 000 levels. Audited through REST,
// MCP and A2A at once, the service keeps answering /agent/health throughout, each report is at most
// 256 KiB, and no output (JSON, markdown, HTML page, MCP text, A2A artifact) carries the site's
// markup or a control character. How fast health answers meanwhile is the bench's (bench/lib/audit.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { modern, textOf } from '../mcp/clients.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { documentSite, htmlDoc, type DocumentSite } from '../audit/document-site.ts';
import { assertBounded, assertInert, controls, hostileDocs, image, tool, unprintable } from './hostile-site.ts';

const mib = 1024 * 1024;
/** A health answer slower than this is a service that stopped answering, not a slow one. */
const healthGiveUpMs = 60_000;
type Report = Parameters<typeof assertBounded>[0];

function heavyDocs(origin: string) {
  const docs = hostileDocs(origin, `${'<script>alert(1)</script>'.repeat(4)}${controls}${'y'.repeat(1_900_000)}`);
  const opening = `<title>x</title><form toolname="${image}${controls}" tooldescription="d">`;
  // Just under the fetcher's 2 MiB a response, so the whole page is read and parsed.
  docs['/'] = htmlDoc(opening + '<form '.repeat(Math.floor((2 * mib - 4096 - opening.length) / 6)));
  return docs;
}

describe('audits of a hostile site under load', () => {
  let app: TestApp;
  let site: DocumentSite;
  before(async () => {
    site = await documentSite();
    site.docs = heavyDocs(site.url);
    app = await startTestApp({ AUDIT_ALLOW_HOSTS: '127.0.0.1' });
  });
  after(async () => {
    await app?.stop();
    await site?.close();
  });

  it('keeps answering health while REST, MCP and A2A audit it at once, with bounded, inert reports', async () => {
    const mcp = await modern.connect(app.mcpUrl);
    let auditing = true;
    const audits = Promise.all([
      fetch(`${app.baseUrl}/agent/audits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: site.url }),
      }).then(async (response) => ({ status: response.status, text: await response.text() })),
      mcp.callTool(tool, { url: site.url }),
      clientFor(app).then((client) => send(client, call(tool, { url: site.url }))),
    ]).finally(() => {
      auditing = false;
    });
    let answered = 0;
    do {
      const health = await fetch(`${app.baseUrl}/agent/health`, { signal: AbortSignal.timeout(healthGiveUpMs) });
      assert.equal(health.status, 200);
      await health.arrayBuffer();
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (auditing);
    const [rest, overMcp, task] = await audits;
    await mcp.close();
    assert.ok(answered >= 1);

    assert.equal(rest.status, 201, rest.text.slice(0, 300));
    assert.ok(Buffer.byteLength(rest.text) <= 256 * 1024, `the REST report weighs ${rest.text.length} bytes`);
    assertBounded(JSON.parse(rest.text) as Report);
    assertInert('the REST report', rest.text, 'json');

    assert.equal(overMcp.isError ?? false, false, textOf(overMcp));
    const structured = JSON.stringify(overMcp.structuredContent);
    assert.ok(Buffer.byteLength(structured) <= 256 * 1024);
    assertInert('the MCP structured report', structured, 'json');
    assertInert('the MCP text', textOf(overMcp), 'markdown');

    const { data, text } = resultOf(task);
    assertBounded(data as Report);
    assert.ok(Buffer.byteLength(JSON.stringify(data)) <= 256 * 1024);
    assertInert('the A2A data artifact', JSON.stringify(data), 'json');
    assertInert('the A2A text artifact', text, 'markdown');

    const page = /\/audits\/[A-Za-z0-9_-]{22}/.exec(textOf(overMcp))![0];
    const markdown = await fetch(`${app.baseUrl}${page}`, { headers: { accept: 'text/markdown' } });
    assertInert('the markdown page', await markdown.text(), 'markdown');
    const html = await (await fetch(`${app.baseUrl}${page}`)).text();
    assert.doesNotMatch(html, /<script>alert|<img src=x/);
    assert.doesNotMatch(html, unprintable);
  });
});
