// The MCP server card at <MCP_URL>/server-card as SEP-2127 asks of a hosted card (media type, CORS,
// ETag, caching), checked over real HTTP against the extension's own v1 schema: the copy in
// fixtures/ is schema.json of modelcontextprotocol/experimental-ext-server-card (Apache-2.0) at
// commit 8924e08682b4a936e6464b57845ec2ff17dc8776.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../src/config/config.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { documentCatalog } from '../helpers/catalog.ts';
import {
  buildServerCard,
  serverCardResponseType,
  serverIdentity,
} from '../../src/capabilities/documents/mcp-server-card.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const schema = JSON.parse(
  readFileSync(new URL('./fixtures/server-card.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(schema, 'server-card.schema.json');
const validateCard = ajv.getSchema('server-card.schema.json#/$defs/ServerCard')!;

let test: TestApp;
let cardUrl: string;
before(async () => {
  test = await startTestApp();
  cardUrl = `${test.mcpUrl}/server-card`;
});
after(() => test.stop());

describe('<MCP_URL>/server-card (SEP-2127 hosted card)', () => {
  it('validates against the v1 server-card schema, naming the streamable-http MCP address in remotes', async () => {
    const card = (await (await fetch(cardUrl)).json()) as Record<string, any>;
    assert.equal(validateCard(card), true, JSON.stringify(validateCard.errors));
    assert.ok(card.description.length >= 1 && card.description.length <= 100);
    assert.equal(card.remotes[0].type, 'streamable-http');
    assert.equal(card.remotes[0].url, test.app.services.config.mcpUrl);
  });

  it('answers application/mcp-server-card+json when asked for it, for */* and without Accept', async () => {
    for (const accept of ['application/mcp-server-card+json', '*/*', 'application/*', undefined]) {
      const res = await fetch(cardUrl, { headers: accept ? { accept } : {} });
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers.get('content-type'), 'application/mcp-server-card+json', accept);
      assert.equal(res.headers.get('vary'), 'Accept');
    }
  });

  it('answers application/json to a client that asks only for (or prefers) plain JSON', async () => {
    assert.equal(serverCardResponseType('application/json'), 'application/json');
    assert.equal(
      serverCardResponseType('application/json, application/mcp-server-card+json;q=0.5'),
      'application/json',
    );
    assert.equal(
      serverCardResponseType('application/json, application/mcp-server-card+json'),
      'application/mcp-server-card+json',
    );
    assert.equal(
      serverCardResponseType('text/html'),
      'application/mcp-server-card+json',
      'nothing acceptable: the card anyway',
    );
    const res = await fetch(cardUrl, { headers: { accept: 'application/json' } });
    assert.equal(res.headers.get('content-type'), 'application/json');
  });

  it('sends the four CORS headers, a strong ETag and an hour of public caching, and 304 on If-None-Match', async () => {
    const res = await fetch(cardUrl, { headers: { origin: 'https://inspector.example' } });
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Content-Type, If-None-Match',
      'access-control-expose-headers': 'ETag',
    };
    for (const [name, value] of Object.entries(cors)) assert.equal(res.headers.get(name), value, name);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
    const etag = res.headers.get('etag');
    assert.match(etag ?? '', /^"[A-Za-z0-9_-]+"$/, 'strong: no W/ prefix');
    const again = await fetch(cardUrl, { headers: { 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    for (const [name, value] of Object.entries(cors)) assert.equal(again.headers.get(name), value, `304 ${name}`);
    assert.equal((await fetch(cardUrl, { headers: { 'if-none-match': '"other"' } })).status, 200);
    const preflight = await fetch(cardUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'Content-Type, If-None-Match');
    const head = await fetch(cardUrl, { method: 'HEAD' });
    assert.equal(head.headers.get('etag'), etag);
    assert.equal((await fetch(cardUrl, { method: 'POST' })).status, 405);
  });

  it('is where the AI catalog points its MCP entry', async () => {
    const catalog = (await (await fetch(`${test.baseUrl}/.well-known/ai-catalog.json`)).json()) as {
      entries: { type: string; url: string }[];
    };
    const entry = catalog.entries.find((e) => e.type === 'application/mcp-server-card+json');
    assert.equal(entry?.url, `${test.app.services.config.mcpUrl}/server-card`);
    const res = await fetch(entry.url, { headers: { accept: entry.type } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), entry.type);
  });

  it('keeps the well-known copy on the site, the same card: JSON, or its own type when asked for by name', async () => {
    const wellKnownUrl = `${test.baseUrl}/.well-known/mcp/server-card.json`;
    const wellKnown = await fetch(wellKnownUrl);
    assert.equal(wellKnown.status, 200);
    assert.equal(wellKnown.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await wellKnown.json(), await (await fetch(cardUrl)).json());
    for (const accept of ['*/*', 'application/json', 'application/*']) {
      assert.equal(
        (await fetch(wellKnownUrl, { headers: { accept } })).headers.get('content-type'),
        'application/json; charset=utf-8',
        accept,
      );
    }
    const named = await fetch(wellKnownUrl, { headers: { accept: 'application/mcp-server-card+json' } });
    assert.equal(named.headers.get('content-type'), 'application/mcp-server-card+json');
    assert.match(named.headers.get('vary') ?? '', /Accept/);
    assert.deepEqual(await named.json(), await (await fetch(cardUrl)).json());
  });
});

describe('the card name', () => {
  const site = { brandName: 'Verto' };
  const nameAt = (baseUrl: string): string => serverIdentity({ baseUrl }, site).name;

  it('is the public host reversed when that is a domain name, and the site name on an address', () => {
    assert.equal(nameAt('https://verto.example'), 'example.verto/verto');
    assert.equal(nameAt('https://www.verto.example:8443'), 'example.verto/verto');
    for (const host of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000', 'http://10.0.0.7']) {
      assert.equal(nameAt(host), 'verto/verto', host);
    }
  });

  it('validates for every kind of host, and a long brand still gets a description within 100 characters', async () => {
    const demo = await loadContent(loadConfig({}).contentDir);
    const brandName =
      'The Extraordinarily Long-Named Business-to-Business Technology Marketing Collective of Northern Europe';
    for (const baseUrl of ['https://verto.example', 'http://127.0.0.1:3000', 'http://localhost:3000']) {
      const config = loadConfig({ BASE_URL: baseUrl, MCP_URL: 'https://mcp.verto.example/mcp' });
      const content = {
        ...demo,
        site: { ...demo.site, brandName, toolPrefix: 'service', fit: 'B2B only.', tagline: 'Pipeline first.' },
      };
      const card = buildServerCard(config, content.site, documentCatalog(config, content).capabilities);
      assert.equal(validateCard(card), true, `${baseUrl}: ${JSON.stringify(validateCard.errors)}`);
    }
  });
});
