// Client faults are the client's business: a burst of A2A bodies past the bounds, of the wrong
// shape or of an unserved version, on both bindings, writes nothing at warn or error level and at
// most one line per kind of refusal (the server's own faults keep the error level).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('A2A client faults in the logs', () => {
  const lines: Array<{ level: number; msg: string }> = [];
  let app: RunningApp;
  let baseUrl: string;
  before(async () => {
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const config = loadConfig({
      DATABASE_URL: await freshDatabaseUrl(),
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      LOG_LEVEL: 'debug',
    });
    app = await startApp(config, { logger: pino({ level: 'debug' }, sink) });
    baseUrl = `http://127.0.0.1:${port}`;
  });
  after(() => app.stop());

  it('writes no warning or error for a burst of refused requests on both bindings', async () => {
    const message = (metadata: unknown): unknown => ({
      messageId: `m-${Math.random()}`,
      role: 'ROLE_USER',
      parts: [{ text: 'hi' }],
      metadata,
    });
    const rpcBodies = [
      { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: message(nested(2_000)) } },
      { jsonrpc: '2.0', id: 2, method: 'SendMessage', params: { message: message([1]) } },
      { jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: 5 } },
    ];
    const before = lines.length;
    for (let round = 0; round < 20; round += 1) {
      for (const body of rpcBodies) {
        for (const version of ['1.0', '', '9.9']) {
          const response = await fetch(`${baseUrl}/a2a`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'a2a-version': version },
            body: JSON.stringify(body),
          });
          assert.ok(response.status < 500, String(response.status));
        }
      }
      const rest = await fetch(`${baseUrl}/a2a/rest/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0' },
        body: JSON.stringify({ message: message(nested(2_000)) }),
      });
      assert.equal(rest.status, 400);
    }
    const written = lines.slice(before);
    assert.deepEqual(
      written.filter((line) => line.level >= 40).map((line) => line.msg),
      [],
    );
    assert.ok(
      written.filter((line) => /a2a/i.test(line.msg)).length <= 3,
      JSON.stringify(written.map((line) => line.msg)),
    );
  });
});
