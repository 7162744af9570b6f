import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startOwnSite, type OwnSite } from '../../domain/audit/own-site.ts';

describe("/developers and the site's audit of itself", () => {
  let site: OwnSite;
  before(async () => {
    site = await startOwnSite();
  });
  after(() => site.stop());
  const get = (path: string, accept = 'text/html'): Promise<string> =>
    fetch(`${site.baseUrl}${path}`, { headers: { accept } }).then((r) => r.text());

  it('starts the self-audit on first view, then shows its level, score and that every check passes, in HTML and markdown', async () => {
    const first = await get('/developers');
    assert.match(first, /<h2 id="latest-self-audit">Latest self-audit<\/h2>/);
    assert.match(first, /The first self-audit is running now/);
    await site.selfAudit().settled();
    const html = await get('/developers');
    assert.match(html, /Level <strong>4 of 5<\/strong> \(Agent-Integrated\), score <strong>100\/100<\/strong>/);
    assert.match(html, /Every check passes\./);
    assert.match(
      html,
      /Skipped \(nothing to check here\): <code>oauth-protected-resource<\/code>, <code>oauth-authorization-server<\/code>, <code>web-bot-auth<\/code>\./,
    );
    for (const markdown of [await get('/developers', 'text/markdown'), await get('/markdown/developers.md')]) {
      assert.match(
        markdown,
        /## Latest self-audit[\s\S]*Level \*\*4 of 5\*\* \(Agent-Integrated\), score \*\*100\/100\*\*/,
      );
    }
  });

  it('says which checks a site without their subject skips and which it fails', async () => {
    const markdown = await get('/markdown/developers.md');
    assert.match(markdown, /`openapi`, `mcp-connect`, `a2a-connect`, `webmcp`, `web-bot-auth`, `ard` are `skip`/);
    assert.match(markdown, /`robots-txt`, `robots-ai-rules`, [^\n]*\n?[^\n]*are `fail`/);
  });

  it('audits itself at most once an hour however often the page is viewed', async () => {
    const before = site.selfAudit().latest();
    for (let i = 0; i < 5; i += 1) await get('/developers');
    assert.equal(site.selfAudit().latest(), before);
  });
});
