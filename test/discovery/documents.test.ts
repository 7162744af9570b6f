import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { buildSiteApp, localPath, type SiteApp } from '../site/site-app.ts';

let site: SiteApp;
before(async () => {
  site = await buildSiteApp();
});
after(async () => site.app.close());

async function fetchJson(path: string, type = 'application/json; charset=utf-8'): Promise<Record<string, any>> {
  const res = await site.app.inject({ url: path });
  assert.equal(res.statusCode, 200, path);
  assert.equal(res.headers['content-type'], type, path);
  assert.equal(res.headers['access-control-allow-origin'], '*', path);
  return res.json();
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const isAbsoluteUrl = (value: unknown): boolean =>
  typeof value === 'string' && URL.canParse(value) && /^https?:/.test(value);

describe('/.well-known/api-catalog (RFC 9727)', () => {
  it('is a linkset with the RFC 9727 profile, one entry for the REST API and one for the MCP server', async () => {
    const doc = await fetchJson(
      '/.well-known/api-catalog',
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
    assert.deepEqual(Object.keys(doc), ['linkset']);
    for (const entry of doc.linkset) {
      assert.ok(isAbsoluteUrl(entry.anchor));
      for (const [rel, targets] of Object.entries(entry)) {
        if (rel === 'anchor') continue;
        assert.ok(Array.isArray(targets) && targets.length > 0, rel);
        for (const target of targets as { href: string; type?: string }[])
          assert.ok(isAbsoluteUrl(target.href), `${rel} ${target.href}`);
      }
    }
    const rest = doc.linkset.find((e: { anchor: string }) => e.anchor === `${site.baseUrl}/agent`);
    for (const rel of ['service-desc', 'service-doc', 'status']) assert.ok(rest?.[rel], rel);
    assert.equal(rest['service-desc'][0].href, `${site.baseUrl}/agent/openapi.json`);
    const mcp = doc.linkset.find((e: { anchor: string }) => e.anchor === site.mcpUrl);
    assert.ok(mcp?.['service-desc']);
  });

  it('answers HEAD with a Link header of relation api-catalog', async () => {
    const res = await site.app.inject({ method: 'HEAD', url: '/.well-known/api-catalog' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, '');
    assert.equal(res.headers.link, `<${site.baseUrl}/.well-known/api-catalog>; rel="api-catalog"`);
  });
});

describe('/.well-known/mcp/server-card.json (SEP-2127)', () => {
  it('has the SEP-2127 fields and the older serverInfo/transport/capabilities', async () => {
    const card = await fetchJson('/.well-known/mcp/server-card.json');
    assert.match(card.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/.*server-card/);
    assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    for (const field of ['version', 'description']) assert.equal(typeof card[field], 'string', field);
    assert.deepEqual(
      card.remotes.map((r: { type: string; url: string }) => [r.type, r.url]),
      [['streamable-http', site.mcpUrl]],
    );
    assert.equal(card.serverInfo.name, card.name);
    assert.equal(card.transport.type, 'streamable-http');
    assert.ok(card.capabilities.tools);
    const names = card.tools.map((t: { name: string }) => t.name);
    assert.equal(names.length, 12);
    for (const base of [
      'get_site_index',
      'get_page',
      'search_case_studies',
      'get_contact',
      'match_services',
      'get_proof_points',
      'why_verto',
      'get_value_proposition',
      'send_enquiry',
      'request_assessment',
      'audit_site',
    ]) {
      assert.ok(names.includes(`service_${base}`), base);
    }
    assert.ok(names.includes('ask'), "NLWeb's ask, under its own name");
  });
});

describe('/.well-known/agent-card.json (A2A v1.0)', () => {
  it('has every required field of an A2A v1.0 agent card', async () => {
    const card = await fetchJson('/.well-known/agent-card.json');
    for (const field of ['name', 'description', 'version'])
      assert.ok(typeof card[field] === 'string' && card[field].length > 0, field);
    assert.ok(card.supportedInterfaces.length > 0);
    for (const i of card.supportedInterfaces) {
      assert.ok(isAbsoluteUrl(i.url));
      assert.equal(typeof i.protocolBinding, 'string');
      assert.match(i.protocolVersion, /^\d+\.\d+$/);
    }
    assert.deepEqual(card.supportedInterfaces[0], {
      url: `${site.baseUrl}/a2a`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '1.0',
    });
    assert.equal(typeof card.capabilities, 'object');
    for (const modes of [card.defaultInputModes, card.defaultOutputModes])
      assert.ok(modes.length > 0 && modes.every((m: unknown) => typeof m === 'string'));
    assert.equal(card.skills.length, 11, 'every MCP tool but the partners-only assessment request');
    for (const skill of card.skills) {
      for (const field of ['id', 'name', 'description'])
        assert.ok(typeof skill[field] === 'string' && skill[field], field);
      assert.ok(Array.isArray(skill.tags) && skill.tags.length > 0, skill.id);
    }
    assert.equal(card.provider.url, site.baseUrl);
    assert.equal(
      card.url,
      `${site.baseUrl}/a2a`,
      'the v0.3 top-level url stays beside supportedInterfaces, for 0.3 clients',
    );
  });
});

describe('/.well-known/ard.json and ai-catalog.json (Agentic Resource Discovery)', () => {
  it('serves the same valid catalog at both paths', async () => {
    const ard = await fetchJson('/.well-known/ard.json', 'application/ai-catalog+json');
    assert.deepEqual(await fetchJson('/.well-known/ai-catalog.json', 'application/ai-catalog+json'), ard);
    assert.equal(ard.specVersion, '1.0');
    assert.equal(typeof ard.host.displayName, 'string');
    assert.deepEqual(Object.keys(ard).sort(), ['entries', 'host', 'specVersion']);
    for (const entry of ard.entries) {
      assert.match(entry.identifier, /^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/);
      assert.ok(entry.displayName && entry.type);
      assert.ok('url' in entry !== 'data' in entry, 'exactly one of url and data');
      assert.ok(isAbsoluteUrl(entry.url));
      assert.ok(entry.representativeQueries.length >= 2 && entry.representativeQueries.length <= 5, entry.identifier);
    }
    assert.equal(new Set(ard.entries.map((e: { identifier: string }) => e.identifier)).size, ard.entries.length);
    const mcp = ard.entries.filter((e: { type: string }) => e.type === 'application/mcp-server-card+json');
    assert.deepEqual(
      mcp.map((e: { url: string }) => e.url),
      [`${site.mcpUrl}/server-card`],
      'the card at the MCP address (SEP-2127)',
    );
  });
});

describe('/.well-known/agent-skills/index.json (agent-skills discovery v0.2.0)', () => {
  it('lists real SKILL.md files whose sha256 digests match the served bytes', async () => {
    const index = await fetchJson('/.well-known/agent-skills/index.json');
    assert.equal(index.$schema, 'https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    assert.deepEqual(Object.keys(index).sort(), ['$schema', 'skills'], 'no v0.1 version field');
    assert.ok(index.skills.length >= 2);
    for (const skill of index.skills) {
      assert.match(skill.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.ok(skill.name.length <= 64 && skill.description.length <= 1024 && skill.description.length > 0);
      assert.equal(skill.url, `${site.baseUrl}/.well-known/agent-skills/${skill.name}/SKILL.md`);
      assert.equal('files' in skill, false, 'v0.2.0 removed files');
      const res = await site.app.inject({ url: localPath(skill.url, site.baseUrl)! });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8');
      assert.equal(skill.digest, `sha256:${sha256(res.rawPayload)}`);
      assert.match(res.body, new RegExp(`^---\\nname: ${skill.name}\\ndescription: `));
      assert.doesNotMatch(res.body, /\{\{\w+\}\}/, 'placeholders are filled in');
    }
    assert.equal((await site.app.inject({ url: '/.well-known/agent-skills/nope/SKILL.md' })).statusCode, 404);
  });
});

describe('OAuth discovery metadata', () => {
  it('publishes RFC 8414 metadata with an agent_auth block and no endpoints that do not exist', async () => {
    const meta = await fetchJson('/.well-known/oauth-authorization-server');
    assert.equal(meta.issuer, site.baseUrl);
    for (const absent of [
      'authorization_endpoint',
      'token_endpoint',
      'registration_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
    ]) {
      assert.equal(absent in meta, false, absent);
    }
    assert.equal((await site.app.inject({ url: localPath(meta.jwks_uri, site.baseUrl)! })).statusCode, 200);
    assert.deepEqual(meta.agent_auth.identity_types_supported, ['anonymous']);
    assert.equal(meta.agent_auth.identity_endpoint, `${site.baseUrl}/agent/identity`);
    assert.equal(meta.agent_auth.register_uri, meta.agent_auth.identity_endpoint);
    assert.equal((await site.app.inject({ url: localPath(meta.agent_auth.skill, site.baseUrl)! })).statusCode, 200);
  });

  it('publishes RFC 9728 protected-resource metadata with the anonymous scope', async () => {
    const meta = await fetchJson('/.well-known/oauth-protected-resource');
    assert.equal(meta.resource, site.baseUrl);
    assert.ok(meta.scopes_supported.includes('anonymous'));
    assert.deepEqual(meta.authorization_servers, [site.baseUrl]);
  });

  it('publishes an empty JWKS as application/jwk-set+json', async () => {
    assert.deepEqual(await fetchJson('/.well-known/jwks.json', 'application/jwk-set+json'), { keys: [] });
  });
});

describe('/.well-known/ai-plugin.json', () => {
  it('points at the OpenAPI contract and needs no auth', async () => {
    const plugin = await fetchJson('/.well-known/ai-plugin.json');
    assert.equal(plugin.schema_version, 'v1');
    assert.equal(plugin.api.type, 'openapi');
    assert.equal(plugin.api.url, `${site.baseUrl}/agent/openapi.json`);
    assert.deepEqual(plugin.auth, { type: 'none' });
    assert.match(plugin.name_for_model, /^[a-z0-9_]+$/);
    assert.equal((await site.app.inject({ url: localPath(plugin.logo_url, site.baseUrl)! })).statusCode, 200);
  });
});
