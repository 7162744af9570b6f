// Without SITES_DIR the agent has no A2A tenant: its card names none (card.test.ts), a `tenant` a
// request carries is not read, and no `/{tenant}` prefix is served, exactly as before sites existed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('the single site’s agent and A2A tenants', () => {
  let app: TestApp;
  before(async () => (app = await startTestApp()));
  after(() => app.stop());

  const question = (id: string) => ({ message: { messageId: id, role: 'ROLE_USER', parts: [{ text: 'pipeline' }] } });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers },
      body: JSON.stringify(body),
    });

  it('answers a JSON-RPC request whatever tenant it names', async () => {
    const response = await post('/a2a', {
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { ...question('single-tenant-1'), tenant: 'any.example' },
    });
    const answer = (await response.json()) as { result?: { task?: unknown } };
    assert.ok(answer.result?.task, JSON.stringify(answer));
  });

  it('serves no /{tenant} prefix on HTTP+JSON', async () => {
    const response = await post('/a2a/rest/any.example/message:send', question('single-tenant-2'));
    assert.equal(response.status, 404);
    assert.equal((await post('/a2a/rest/message:send', question('single-tenant-3'))).status, 200);
  });
});
