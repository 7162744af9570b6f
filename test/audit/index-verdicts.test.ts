// Index verdicts that were wrong on real sites: an Agent Skills 0.1.0 index (no `$schema`, each
// skill's files), an unknown discovery `$schema`, an AI-catalog skill entry without displayName,
// and an RFC 9727 API catalog whose service-desc is the skills index.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, jsonDoc, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const home = htmlDoc('<title>x</title>');
const skillMd = { type: 'text/markdown', body: '---\nname: demo-skill\ndescription: Demo.\n---\n\n# Demo\n' };
const v01Index = { skills: [{ name: 'demo-skill', description: 'Demo skill', files: ['SKILL.md'] }] };

describe('the Agent Skills check', () => {
  it('passes a 0.1.0 index without $schema whose SKILL.md answers', async () => {
    site.docs = {
      '/': home,
      '/.well-known/agent-skills/index.json': jsonDoc(v01Index),
      '/.well-known/agent-skills/demo-skill/SKILL.md': skillMd,
    };
    const check = checkOf(await site.audit(), 'agent-skills');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, '1 skill (discovery 0.1.0, no digests), each SKILL.md answers');
  });

  it("fails a 0.1.0 index whose skill's SKILL.md is missing", async () => {
    site.docs = { '/': home, '/.well-known/agent-skills/index.json': jsonDoc(v01Index) };
    const check = checkOf(await site.audit(), 'agent-skills');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, "skill demo-skill's SKILL.md answers 404");
  });

  it('names an unknown $schema, cut short, instead of calling it absent', async () => {
    const schema = `https://example.com/skills/${'v'.repeat(200)}.json`;
    site.docs = { '/': home, '/.well-known/agent-skills/index.json': jsonDoc({ $schema: schema, skills: [] }) };
    const check = checkOf(await site.audit(), 'agent-skills');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, `the skills index names an unknown discovery $schema: ${schema.slice(0, 80)}`);
  });
});

describe('the AI catalog check', () => {
  it('warns on a skill entry without displayName, which nothing else names', async () => {
    site.docs = {
      '/': home,
      '/.well-known/ai-catalog.json': jsonDoc({
        specVersion: '1.0',
        entries: [
          { identifier: 'urn:air:acme.example:skill:demo', type: 'application/agent-skills+zip', url: '/demo.zip' },
        ],
      }),
    };
    const check = checkOf(await site.audit(), 'ard');
    assert.equal(check.status, 'warn');
    assert.equal(
      check.message,
      'entry urn:air:acme.example:skill:demo has no displayName, and a application/agent-skills+zip does not name itself',
    );
  });
});

describe('the API catalog check', () => {
  it('fails a linkset whose service-desc is the Agent Skills index', async () => {
    const index = JSON.stringify({
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [
        { name: 'demo-skill', type: 'skill-md', description: 'Demo.', url: '/demo/SKILL.md', digest: 'sha256:' },
      ],
    });
    site.docs = {
      '/': home,
      '/.well-known/agent-skills/index.json': { type: 'application/json', body: index },
      '/.well-known/api-catalog': jsonDoc(
        {
          linkset: [
            {
              anchor: `${site.url}/`,
              'service-desc': [{ href: `${site.url}/.well-known/agent-skills/index.json`, type: 'application/json' }],
            },
          ],
        },
        'application/linkset+json',
      ),
    };
    const check = checkOf(await site.audit(), 'api-catalog');
    assert.equal(check.status, 'fail');
    assert.equal(
      check.message,
      `the service-desc ${site.url}/.well-known/agent-skills/index.json is an Agent Skills index, not an API description`,
    );
  });
});
