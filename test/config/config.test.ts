import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 3000);
    assert.equal(config.mcpPort, 3001);
    assert.equal(config.baseUrl, 'http://localhost:3000');
    assert.equal(config.mcpUrl, 'http://localhost:3001/mcp');
    assert.equal(config.database.kind, 'sqlite');
    assert.equal(config.logLevel, 'info');
    assert.equal(config.crmWebhook, undefined);
  });

  it('derives the public addresses from the ports when they are not set', () => {
    const config = loadConfig({ PORT: '8080', MCP_PORT: '8081' });
    assert.equal(config.baseUrl, 'http://localhost:8080');
    assert.equal(config.mcpUrl, 'http://localhost:8081/mcp');
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ['a non-numeric port', { PORT: 'eighty' }, /^PORT /],
    ['equal ports', { PORT: '4000', MCP_PORT: '4000' }, /MCP_PORT/],
    ['a relative BASE_URL', { BASE_URL: 'example.com' }, /^BASE_URL /],
    ['an unknown database scheme', { DATABASE_URL: 'mysql://x' }, /^DATABASE_URL /],
    [
      'a webhook secret without the whsec_ prefix',
      { CRM_WEBHOOK_URL: 'http://x', CRM_WEBHOOK_SECRET: 'abc' },
      /CRM_WEBHOOK_SECRET/,
    ],
    [
      'a webhook on a port fetch refuses',
      { CRM_WEBHOOK_URL: 'https://crm.example:10080/hook', CRM_WEBHOOK_SECRET: 'whsec_x' },
      /^CRM_WEBHOOK_URL names port 10080, one fetch refuses/,
    ],
    [
      'a HubSpot address on a port fetch refuses',
      { HUBSPOT_BASE_URL: 'http://hubspot.test:6000' },
      /^HUBSPOT_BASE_URL names port 6000, /,
    ],
    [
      'a key directory on a port fetch refuses',
      { AGENT_KEY_DIRECTORIES: 'https://agent.example:6667' },
      /^AGENT_KEY_DIRECTORIES entry "https:\/\/agent\.example:6667" names port 6667, /,
    ],
    ['a mail recipient without an SMTP server', { NOTIFY_EMAIL_TO: 'a@b.c' }, /^SMTP_URL /],
    ['a sunset less than 90 days ahead', { API_V1_SUNSET: '2026-12-01' }, /^API_V1_SUNSET /],
    ['an unknown log level', { LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    ['a malformed hashed key', { ASSESSMENT_API_KEYS: 'sha256:xyz' }, /ASSESSMENT_API_KEYS/],
    ['a request timeout that is not a number', { REQUEST_TIMEOUT_MS: '30s' }, /^REQUEST_TIMEOUT_MS /],
    [
      'a headers timeout above the request timeout',
      { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' },
      /^HEADERS_TIMEOUT_MS /,
    ],
    ['a keep-alive timeout of zero', { KEEP_ALIVE_TIMEOUT_MS: '0' }, /^KEEP_ALIVE_TIMEOUT_MS /],
    ['a listen backlog of zero', { LISTEN_BACKLOG: '0' }, /^LISTEN_BACKLOG /],
    [
      'a trusted IPv4 CIDR with too many prefix bits',
      { TRUST_PROXY: '127.0.0.1/99' },
      /^TRUST_PROXY entry "127\.0\.0\.1\/99"/,
    ],
    [
      'a trusted CIDR with a malformed prefix',
      { TRUST_PROXY: 'loopback, 10.0.0.0/8x' },
      /^TRUST_PROXY entry "10\.0\.0\.0\/8x"/,
    ],
    ['a trusted IPv6 CIDR with too many prefix bits', { TRUST_PROXY: '::1/129' }, /^TRUST_PROXY /],
    ['a trusted proxy given by name', { TRUST_PROXY: 'localhost' }, /^TRUST_PROXY entry "localhost".*loopback/],
    ['a HOST that is neither an address nor a name', { HOST: 'not a host' }, /^HOST /],
    ['a HOST that is a mistyped address', { HOST: '999.1.1.1' }, /^HOST /],
    ['a PostgreSQL URL without a host', { DATABASE_URL: 'postgres://' }, /^DATABASE_URL /],
    [
      'an SMTP URL without a host',
      { SMTP_URL: 'smtp://', NOTIFY_EMAIL_TO: 'a@b.example', NOTIFY_EMAIL_FROM: 'c@d.example' },
      /^SMTP_URL /,
    ],
    [
      'a recipient that is not an e-mail address',
      { SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL_TO: 'sales', NOTIFY_EMAIL_FROM: 'c@d.example' },
      /^NOTIFY_EMAIL_TO /,
    ],
    [
      'a sender that is not an e-mail address',
      { SMTP_URL: 'smtp://mail.example', NOTIFY_EMAIL_TO: 'a@b.example', NOTIFY_EMAIL_FROM: 'Site <site>' },
      /^NOTIFY_EMAIL_FROM /,
    ],
    [
      'a CONTENT_DIR that does not exist',
      { CONTENT_DIR: '/nonexistent/agentsite-content' },
      /^CONTENT_DIR \/nonexistent\/agentsite-content /,
    ],
  ];
  for (const [what, env, message] of bad) {
    it(`rejects ${what} with one line naming the variable`, () => {
      assert.throws(
        () => loadConfig(env, new Date('2026-11-21T00:00:00Z')),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          assert.ok(!error.message.includes('\n'));
          return true;
        },
      );
    });
  }

  it('bounds the response cache at 64 MiB unless RESPONSE_CACHE_MB says otherwise', () => {
    assert.equal(loadConfig({}).responseCacheBytes, 64 * 1024 * 1024);
    assert.equal(loadConfig({ RESPONSE_CACHE_MB: '8' }).responseCacheBytes, 8 * 1024 * 1024);
  });

  it('refuses a RESPONSE_CACHE_MB that is not a whole number of MiB from 1', () => {
    for (const value of ['0', '-1', '1.5', '64MB', '70000']) {
      assert.throws(
        () => loadConfig({ RESPONSE_CACHE_MB: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          /RESPONSE_CACHE_MB must be a whole number from 1 to 65536/.test(error.message),
        value,
      );
    }
  });

  it('uses the documented connection limits for an empty environment', () => {
    assert.deepEqual(loadConfig({}).listener, {
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 5_000,
      backlog: 511,
    });
  });

  it('accepts trusted proxies as loopback, addresses and CIDRs of either family', () => {
    const entries = ['loopback', '10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1', '0.0.0.0/0'];
    assert.deepEqual(loadConfig({ TRUST_PROXY: entries.join(', ') }).trustProxy, entries);
  });

  it('accepts a HOST that is an address or a host name', () => {
    for (const host of ['0.0.0.0', '::', 'localhost', 'app.internal.example'])
      assert.equal(loadConfig({ HOST: host }).host, host);
  });

  it('accepts a sunset at least 90 days ahead', () => {
    const config = loadConfig({ API_V1_SUNSET: '2027-06-30' }, new Date('2026-11-21T00:00:00Z'));
    assert.equal(config.apiV1Sunset?.toISOString(), '2027-06-30T00:00:00.000Z');
  });
});
