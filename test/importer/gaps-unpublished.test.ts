// A freshly imported site is served with its gaps unfilled, and no surface publishes one: pages and
// their markdown, llms files, JSON-LD, discovery documents, the REST API, the MCP server (official
// client) and the A2A card say no "TODO". content:check and the dashboard list every gap with its
// file and line, and `--strict` exits 1 until they are filled.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { demoContentDir } from '../../src/config/config.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { startTestApp, tempSqliteUrl, type TestApp } from '../helpers/app.ts';
import { modern, type TestClient } from '../mcp/clients.ts';
import { runImport, startSite } from './static-site.ts';

const run = promisify(execFile);
const check = path.resolve(import.meta.dirname, '../../src/content-check.ts');
const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-gaps-'));
const out = path.join(parent, 'site');
const token = 'gaps-dashboard-token-0123456789';
let app: TestApp;
let mcp: TestClient;

before(async () => {
  const site = await startSite('modern-business');
  try {
    const result = await runImport([site.url, '--out', out]);
    assert.equal(result.code, 0, result.out);
  } finally {
    await site.close();
  }
  app = await startTestApp({ CONTENT_DIR: out, DATABASE_URL: tempSqliteUrl(), ADMIN_PORT: '0', ADMIN_TOKEN: token });
  mcp = await modern.connect(app.mcpUrl);
});
after(async () => {
  await mcp?.close();
  await app?.stop();
  await rm(parent, { recursive: true, force: true });
});

const get = (url: string) => app.app.http.inject({ url, headers: { accept: '*/*' } });

function assertNoGap(text: string, where: string): void {
  const at = text.search(/TODO|undefined/);
  assert.ok(at < 0, `${where} says: …${text.slice(Math.max(0, at - 80), at + 80)}…`);
}

describe('an imported site with its gaps unfilled', () => {
  it('leaves the gaps in the folder, where content:check lists each with its file and line', async () => {
    assert.match(await readFile(path.join(out, 'contact.yaml'), 'utf8'), /responseTime: "?TODO: /);
    const plain = await run(process.execPath, [check, out]);
    assert.match(plain.stdout, /Content OK/);
    assert.match(plain.stdout, /^ {2}contact\.yaml:\d+ responseTime: how soon you reply to an enquiry$/m);
    assert.match(plain.stdout, /^ {2}site\.yaml:\d+ fit: who you serve/m);
    assert.match(plain.stdout, /^ {2}case-studies\/portfolio-item\.md:\d+ headlineStat: /m);
    const strict = await run(process.execPath, [check, out, '--strict']).then(
      () => assert.fail('--strict passed with gaps left'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(strict.code, 1);
    assert.match(strict.stderr, /Not ready: \d+ gaps left/);
  });

  it('serves no gap on any page, twin, llms file or discovery document, following every link', async () => {
    const queue = ['/', '/sitemap.xml', '/llms.txt', '/llms-full.txt', '/developers', '/auth.md'];
    queue.push(
      ...[
        'ard.json',
        'ai-catalog.json',
        'agent-card.json',
        'mcp/server-card.json',
        'api-catalog',
        'ai-plugin.json',
        'agent-skills/index.json',
      ].map((name) => `/.well-known/${name}`),
    );
    queue.push('/agent/openapi.json', '/agent/case-studies', '/agent/contact');
    const seen = new Set<string>();
    const base = app.app.services.config.baseUrl;
    while (queue.length > 0 && seen.size < 400) {
      const target = queue.shift()!;
      if (seen.has(target)) continue;
      seen.add(target);
      const res = await get(target);
      assertNoGap(res.body, target);
      for (const [, href] of [...res.body.matchAll(/href="([^"]+)"/g), ...res.body.matchAll(/\]\(([^)\s]+)\)/g)]) {
        const url = new URL(href!.replace(/&amp;/g, '&'), `${base}/`);
        if (url.origin === new URL(base).origin && !seen.has(url.pathname)) queue.push(url.pathname);
      }
    }
    const study = app.app.services.content.caseStudies[0]!;
    assert.ok(seen.has(study.path) && seen.has('/markdown/contact.md'), [...seen].join(' '));
    const home = (await get('/')).body;
    assert.match(home, /application\/ld\+json/);
  });

  it('says no gap over MCP: instructions, tools, their answers and resources', async () => {
    assertNoGap(mcp.server.instructions ?? '', 'instructions');
    const tools = await mcp.listTools();
    assertNoGap(JSON.stringify(tools), 'tools/list');
    for (const tool of tools) {
      if (/send_enquiry|request_assessment|audit/.test(tool.name)) continue;
      const args = tool.name.endsWith('get_page')
        ? { slug: 'contact' }
        : tool.name.endsWith('match_services')
          ? { challenge: 'a new website for our business' }
          : tool.name === 'ask'
            ? { query: 'what do you do' }
            : {};
      const result = await mcp.callTool(tool.name, args);
      assertNoGap(JSON.stringify(result), tool.name);
    }
    for (const resource of await mcp.listResources())
      assertNoGap(JSON.stringify(await mcp.readResource(resource.uri)), resource.uri);
  });

  it('lists the gaps on the dashboard overview', async () => {
    const res = await fetch(`http://127.0.0.1:${app.app.admin!.port}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = await res.text();
    assert.equal(res.status, 200);
    assert.match(page, /Content gaps \(\d+\)/);
    assert.match(page, /<td class="q">contact\.yaml:\d+<\/td><td>responseTime<\/td><td class="q">how soon you reply/);
  });

  it('publishes a value once the operator fills its gap, and --strict passes a folder with none left', async () => {
    const contact = path.join(out, 'contact.yaml');
    const text = await readFile(contact, 'utf8');
    await writeFile(contact, text.replace(/responseTime: .*/, 'responseTime: We reply within one working day.'));
    const content = await loadContent(out);
    assert.equal(content.contact.responseTime, 'We reply within one working day.');
    assert.ok(!content.gaps.some((gap) => gap.field === 'responseTime'));
    await writeFile(contact, text);
    const ready = await run(process.execPath, [check, demoContentDir, '--strict']);
    assert.doesNotMatch(ready.stdout, /Gaps left/);
  });
});
