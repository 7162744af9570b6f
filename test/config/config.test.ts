import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

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
    ['a webhook secret without the whsec_ prefix', { CRM_WEBHOOK_URL: 'http://x', CRM_WEBHOOK_SECRET: 'abc' }, /CRM_WEBHOOK_SECRET/],
    ['a mail recipient without an SMTP server', { NOTIFY_EMAIL_TO: 'a@b.c' }, /^SMTP_URL /],
    ['a sunset less than 90 days ahead', { API_V1_SUNSET: '2026-12-01' }, /^API_V1_SUNSET /],
    ['an unknown log level', { LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    ['a malformed hashed key', { ASSESSMENT_API_KEYS: 'sha256:xyz' }, /ASSESSMENT_API_KEYS/],
  ];
  for (const [what, env, message] of bad) {
    it(`rejects ${what} with one line naming the variable`, () => {
      assert.throws(() => loadConfig(env, new Date('2026-11-21T00:00:00Z')), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        assert.ok(!error.message.includes('\n'));
        return true;
      });
    });
  }

  it('accepts a sunset at least 90 days ahead', () => {
    const config = loadConfig({ API_V1_SUNSET: '2027-06-30' }, new Date('2026-11-21T00:00:00Z'));
    assert.equal(config.apiV1Sunset?.toISOString(), '2027-06-30T00:00:00.000Z');
  });
});
