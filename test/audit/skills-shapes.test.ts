// The agent-skills check on the three index shapes that circulate: the discovery RFC's v0.2.0
// (`version`, each skill's `files` with digests and a skill digest over them), the `$schema`
// discovery/0.2.0 shape (each skill's `url` and `digest`), and the shape with a bare `sha256`
// beside each `url` (isitagentready's), as a list or under `skills`.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { agentSkills } from '../../src/audit/checks/skills.ts';
import { skillDigest } from '../../src/audit/checks/skills-files.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, jsonDoc, type Doc, type DocumentSite } from './document-site.ts';
import { runCheck } from './run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const markdown = (body: string): Doc => ({ type: 'text/markdown', body });
const skillMd = '---\nname: site-search\ndescription: Searches the site.\n---\n\n# Site search\n';
const script = '#!/bin/sh\necho search\n';
const index = '/.well-known/agent-skills/index.json';

async function verdict(docs: Record<string, Doc>, language = 'en') {
  site.docs = { '/': htmlDoc('<title>Acme</title>'), ...docs };
  return runCheck(agentSkills, `${site.url}/`, loopbackAllowed, language);
}

/** The RFC's v0.2.0 index for one skill with SKILL.md and a script, `changes` laid over the entry. */
function rfcIndex(changes: Record<string, unknown> = {}): Doc {
  const files = [
    { path: 'SKILL.md', digest: `sha256:${hex(skillMd)}` },
    { path: 'scripts/search.sh', digest: `sha256:${hex(script)}` },
  ];
  const digest = `sha256:${skillDigest(files.map((f) => ({ path: f.path, hex: f.digest.slice(7) })))}`;
  return jsonDoc({
    version: '0.2.0',
    skills: [{ name: 'site-search', description: 'Searches the site.', digest, files, ...changes }],
  });
}

const rfcFiles = {
  '/.well-known/agent-skills/site-search/SKILL.md': markdown(skillMd),
  '/.well-known/agent-skills/site-search/scripts/search.sh': { type: 'text/plain', body: script },
};

describe('the agent-skills check', () => {
  it("computes the RFC's skill digest as its worked example does", () => {
    assert.equal(
      skillDigest([
        { path: 'scripts/run.sh', hex: hex('#!/bin/sh\n') },
        { path: 'SKILL.md', hex: hex('# Hello\n') },
      ]),
      '34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e',
    );
  });

  it('passes an RFC v0.2.0 index, every file and the skill digest verified', async () => {
    const check = await verdict({ [index]: rfcIndex(), ...rfcFiles });
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, '1 skill (discovery 0.2.0 with files), skill digests and 2 files verified');
  });

  it('fails an RFC v0.2.0 index whose file or skill digest does not match', async () => {
    const changed = await verdict({
      [index]: rfcIndex(),
      ...rfcFiles,
      '/.well-known/agent-skills/site-search/scripts/search.sh': { type: 'text/plain', body: 'rm -rf /\n' },
    });
    assert.equal(changed.status, 'fail');
    assert.equal(changed.message, "skill site-search's file scripts/search.sh does not match its digest");
    const stale = await verdict({ [index]: rfcIndex({ digest: `sha256:${'0'.repeat(64)}` }), ...rfcFiles });
    assert.equal(stale.status, 'fail');
    assert.equal(stale.message, "skill site-search's digest is not the digest of its files' manifest");
    const escaping = await verdict({
      [index]: rfcIndex({ files: [{ path: '../SKILL.md', digest: `sha256:${hex(skillMd)}` }] }),
    });
    assert.equal(escaping.status, 'fail');
    assert.match(escaping.message, /^skill site-search lacks a valid name/);
  });

  it('passes the $schema discovery/0.2.0 shape with url and digest', async () => {
    const check = await verdict({
      [index]: jsonDoc({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'site-search',
            type: 'skill-md',
            description: 'Searches the site.',
            url: '/.well-known/agent-skills/site-search/SKILL.md',
            digest: `sha256:${hex(skillMd)}`,
          },
        ],
      }),
      ...rfcFiles,
    });
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, '1 skill, digests verified');
  });

  it('passes the sha256 shape, as a bare list or under skills, and fails it when the bytes differ', async () => {
    const entry = {
      name: 'site-search',
      type: 'skill',
      description: 'Searches the site.',
      url: `${site.url}/.well-known/agent-skills/site-search.md`,
      sha256: hex(skillMd),
    };
    const file = { '/.well-known/agent-skills/site-search.md': markdown(skillMd) };
    const list = await verdict({ [index]: jsonDoc([entry]), ...file });
    assert.equal(list.status, 'pass', list.message);
    assert.equal(list.evidence.value, 'sha256');
    const wrapped = await verdict({ [index]: jsonDoc({ skills: [entry] }), ...file });
    assert.equal(wrapped.status, 'pass', wrapped.message);
    const changed = await verdict({
      [index]: jsonDoc([entry]),
      '/.well-known/agent-skills/site-search.md': markdown('# Other\n'),
    });
    assert.equal(changed.status, 'fail');
    assert.equal(changed.message, "skill site-search's digest does not match its bytes");
  });

  it('fails an index naming a discovery version it does not know, in German too', async () => {
    const check = await verdict({ [index]: jsonDoc({ version: '1.0.0', skills: [] }) }, 'de');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'der Skills-Index nennt eine Discovery-Version, die dieses Audit nicht kennt: 1.0.0');
  });
});
