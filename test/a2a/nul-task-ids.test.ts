// A task id or context id holding a NUL names no task on either store: PostgreSQL refuses NUL in
// text, so without care GetTask, CancelTask, ListTasks and GET /a2a/rest/tasks/%00 answered an
// internal error (-32603) and logged it at error level. They answer as for any unknown id, quietly;
// a message whose contextId holds one is refused before anything runs, on SQLite as on PostgreSQL.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';

describe('A2A task ids holding a NUL', () => {
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
      LOG_LEVEL: 'info',
    });
    app = await startApp(config, { logger: pino({ level: 'info' }, sink) });
    baseUrl = `http://127.0.0.1:${port}`;
  });
  after(() => app?.stop());

  const rpc = async (method: string, params: unknown): Promise<{ result?: any; error?: { code: number } }> => {
    const response = await fetch(`${baseUrl}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as { result?: any; error?: { code: number } };
  };
  const errorsLogged = (): string[] => lines.filter((line) => line.level >= 50).map((line) => line.msg);

  it('answers GetTask and CancelTask of a NUL id as task not found', async () => {
    for (const method of ['GetTask', 'CancelTask']) {
      for (const id of ['\u0000', 'task\u0000id']) {
        const answer = await rpc(method, { id });
        assert.equal(answer.error?.code, -32001, `${method} ${JSON.stringify(id)}: ${JSON.stringify(answer)}`);
      }
    }
    assert.deepEqual(errorsLogged(), []);
  });

  it('lists no task for a context id holding a NUL', async () => {
    const answer = await rpc('ListTasks', { contextId: 'ctx\u0000' });
    assert.equal(answer.error, undefined, JSON.stringify(answer));
    assert.deepEqual(answer.result.tasks, []);
    assert.deepEqual(errorsLogged(), []);
  });

  it('refuses a message whose contextId holds a NUL as invalid params on both bindings, keeping nothing', async () => {
    const message = (contextId: string, parts: unknown[]) => ({
      message: { messageId: `nul-${contextId.length}`, role: 'ROLE_USER', contextId, parts },
    });
    for (const contextId of ['\u0000', 'ctx\u0000id']) {
      const overRpc = await rpc('SendMessage', message(contextId, [{ text: 'security' }]));
      assert.deepEqual(overRpc.error, {
        code: -32602,
        message: 'message.contextId must be free of NUL characters.',
        data: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'INVALID_PARAMS',
            domain: 'a2a-protocol.org',
            metadata: { 'message.contextId': 'must be free of NUL characters' },
          },
        ],
      });
      const response = await fetch(`${baseUrl}/a2a/rest/message:send`, {
        method: 'POST',
        headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0' },
        body: JSON.stringify(message(contextId, [{ text: 'security' }])),
      });
      const body = (await response.json()) as { error: { status: string; message: string } };
      assert.deepEqual(
        [response.status, body.error.status, body.error.message],
        [400, 'INVALID_ARGUMENT', 'message.contextId must be free of NUL characters.'],
      );
      const legacy = await fetch(`${baseUrl}/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'message/send',
          params: {
            message: {
              kind: 'message',
              messageId: 'nul-legacy',
              role: 'user',
              contextId,
              parts: [{ kind: 'text', text: 'security' }],
            },
          },
        }),
      });
      assert.equal(((await legacy.json()) as { error: { code: number } }).error.code, -32602);
    }
    assert.equal((await rpc('ListTasks', { contextId: 'ctx\u0000id' })).result.tasks.length, 0);
    assert.deepEqual(errorsLogged(), []);
  });

  it('answers GET /a2a/rest/tasks/%00 with 404', async () => {
    const response = await fetch(`${baseUrl}/a2a/rest/tasks/%00`, { headers: { 'a2a-version': '1.0' } });
    assert.equal(response.status, 404, await response.text());
    assert.deepEqual(errorsLogged(), []);
  });
});
