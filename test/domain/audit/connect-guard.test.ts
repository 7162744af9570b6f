// The MCP and A2A connect checks go through the audit's guarded fetch: a card advertising a refused
// address fails, and the server at that address never sees a connection.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { parseAllowList, publicPolicy } from '../../../src/audit/fetch/address-policy.ts';
import { auditSite } from '../../../src/audit/run-audit.ts';
import { recordingServer, type RecordingServer } from './recording-server.ts';

let site: RecordingServer;
let hidden: RecordingServer;

before(async () => {
  hidden = await recordingServer(undefined, '127.0.0.2');
  const cards: Record<string, unknown> = {
    '/.well-known/mcp/server-card.json': {
      name: 'x/hidden',
      version: '1',
      remotes: [{ type: 'streamable-http', url: `${hidden.url}/mcp` }],
    },
    '/.well-known/agent-card.json': {
      name: 'Hidden',
      description: 'An agent on a private address.',
      version: '1',
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
      supportedInterfaces: [{ url: `${hidden.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    },
  };
  site = await recordingServer((request, response) => {
    const card = cards[request.url ?? ''];
    if (card) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card));
    else response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html' }).end('<title>x</title>');
  });
});
after(async () => {
  await site.close();
  await hidden.close();
});

describe('the connect checks', () => {
  it('refuse an MCP or A2A endpoint at an address the policy refuses, without connecting to it', async () => {
    // The hidden server's port counts as public here, so only its address decides.
    const policy = publicPolicy(parseAllowList(['127.0.0.1']), ['', String(hidden.port)]);
    const report = await auditSite(`${site.url}/`, { policy });
    for (const id of ['mcp-connect', 'a2a-connect'] as const) {
      const check = report.checks.find((c) => c.id === id)!;
      assert.equal(check.status, 'fail', id);
      assert.match(check.message, /refused .*127\.0\.0\.2.*loopback/, id);
    }
    assert.equal(hidden.connections, 0);
  });
});
