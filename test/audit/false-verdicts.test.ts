// Verdicts that were wrong on real shapes of sites: OAuth metadata naming endpoints that answer
// 404, or no authorization server at all; an llms.txt with a heading and no link (and one with a
// byte-order mark); connections tried from cards that fail their own check.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, jsonDoc, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const home = htmlDoc('<title>x</title>');

function oauthDocs(endpoints: Record<string, string>, servers: string[] = [site.url]) {
  return {
    '/': home,
    '/.well-known/oauth-protected-resource': jsonDoc({ resource: `${site.url}/`, authorization_servers: servers }),
    '/.well-known/oauth-authorization-server': jsonDoc({
      issuer: site.url,
      response_types_supported: ['code'],
      ...Object.fromEntries(Object.entries(endpoints).map(([field, path]) => [field, `${site.url}${path}`])),
    }),
    '/oauth/token': { type: 'application/json', body: '{"error":"invalid_request"}', status: 405 },
    '/oauth/jwks.json': jsonDoc({ keys: [] }),
  };
}

describe('the OAuth checks', () => {
  it('fail metadata whose token endpoint answers 404', async () => {
    site.docs = oauthDocs({ token_endpoint: '/oauth/missing', jwks_uri: '/oauth/jwks.json' });
    const check = checkOf(await site.audit(), 'oauth-authorization-server');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, "the metadata's token_endpoint answers 404");
    assert.equal(check.evidence.value, `${site.url}/oauth/missing`);
  });

  it('pass metadata whose endpoints answer, a token endpoint refusing a GET included', async () => {
    site.docs = oauthDocs({ token_endpoint: '/oauth/token', jwks_uri: '/oauth/jwks.json' });
    const report = await site.audit();
    assert.equal(checkOf(report, 'oauth-authorization-server').status, 'pass');
    assert.equal(checkOf(report, 'oauth-protected-resource').status, 'pass');
  });

  it('fail protected-resource metadata with an empty authorization_servers list', async () => {
    site.docs = oauthDocs({}, []);
    const check = checkOf(await site.audit(), 'oauth-protected-resource');
    assert.equal(check.status, 'fail');
    assert.match(check.message, /"authorization_servers" is an empty list/);
  });
});

describe('the llms.txt check', () => {
  it('fails an llms.txt with a heading and no link', async () => {
    site.docs = { '/': home, '/llms.txt': { type: 'text/markdown', body: '# Acme\n\n> We make things.\n' } };
    const check = checkOf(await site.audit(), 'llms-txt');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'llms.txt links to no page');
  });

  it('passes an llms.txt that starts with a byte-order mark', async () => {
    site.docs = {
      '/': home,
      '/about': htmlDoc('<title>About</title>'),
      '/llms.txt': { type: 'text/markdown', body: `\uFEFF# Acme\n\n- [About](${site.url}/about): who we are\n` },
    };
    const check = checkOf(await site.audit(), 'llms-txt');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, "llms.txt has an H1 and 1 link; 1 of the site's own resolve");
  });
});

describe('the connection checks', () => {
  it('skip the MCP and A2A connections when their card fails its check', async () => {
    site.docs = {
      '/': home,
      '/.well-known/mcp/server-card.json': {
        type: 'text/plain',
        body: JSON.stringify({ name: 'x', remotes: [{ type: 'streamable-http', url: `${site.url}/mcp` }] }),
      },
      '/.well-known/agent-card.json': jsonDoc({
        name: 'x',
        version: '1',
        supportedInterfaces: [{ url: `${site.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      }),
    };
    const report = await site.audit();
    assert.equal(checkOf(report, 'mcp-server-card').status, 'fail');
    assert.equal(checkOf(report, 'a2a-agent-card').status, 'fail');
    assert.equal(checkOf(report, 'mcp-connect').status, 'skip');
    assert.equal(checkOf(report, 'a2a-connect').status, 'skip');
    assert.equal(
      site.requests.filter((headers) => headers['content-type']?.includes('json')).length,
      0,
      'nothing was sent',
    );
  });
});
