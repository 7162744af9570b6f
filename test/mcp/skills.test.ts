// The MCP Skills extension (io.modelcontextprotocol/skills) with the official clients of both eras:
// the declaration (server/discover, initialize), skills/list and skills/get as custom requests, and
// digests and sizes that match both the bytes resources/read returns and the published skills index.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as z from 'zod';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const extensionId = 'io.modelcontextprotocol/skills';
const entrySchema = z.object({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string(), description: z.string() }),
  resources: z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
});
const listSchema = z.looseObject({ skills: z.array(entrySchema) });
const getSchema = z.looseObject({ skill: entrySchema });
const readSchema = z.object({ contents: z.array(z.looseObject({ uri: z.string(), text: z.string() })) });

type Entry = z.infer<typeof entrySchema>;

/** What both SDK clients offer: a custom request with a result schema, and what the server declared. */
interface AnyClient {
  request(request: { method: string; params?: Record<string, unknown> }, schema: z.ZodType): Promise<unknown>;
  getServerCapabilities(): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

const sha256 = (bytes: Uint8Array): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('MCP skills extension', () => {
  let app: TestApp;
  let modern: Client;
  let legacy: LegacyClient;
  let clients: [string, AnyClient][];

  before(async () => {
    app = await startTestApp();
    modern = new Client(
      { name: 'skills-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(new StreamableHTTPClientTransport(new URL(app.mcpUrl)));
    legacy = new LegacyClient({ name: 'skills-test', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(app.mcpUrl)));
    clients = [
      ['2026-07-28', modern as unknown as AnyClient],
      ['2025-11-25', legacy as unknown as AnyClient],
    ];
  });
  after(async () => {
    await modern.close();
    await legacy.close();
    await app.stop();
  });

  it('declares the extension in server/discover (2026-07-28) and in initialize (2025)', () => {
    for (const [era, client] of clients) {
      const capabilities = client.getServerCapabilities() as {
        extensions?: Record<string, unknown>;
        resources?: unknown;
      };
      assert.deepEqual(capabilities.extensions?.[extensionId], {}, era);
      assert.ok(capabilities.resources, `${era}: the extension needs the resources capability`);
    }
  });

  it('lists the published skills with digests and sizes of the bytes resources/read returns and the index publishes', async () => {
    const index = (await (await fetch(`${app.baseUrl}/.well-known/agent-skills/index.json`)).json()) as {
      skills: { name: string; description: string; url: string; digest: string }[];
    };
    for (const [era, client] of clients) {
      const { skills } = listSchema.parse(await client.request({ method: 'skills/list', params: {} }, listSchema));
      assert.deepEqual(
        skills.map((skill) => skill.frontmatter.name).sort(),
        index.skills.map((skill) => skill.name).sort(),
        era,
      );
      for (const skill of skills) {
        const { name, description } = skill.frontmatter;
        assert.equal(skill.uri, `skill://${name}/SKILL.md`);
        assert.deepEqual(
          skill.resources.map((file) => file.uri),
          [skill.uri],
          'one file per skill: SKILL.md',
        );
        const [file] = skill.resources as [Entry['resources'][number]];
        const read = readSchema.parse(
          await client.request({ method: 'resources/read', params: { uri: skill.uri } }, readSchema),
        );
        const mcpBytes = Buffer.from(read.contents[0]!.text, 'utf8');
        assert.equal(file.size, mcpBytes.length, `${era} ${name}: size of the resources/read bytes`);
        assert.equal(file.digest, sha256(mcpBytes), `${era} ${name}: digest of the resources/read bytes`);
        const published = index.skills.find((entry) => entry.name === name)!;
        const httpBytes = Buffer.from(await (await fetch(published.url)).arrayBuffer());
        assert.equal(published.digest, file.digest, `${name}: the index publishes the same digest`);
        assert.ok(httpBytes.equals(mcpBytes), `${name}: HTTP serves the same bytes`);
        assert.equal(description, published.description);
      }
    }
  });

  it('answers skills/get with the listed entry, and -32602 for a skill it does not serve or a missing uri', async () => {
    for (const [era, client] of clients) {
      const { skills } = listSchema.parse(await client.request({ method: 'skills/list', params: {} }, listSchema));
      for (const skill of skills) {
        const got = getSchema.parse(
          await client.request({ method: 'skills/get', params: { uri: skill.uri } }, getSchema),
        );
        assert.deepEqual(got.skill, skill, era);
      }
      for (const uri of ['skill://no-such-skill/SKILL.md', 'skill://agency-site/README.md', 'service://site-index']) {
        await assert.rejects(
          client.request({ method: 'skills/get', params: { uri } }, getSchema),
          (error: { code?: number }) => {
            assert.equal(error.code, -32602, `${era} ${uri}`);
            return true;
          },
        );
      }
      await assert.rejects(
        client.request({ method: 'resources/read', params: { uri: 'skill://no-such-skill/SKILL.md' } }, readSchema),
        (error: { code?: number }) => error.code === -32602,
      );
      for (const params of [{}, { uri: 5 }]) {
        await assert.rejects(
          client.request({ method: 'skills/get', params }, getSchema),
          (error: { code?: number; message?: string }) => error.code === -32602 && /uri/.test(error.message ?? ''),
        );
      }
    }
  });

  it('gives 2026-07-28 clients the cache fields the extension requires', async () => {
    const result = listSchema.parse(await modern.request({ method: 'skills/list', params: {} }, listSchema));
    assert.equal(result.ttlMs, 3_600_000);
    assert.equal(result.cacheScope, 'public');
  });

  it('passes the SDK host side, which checks every file against its entry (size, digest, front matter)', async () => {
    const host = new SkillsClient(modern);
    assert.equal(host.supported, true);
    const { skills, invalid } = await host.list();
    assert.equal(invalid.length, 0);
    assert.ok(skills.length >= 2);
    for (const skill of skills) {
      const file = await host.read(skill);
      assert.equal(file.verified, true);
      assert.deepEqual(file.frontmatter, skill.frontmatter);
    }
  });
});
