// One setting (CONTENT_SIGNAL) states how the content may be used, and three places say it: robots.txt
// in Cloudflare's vocabulary (Content-Signal) and in AIPREF's (Content-Usage, each group, with
// ROBOTS_DRAFT_DIRECTIVES), and the Content-Usage header of pages and documents. Checked in-process
// over every kind of response.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { parseDictionary, Token } from 'structured-headers';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

/** robots.txt's groups, each as the values of its directives by lower-cased name. */
function robotsGroups(text: string): Map<string, string[]>[] {
  const groups: Map<string, string[]>[] = [];
  let current: Map<string, string[]> | undefined;
  let lastWasAgent = false;
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z-]+):\s*(.*)$/.exec(line.replace(/#.*$/, '').trim());
    if (!match) continue;
    const [, name, value] = match as unknown as [string, string, string];
    const key = name.toLowerCase();
    if (key === 'user-agent' && !lastWasAgent) groups.push((current = new Map()));
    lastWasAgent = key === 'user-agent';
    if (current && key !== 'sitemap' && key !== 'agentmap') current.set(key, [...(current.get(key) ?? []), value]);
  }
  return groups;
}

/** An AIPREF Dictionary as category → allowed (y/n tokens only). */
function usage(value: string): Record<string, boolean> {
  return Object.fromEntries(
    [...parseDictionary(value)].map(([key, [item]]) => {
      assert.ok(item instanceof Token && ['y', 'n'].includes(item.toString()), `${key}=${String(item)}`);
      return [key, item.toString() === 'y'];
    }),
  );
}

const documents = [
  '/',
  '/about',
  '/markdown/about.md',
  '/search?q=pipeline',
  '/markdown/search.md?q=pipeline',
  '/llms.txt',
  '/llms-full.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/auth.md',
  '/.well-known/ard.json',
  '/.well-known/ai-catalog.json',
  '/.well-known/api-catalog',
  '/.well-known/agent-card.json',
  '/.well-known/mcp/server-card.json',
  '/no-such-page',
];

describe('the default preference (search and AI answers yes, AI training no)', () => {
  let site: SiteApp;
  before(async () => {
    site = await buildSiteApp({ ROBOTS_DRAFT_DIRECTIVES: 'true' });
  });
  after(() => site.app.close());

  it('is stated in both vocabularies in every robots.txt group', async () => {
    const groups = robotsGroups((await site.app.inject({ url: '/robots.txt' })).body);
    assert.equal(groups.length, 2);
    for (const group of groups) {
      assert.deepEqual(group.get('content-signal'), ['search=yes, ai-input=yes, ai-train=no']);
      assert.deepEqual(group.get('content-usage'), ['train-ai=n, search=y']);
    }
  });

  it('is carried by every page and document as a Content-Usage Dictionary equal to robots.txt', async () => {
    const robots = robotsGroups((await site.app.inject({ url: '/robots.txt' })).body)[0]!.get('content-usage')![0]!;
    for (const url of documents) {
      for (const accept of ['text/html', 'text/markdown']) {
        const res = await site.app.inject({ url, headers: { accept } });
        const header = res.headers['content-usage'];
        assert.equal(typeof header, 'string', `${url} (${accept}) has Content-Usage`);
        assert.deepEqual(usage(header as string), usage(robots), url);
      }
    }
    assert.deepEqual(usage(robots), { 'train-ai': false, search: true });
  });
});

describe('CONTENT_SIGNAL set by the operator', () => {
  it('drives Content-Signal, robots.txt Content-Usage and the header together', async () => {
    const site = await buildSiteApp({ CONTENT_SIGNAL: 'ai-train=yes, search=no', ROBOTS_DRAFT_DIRECTIVES: 'true' });
    try {
      const robots = await site.app.inject({ url: '/robots.txt' });
      for (const group of robotsGroups(robots.body)) {
        assert.deepEqual(group.get('content-signal'), ['search=no, ai-train=yes']);
        assert.deepEqual(group.get('content-usage'), ['train-ai=y, search=n']);
      }
      for (const url of ['/', '/.well-known/ard.json', '/robots.txt']) {
        assert.equal((await site.app.inject({ url })).headers['content-usage'], 'train-ai=y, search=n', url);
      }
    } finally {
      await site.app.close();
    }
  });

  it('with only a category AIPREF has no word for, keeps Content-Signal and leaves Content-Usage out', async () => {
    const site = await buildSiteApp({ CONTENT_SIGNAL: 'ai-input=no', ROBOTS_DRAFT_DIRECTIVES: 'true' });
    try {
      const robots = await site.app.inject({ url: '/robots.txt' });
      assert.match(robots.body, /^Content-Signal: ai-input=no$/m);
      assert.doesNotMatch(robots.body, /^Content-Usage:/m);
      assert.equal(robots.headers['content-usage'], undefined);
    } finally {
      await site.app.close();
    }
  });

  it('stops start-up with one line naming the variable when it is not a Content-Signal value', () => {
    for (const value of ['ai-train=maybe', 'train-ai=n', 'search=yes, search=no', 'search', ',']) {
      assert.throws(
        () => loadConfig({ CONTENT_SIGNAL: value }),
        (error: unknown) =>
          error instanceof ConfigError && /^CONTENT_SIGNAL must list search, ai-input or ai-train/.test(error.message),
        value,
      );
    }
    assert.deepEqual(loadConfig({ CONTENT_SIGNAL: ' AI-Train=No ' }).usagePreference, { 'ai-train': false });
  });
});
