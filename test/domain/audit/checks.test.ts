// Each check passing on a fixture site (the project's own service behind a proxy, with a Web Bot
// Auth key directory added) and failing when one document of it is broken on purpose.
import { strict as assert } from 'node:assert';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { helpers, jwkToKeyID } from 'web-bot-auth';
import { auditSite } from '../../../src/audit/run-audit.ts';
import { checkIds, type AuditReport, type CheckId } from '../../../src/audit/report.ts';
import { deadPort, loopbackAllowed, notPassing, statuses } from './audit-helpers.ts';
import { startFixtureProxy, type FixtureDoc, type FixtureProxy } from './fixture-proxy.ts';

let site: FixtureProxy;
let keyDirectory: FixtureDoc;
const json = (value: unknown, type = 'application/json'): FixtureDoc => ({ type, body: JSON.stringify(value) });

before(async () => {
  site = await startFixtureProxy();
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const kid = await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
  keyDirectory = json({ keys: [{ ...jwk, kid }] }, 'application/http-message-signatures-directory+json');
});
after(async () => site?.close());

/** Audits the fixture with `broken` documents in place of the good ones. */
async function auditWith(broken: Record<string, FixtureDoc> = {}): Promise<AuditReport> {
  for (const path of Object.keys(site.overrides)) delete site.overrides[path];
  Object.assign(
    site.overrides,
    { '/.well-known/http-message-signatures-directory': keyDirectory },
    issuingOAuth(),
    broken,
  );
  return auditSite(`${site.origin}/`, { policy: loopbackAllowed });
}

/**
 * OAuth that issues tokens, laid over the service's own discovery-only metadata (which says nothing
 * is protected, so its checks skip): what a site offering everything serves.
 */
function issuingOAuth(): Record<string, FixtureDoc> {
  return {
    '/.well-known/oauth-protected-resource': json({
      resource: site.origin,
      authorization_servers: [site.origin],
      bearer_methods_supported: ['header'],
    }),
    '/.well-known/oauth-authorization-server': json({
      issuer: site.origin,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint: `${site.origin}/oauth/token`,
      jwks_uri: `${site.origin}/.well-known/jwks.json`,
    }),
    '/oauth/token': { status: 401, type: 'application/json', body: '{"error":"invalid_client"}' },
  };
}

async function upstreamJson(path: string): Promise<Record<string, any>> {
  return JSON.parse((await site.upstream(path)).text);
}

describe('the audit of a fixture site', () => {
  it('passes every check on a site that offers everything, at level 5 with a score of 100', async () => {
    const report = await auditWith();
    assert.deepEqual(notPassing(report), []);
    assert.deepEqual(
      report.checks.map((check) => check.id),
      [...checkIds],
    );
    assert.equal(report.level, 5);
    assert.equal(report.score, 100);
  });

  // Each case: what is broken, the checks that fail on it, the documents, and the checks skipped
  // because of it (a connection is not tried on a card that fails its own check).
  const broken: [string, CheckId[], () => Promise<Record<string, FixtureDoc>>, CheckId[]?][] = [
    [
      'a skills index with a wrong digest',
      ['agent-skills'],
      async () => {
        const index = await upstreamJson('/.well-known/agent-skills/index.json');
        index.skills[0].digest = `sha256:${'0'.repeat(64)}`;
        return { '/.well-known/agent-skills/index.json': json(index) };
      },
    ],
    [
      'an A2A card with a binding A2A does not know',
      ['a2a-agent-card'],
      async () => {
        const card = await upstreamJson('/.well-known/agent-card.json');
        card.supportedInterfaces.push({ ...card.supportedInterfaces[0], protocolBinding: 'WEBSOCKET' });
        return { '/.well-known/agent-card.json': json(card) };
      },
      ['a2a-connect'],
    ],
    [
      'an llms.txt without an H1',
      ['llms-txt'],
      async () => ({
        '/llms.txt': { type: 'text/markdown', body: (await site.upstream('/llms.txt')).text.replace(/^# /, '') },
      }),
    ],
    [
      'an api-catalog served as text/plain',
      ['api-catalog'],
      async () => ({
        '/.well-known/api-catalog': {
          type: 'text/plain',
          body: (await site.upstream('/.well-known/api-catalog')).text,
        },
      }),
    ],
    [
      'a robots.txt without AI rules whose User-agent: * group shuts every crawler out',
      ['robots-ai-rules', 'crawler-access'],
      async () => ({
        '/robots.txt': {
          type: 'text/plain',
          body: `User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nDisallow: /\nSitemap: ${site.origin}/sitemap.xml\n`,
        },
      }),
    ],
    [
      'JSON-LD that does not parse, and a WebMCP form without a description',
      ['json-ld', 'webmcp', 'markdown-negotiation'],
      async () => {
        const home = await site.upstream('/', 'text/html');
        const html = home.text
          .replace(/(<script type="application\/ld\+json">)\s*\{/, '$1{,')
          .replace(/\stooldescription="[^"]*"/g, '');
        return { '/': { type: 'text/html', body: html, headers: { link: home.headers.get('link')! } } };
      },
    ],
    [
      'an MCP card pointing at a dead address',
      ['mcp-connect'],
      async () => {
        const card = await upstreamJson('/.well-known/mcp/server-card.json');
        card.remotes[0].url = `http://127.0.0.1:${await deadPort()}/mcp`;
        return { '/.well-known/mcp/server-card.json': json(card) };
      },
    ],
    [
      'an A2A card whose interfaces are dead',
      ['a2a-connect'],
      async () => {
        const card = await upstreamJson('/.well-known/agent-card.json');
        const dead = `http://127.0.0.1:${await deadPort()}`;
        for (const entry of card.supportedInterfaces) entry.url = `${dead}${new URL(entry.url).pathname}`;
        return { '/.well-known/agent-card.json': json(card) };
      },
    ],
    [
      'a service-desc that is Swagger 2.0',
      ['openapi'],
      async () => ({
        '/agent/openapi.json': json({ swagger: '2.0', info: { title: 'old', version: '1' }, paths: {} }),
      }),
    ],
    [
      'a Web Bot Auth key whose kid is not its thumbprint',
      ['web-bot-auth'],
      async () => {
        const directory = JSON.parse(keyDirectory.body);
        directory.keys[0].kid = 'my-key';
        return {
          '/.well-known/http-message-signatures-directory': { ...keyDirectory, body: JSON.stringify(directory) },
        };
      },
    ],
    [
      'an AI catalog entry without a urn:air identifier',
      ['ard'],
      async () => {
        const catalog = await upstreamJson('/.well-known/ai-catalog.json');
        catalog.entries[0].identifier = 'mcp-server';
        // robots.txt names ard.json (the same document) in its Agentmap line.
        return { '/.well-known/ai-catalog.json': json(catalog), '/.well-known/ard.json': json(catalog) };
      },
    ],
    [
      'protected-resource metadata naming another resource and a sitemap that is gone',
      ['oauth-protected-resource', 'sitemap'],
      async () => {
        const metadata = await upstreamJson('/.well-known/oauth-protected-resource');
        metadata.resource = 'https://elsewhere.example';
        return {
          '/.well-known/oauth-protected-resource': json(metadata),
          '/sitemap.xml': { status: 404, type: 'text/plain', body: 'gone' },
        };
      },
    ],
  ];

  for (const [label, failing, documents, skipped = []] of broken) {
    it(`fails ${failing.join(', ')} on ${label}, and passes the rest`, async () => {
      const report = await auditWith(await documents());
      const status = statuses(report);
      for (const id of failing)
        assert.equal(status[id], 'fail', `${id}: ${report.checks.find((c) => c.id === id)?.message}`);
      for (const id of skipped) assert.equal(status[id], 'skip', id);
      assert.deepEqual(
        notPassing(report).filter((line) => ![...failing, ...skipped].some((id) => line.startsWith(`${id} `))),
        [],
      );
      assert.ok(report.score < 100);
      const evidence = report.checks.find((check) => check.id === failing[0])!;
      assert.ok(evidence.fix && evidence.evidence.url, 'a failing check says where it looked and what to fix');
    });
  }

  it('warns on a Link header without a discovery relation and on a Content-Signal it cannot read', async () => {
    const home = await site.upstream('/', 'text/html');
    const robots = (await site.upstream('/robots.txt')).text.replace(
      /Content-Signal: .*/g,
      'Content-Signal: everything-ok',
    );
    const report = await auditWith({
      '/': { type: 'text/html', body: home.text, headers: { link: `<${site.origin}/>; rel="canonical"` } },
      '/robots.txt': { type: 'text/plain', body: robots },
    });
    const status = statuses(report);
    assert.equal(status['link-headers'], 'warn');
    assert.equal(status['content-signals'], 'warn');
    // The replaced home page also ignores Accept: text/markdown; every other check passes, two warn.
    assert.equal(status['markdown-negotiation'], 'fail');
    assert.equal(report.score, Math.round((100 * (checkIds.length - 3 + 1)) / checkIds.length));
  });

  it('finds the AI catalog that robots.txt names in an Agentmap line', async () => {
    const catalog = (await site.upstream('/.well-known/ai-catalog.json')).text;
    const robots = `${(await site.upstream('/robots.txt')).text}Agentmap: ${site.origin}/catalogs/agents.json\n`;
    const gone: FixtureDoc = { status: 404, type: 'text/plain', body: 'gone' };
    const report = await auditWith({
      '/robots.txt': { type: 'text/plain', body: robots },
      '/catalogs/agents.json': { type: 'application/json', body: catalog },
      '/.well-known/ai-catalog.json': gone,
      '/.well-known/ard.json': gone,
    });
    const ard = report.checks.find((check) => check.id === 'ard')!;
    assert.equal(ard.status, 'pass');
    assert.equal(ard.evidence.url, `${site.origin}/catalogs/agents.json`);
  });
});
