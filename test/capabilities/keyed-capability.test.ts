// A capability that takes a key is refused without an accepted one and served with one on every
// surface that serves it, by the one call pipeline: MCP (the official clients of both eras), A2A
// (the official client, on both of its bindings) and REST, each carrying the request's
// Authorization header.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClientFactory, ClientFactoryOptions, type Client } from '@a2a-js/sdk/client';
import * as z from 'zod';
import { defineCapability, readHints, type Capability } from '../../src/capabilities/capability.ts';
import type { CatalogDeps } from '../../src/capabilities/deps.ts';
import { call, resultOf, send } from '../a2a/agent.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { eras, textOf } from '../mcp/clients.ts';

const key = 'keyed-capability-test-key-0123';
const refusal = (keySent: boolean): string =>
  `${keySent ? 'That key is not accepted.' : 'No key was sent.'} Send Authorization: Bearer <key>.`;

/** Reads a partner's note; only a key holder may. */
function partnerNote({ content }: CatalogDeps): Capability {
  return defineCapability({
    key: 'readPartnerNote',
    name: `${content.site.toolPrefix}_read_partner_note`,
    title: 'Read a partner note',
    description: 'Reads the note kept for partners. Needs Authorization: Bearer <key>.',
    input: z.strictObject({ topic: z.string().min(1).max(50).describe('What the note is about.') }),
    output: z.object({ note: z.string() }),
    budget: 'read',
    authentication: {
      scheme: 'bearer',
      accepts: (authorization) => authorization === `Bearer ${key}`,
      refusal,
    },
    hints: readHints,
    a2aSkill: true,
    route: { method: 'POST', path: '/capabilities/partner-note' },
    stable: false,
    examples: [{ topic: 'pricing' }],
    prompts: [],
    tags: ['test', 'partner'],
    handle: ({ topic }, context) => ({
      structured: { note: `partner note on ${topic}` },
      text: `partner note on ${topic} (via ${context.channel})`,
    }),
  });
}

describe('a capability that takes a key', () => {
  let app: TestApp;
  let name: string;
  before(async () => {
    app = await startTestApp({}, { capabilities: (deps) => [partnerNote(deps)] });
    name = app.app.services.catalog.capabilities.at(-1)!.name;
  });
  after(() => app.stop());

  for (const era of eras) {
    it(`is refused over MCP without an accepted key and served with one, over ${era.name}`, async () => {
      for (const [headers, sent] of [
        [{}, false],
        [{ authorization: 'Bearer wrong' }, true],
      ] as const) {
        const client = await era.connect(app.mcpUrl, headers);
        try {
          const refused = await client.callTool(name, { topic: 'pricing' });
          assert.equal(refused.isError, true);
          assert.equal(textOf(refused), refusal(sent));
        } finally {
          await client.close();
        }
      }
      const client = await era.connect(app.mcpUrl, { authorization: `Bearer ${key}` });
      try {
        const served = await client.callTool(name, { topic: 'pricing' });
        assert.deepEqual(served.structuredContent, { note: 'partner note on pricing' });
        assert.equal(textOf(served), 'partner note on pricing (via mcp)');
      } finally {
        await client.close();
      }
    });
  }

  for (const transport of ['JSONRPC', 'HTTP+JSON']) {
    it(`is refused as an A2A skill without an accepted key and served with one, on ${transport}`, async () => {
      const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        preferredTransports: [transport],
      });
      const client: Client = await new ClientFactory(options).createFromUrl(app.baseUrl);
      await assert.rejects(send(client, call(name, { topic: 'pricing' })), (error: Error) => {
        assert.equal(error.message, refusal(false));
        return true;
      });
      const wrong = { serviceParameters: { Authorization: 'Bearer wrong' } };
      await assert.rejects(send(client, call(name, { topic: 'pricing' }), wrong), (error: Error) => {
        assert.equal(error.message, refusal(true));
        return true;
      });
      const keyed = { serviceParameters: { Authorization: `Bearer ${key}` } };
      const served = resultOf(await send(client, call(name, { topic: 'pricing' }), keyed));
      assert.deepEqual(served, {
        skill: name,
        data: { note: 'partner note on pricing' },
        text: 'partner note on pricing (via a2a)',
      });
    });
  }

  it('is refused over REST with 401 without an accepted key and served with one, and its contract says so', async () => {
    const post = (authorization?: string): Promise<Response> =>
      fetch(`${app.baseUrl}/agent/capabilities/partner-note`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
        body: JSON.stringify({ topic: 'pricing' }),
      });
    for (const [authorization, sent] of [
      [undefined, false],
      ['Bearer wrong', true],
    ] as const) {
      const refused = await post(authorization);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('www-authenticate'), 'Bearer');
      assert.deepEqual(await refused.json(), { status: 'unauthorized', message: refusal(sent) });
    }
    const served = await post(`Bearer ${key}`);
    assert.equal(served.status, 200);
    assert.deepEqual(await served.json(), { note: 'partner note on pricing' });
    const contract = (await (await fetch(`${app.baseUrl}/agent/openapi.json`)).json()) as {
      paths: Record<string, { post: { security: unknown[]; responses: Record<string, unknown> } }>;
      components: { securitySchemes?: Record<string, unknown> };
    };
    const operation = contract.paths['/agent/capabilities/partner-note']!.post;
    assert.deepEqual(operation.security, [{ bearerKey: [] }]);
    assert.ok(operation.responses['401']);
    assert.deepEqual(contract.components.securitySchemes, { bearerKey: { type: 'http', scheme: 'bearer' } });
  });
});
