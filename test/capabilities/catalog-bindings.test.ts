// One capability added to the catalogue, with no other edit, is served by every binding: an MCP
// tool (the official MCP clients of both eras), an A2A skill (the official A2A client), a skill of
// the agent card, an entry of the MCP server card and ard.json, and a REST operation in the contract.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as z from 'zod';
import { defineCapability, noAuthentication, readHints, type Capability } from '../../src/capabilities/capability.ts';
import type { CatalogDeps } from '../../src/capabilities/deps.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { call, clientFor, resultOf, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eras } from '../mcp/clients.ts';

const name = 'service_echo_note';

/** A capability no binding knows of: it echoes a note and says which channel carried the call. */
function echoNote({ content }: CatalogDeps): Capability {
  return defineCapability({
    key: 'echoNote',
    name: `${content.site.toolPrefix}_echo_note`,
    title: 'Echo a note',
    description: 'Returns the note it is given, with its length.',
    input: z.strictObject({ note: z.string().min(1).max(100).describe('Any short text.') }),
    output: z.object({ note: z.string(), length: z.int() }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: false,
    examples: [{ note: 'hello' }],
    prompts: ['Echo the word hello'],
    tags: ['test', 'echo'],
    route: { method: 'POST', path: '/notes/echo' },
    handle: ({ note }, context) => {
      if (note === 'missing') throw new AppError('not_found', 'No such note.');
      return {
        structured: { note, length: note.length },
        text: `${note} (${note.length} characters, via ${context.channel})`,
      };
    },
  });
}

describe('a capability added to the catalogue', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { capabilities: (deps) => [echoNote(deps)] });
  });
  after(() => app.stop());

  const getJson = async (path: string): Promise<any> => (await fetch(`${app.baseUrl}${path}`)).json();
  const postJson = (path: string, body: unknown): Promise<Response> =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  for (const era of eras) {
    it(`is an MCP tool, listed after the agency's own and called, over ${era.name}`, async () => {
      const client = await era.connect(app.mcpUrl);
      try {
        const tools = await client.listTools();
        assert.equal(tools.length, 13);
        const tool = tools.at(-1)!;
        assert.deepEqual(
          [tool.name, tool.title, tool.description],
          [name, 'Echo a note', 'Returns the note it is given, with its length.'],
        );
        assert.equal(tool.annotations?.readOnlyHint, true);
        const result = await client.callTool(name, { note: 'hi' });
        assert.deepEqual(result.structuredContent, { note: 'hi', length: 2 });
        assert.equal(result.content[0]?.text, 'hi (2 characters, via mcp)');
        const refused = await client.callTool(name, { note: 'missing' });
        assert.equal(refused.isError, true);
        assert.equal(refused.content[0]?.text, 'No such note.');
      } finally {
        await client.close();
      }
    });
  }

  it('is an A2A skill the official client calls', async () => {
    const client = await clientFor(app);
    const result = resultOf(await send(client, call(name, { note: 'hi' })));
    assert.deepEqual(result, { skill: name, data: { note: 'hi', length: 2 }, text: 'hi (2 characters, via a2a)' });
  });

  it('is a skill of the agent card, with its tags and example', async () => {
    const card = await getJson('/.well-known/agent-card.json');
    const skill = card.skills.find((s: { id: string }) => s.id === name);
    assert.ok(skill, 'the card lists the skill');
    assert.equal(skill.name, 'Echo a note');
    assert.deepEqual(skill.tags, ['test', 'echo']);
    assert.deepEqual(skill.examples, [
      JSON.stringify({ skill: name, input: { note: 'hello' } }),
      'Echo the word hello',
    ]);
  });

  it('is a tool of the MCP server card and a capability of ard.json', async () => {
    const serverCard = await getJson('/.well-known/mcp/server-card.json');
    assert.equal(serverCard.tools.at(-1).name, name);
    const ard = await getJson('/.well-known/ard.json');
    assert.ok(ard.entries[0].capabilities.includes(name));
  });

  it('is a REST operation on every mount, in the OpenAPI contract, answering errors in the API shape', async () => {
    for (const base of ['/agent', '/agent/v1']) {
      const res = await postJson(`${base}/notes/echo`, { note: 'hi' });
      assert.equal(res.status, 200, base);
      assert.deepEqual(await res.json(), { note: 'hi', length: 2 });
      assert.ok(res.headers.get('ratelimit'), 'spends the read budget');
    }
    const invalid = await postJson('/agent/notes/echo', { note: '' });
    assert.equal(invalid.status, 400);
    assert.equal(((await invalid.json()) as { errors: { field: string }[] }).errors[0]?.field, 'note');
    const missing = await postJson('/agent/notes/echo', { note: 'missing' });
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { status: 'not_found', message: 'No such note.' });
    const contract = await getJson('/agent/openapi.json');
    assert.equal(contract.paths['/agent/notes/echo'].post.operationId, 'echoNote');
    assert.ok(contract.tags.some((tag: { name: string }) => tag.name === 'Capabilities'));
  });
});
