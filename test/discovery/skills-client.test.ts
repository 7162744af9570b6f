// Agent Skills Discovery v0.2.0 as a client sees it, over real HTTP: fetch the index, check the
// schema URI, fetch every artifact, verify its digest, and refuse any content that does not verify.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import yaml from 'js-yaml';
import { freePort } from '../helpers/free-port.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

const knownSchemas = new Set(['https://schemas.agentskills.io/discovery/0.2.0/schema.json']);

interface VerifiedSkill {
  name: string;
  digest: string;
  text: string;
}

/** What a v0.2.0 client MUST do before it uses a skill; throws on anything it must not use. */
async function discoverSkills(
  origin: string,
  indexPath = '/.well-known/agent-skills/index.json',
): Promise<VerifiedSkill[]> {
  const indexUrl = new URL(indexPath, origin);
  const res = await fetch(indexUrl);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const index = (await res.json()) as { $schema?: string; skills: Record<string, unknown>[] };
  if (!index.$schema || !knownSchemas.has(index.$schema))
    throw new Error(`unrecognised $schema ${String(index.$schema)}`);
  const verified: VerifiedSkill[] = [];
  for (const entry of index.skills) {
    assert.deepEqual(
      Object.keys(entry).sort(),
      ['description', 'digest', 'name', 'type', 'url'],
      'v0.2.0 entry fields, no v0.1 files',
    );
    assert.equal(entry.type, 'skill-md');
    assert.match(String(entry.digest), /^sha256:[0-9a-f]{64}$/);
    const artifact = await fetch(new URL(String(entry.url), indexUrl));
    assert.equal(artifact.status, 200, String(entry.url));
    assert.match(artifact.headers.get('content-type') ?? '', /^text\/(markdown|plain)/);
    const bytes = Buffer.from(await artifact.arrayBuffer());
    const head = await fetch(new URL(String(entry.url), indexUrl), {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(head.status, 200, 'servers MUST support HEAD');
    assert.equal(Number(head.headers.get('content-length')), bytes.length);
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== entry.digest)
      throw new Error(`digest mismatch for ${String(entry.name)}: index ${String(entry.digest)}, served ${digest}`);
    const text = bytes.toString('utf8');
    const frontMatter = yaml.load(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as { name: string; description: string };
    assert.equal(frontMatter.name, entry.name);
    assert.equal(frontMatter.description, entry.description);
    verified.push({ name: String(entry.name), digest, text });
  }
  return verified;
}

async function listen(env: Record<string, string> = {}): Promise<SiteApp & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = await buildSiteApp({ BASE_URL: origin, ...env });
  await site.app.listen({ host: '127.0.0.1', port });
  return { ...site, origin };
}

const open: SiteApp[] = [];
after(async () => Promise.all(open.map((site) => site.app.close())));

describe('agent skills discovery v0.2.0, as a client', () => {
  it('verifies every artifact the index lists against its digest, at both well-known paths', async () => {
    const site = await listen();
    open.push(site);
    const skills = await discoverSkills(site.origin);
    assert.deepEqual(skills.map((skill) => skill.name).sort(), ['agency-enquiry', 'agency-site']);
    for (const skill of skills) assert.doesNotMatch(skill.text, /\{\{\w+\}\}/, 'placeholders are filled in');
    const legacy = await fetch(`${site.origin}/.well-known/skills/index.json`);
    const current = await fetch(`${site.origin}/.well-known/agent-skills/index.json`);
    assert.equal(legacy.status, 200);
    assert.deepEqual(
      Buffer.from(await legacy.arrayBuffer()),
      Buffer.from(await current.arrayBuffer()),
      'the same bytes',
    );
    assert.deepEqual(await discoverSkills(site.origin, '/.well-known/skills/index.json'), skills);
    assert.equal((await fetch(`${site.origin}/.well-known/agent-skills/nope/SKILL.md`)).status, 404);
  });

  it('gives a changed skill file a new digest that the served bytes still verify', async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-skills-'));
    try {
      fs.cpSync(path.resolve('content'), contentDir, { recursive: true });
      const before = await listen({ CONTENT_DIR: contentDir });
      open.push(before);
      const original = await discoverSkills(before.origin);
      const file = path.join(contentDir, 'skills', 'agency-site', 'SKILL.md');
      fs.appendFileSync(file, '\n## Changed\n\nA new section an operator added.\n');
      const changed = await listen({ CONTENT_DIR: contentDir });
      open.push(changed);
      const now = await discoverSkills(changed.origin);
      const digestOf = (list: VerifiedSkill[], name: string): string =>
        list.find((skill) => skill.name === name)!.digest;
      assert.notEqual(digestOf(now, 'agency-site'), digestOf(original, 'agency-site'));
      // The untouched skill differs only by the base address the placeholders are filled with.
      const textOf = (list: VerifiedSkill[], name: string, origin: string): string =>
        list.find((skill) => skill.name === name)!.text.replaceAll(origin, 'BASE');
      assert.equal(textOf(now, 'agency-enquiry', changed.origin), textOf(original, 'agency-enquiry', before.origin));
      assert.match(now.find((skill) => skill.name === 'agency-site')!.text, /A new section an operator added/);
    } finally {
      fs.rmSync(contentDir, { recursive: true, force: true });
    }
  });
});
