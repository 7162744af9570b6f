// The dashboard shows what visitors wrote without control or bidirectional characters, in its
// tables and in its charts' labels, so no search text can reorder or disguise what the operator reads.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const token = 'dashboard-test-token-0123456789';
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not reach a page.
const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('dashboard text from visitors', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ ADMIN_PORT: '0', ADMIN_TOKEN: token });
  });
  after(() => t.stop());

  it('is shown without control or bidirectional characters, in tables and chart labels', async () => {
    const caller = { kind: 'declared-agent' as const, family: 'Evil\u202eAgent', verified: false };
    t.app.services.insight.recordAsk({
      source: 'site-search',
      query: 'seo \u001b]0;pwned\u0007 \u009b2J \u202egnp.exe\u2066',
      results: 0,
      caller,
    });
    t.app.services.insight.recordVisit({ surface: 'page-html', item: '/about', caller, status: 200 });
    for (const path of ['/', '/searches', '/family/Evil%E2%80%AEAgent']) {
      const response = await fetch(`http://127.0.0.1:${t.app.admin!.port}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const html = await response.text();
      assert.equal(response.status, 200, path);
      assert.doesNotMatch(html, unprintable, path);
      const charts = [...html.matchAll(/src="data:image\/svg\+xml;base64,([^"]+)"/g)].map((m) =>
        Buffer.from(m[1]!, 'base64').toString('utf8'),
      );
      for (const svg of charts) assert.doesNotMatch(svg, unprintable, `${path}: chart`);
      if (path === '/searches') assert.match(html, /seo \]0;pwned 2j gnp\.exe/);
      else assert.match(html, /EvilAgent/);
    }
  });
});
