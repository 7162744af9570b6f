// The llms-txt check on sites that advertise their llms.txt as llms.txt v2 does: by a `describedby`
// Link header or `<link>` on the home page, scoped under a path (/docs/llms.txt) with no file at the
// root; and on an audit of a path whose own llms.txt sits beside it.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { llmsTxt } from '../../src/audit/checks/llms-txt.ts';
import { loopbackAllowed } from '../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, type Doc, type DocumentSite } from './document-site.ts';
import { runCheck } from './run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const docsIndex: Doc = { type: 'text/markdown', body: '# Acme docs\n\n- [Install](/docs/install): how to install\n' };
const install = htmlDoc('<title>Install</title>');
const linked = (link: string): Doc => ({ ...htmlDoc('<title>Acme</title>'), headers: { link } });

async function verdict(docs: Record<string, Doc>, path = '/', language = 'en') {
  site.docs = docs;
  return runCheck(llmsTxt, `${site.url}${path}`, loopbackAllowed, language);
}

describe('the llms-txt check', () => {
  it('reads a scoped llms.txt the home page advertises by a describedby Link header, with none at the root', async () => {
    const check = await verdict({
      '/': linked('</openapi.json>; rel="describedby", </docs/llms.txt>; rel="describedby"; type="text/markdown"'),
      '/docs/llms.txt': docsIndex,
      '/docs/install': install,
    });
    assert.equal(check.status, 'pass', check.message);
    assert.equal(
      check.message,
      "llms.txt has an H1 and 1 link; 1 of the site's own resolve (/docs/llms.txt, as the home page advertises)",
    );
    assert.equal(check.evidence.url, `${site.url}/docs/llms.txt`);
  });

  it('reads one advertised by a <link rel="describedby"> in the markup', async () => {
    const check = await verdict({
      '/': htmlDoc('<title>Acme</title><link rel="describedby" href="/docs/llms.txt">'),
      '/docs/llms.txt': docsIndex,
      '/docs/install': install,
    });
    assert.equal(check.status, 'pass', check.message);
  });

  it('fails an advertised llms.txt that does not answer, even beside a root one', async () => {
    const check = await verdict({
      '/': linked('</docs/llms.txt>; rel="describedby"'),
      '/llms.txt': docsIndex,
      '/docs/install': install,
    });
    assert.equal(check.status, 'fail');
    assert.equal(check.message, '/docs/llms.txt, which the home page advertises as describedby, answers 404');
  });

  it("reads the audited path's own llms.txt, and falls back to the root's", async () => {
    const docs = { '/docs/': htmlDoc('<title>Docs</title>'), '/docs/llms.txt': docsIndex, '/docs/install': install };
    const scoped = await verdict(docs, '/docs/');
    assert.equal(scoped.status, 'pass', scoped.message);
    assert.match(scoped.message, /\(\/docs\/llms\.txt, the audited path's own\)$/);
    const root = await verdict({ '/docs/': htmlDoc('<title>Docs</title>') }, '/docs/');
    assert.equal(root.status, 'fail');
    assert.equal(root.message, '/llms.txt answers 404');
  });

  it('words it in German', async () => {
    const check = await verdict({ '/': linked('</docs/llms.txt>; rel="describedby"') }, '/', 'de');
    assert.equal(check.message, '/docs/llms.txt, die die Startseite als describedby angibt, antwortet mit 404');
  });
});
