// The extractability check on pages shaped like the real cases: a server-rendered company site, a
// client-rendered app shell, a theme that puts the logo in a second <h1>, an outline that jumps
// levels, and a page that is mostly inline data; the first same-site page linked is read too.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { extractability } from '../../src/audit/checks/extractability.ts';
import { checkOf, documentSite, htmlDoc, type DocumentSite } from './document-site.ts';
import { runCheck } from './run-check.ts';

const paragraph =
  'We plan and run demand generation for B2B technology companies: positioning, content that buyers read, paid media and the reporting that ties it to pipeline.';
const article = (heading: string, words = 4): string =>
  `<h1>${heading}</h1>${'<h2>What we do</h2><p>'.concat(Array(words).fill(paragraph).join(' '), '</p>')}`;
const page = (main: string, head = ''): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title>${head}</head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><main>${main}</main></body></html>`;
const appShell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title><script defer src="/static/js/main.4f3a.js"></script><link href="/static/css/main.css" rel="stylesheet"></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`;

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

async function verdictOn(home: string, about = page(article('About us'))) {
  site.docs = { '/': htmlDoc(home), '/about': htmlDoc(about) };
  return runCheck(extractability, `${site.url}/`);
}

describe('the extractability check', () => {
  it('passes a server-rendered home page and the first page it links to', async () => {
    const check = await verdictOn(page(article('Demand generation for B2B technology')));
    assert.equal(check.status, 'pass', check.message);
    assert.match(check.message, /^\/: \d+ words, \d+% text, one h1; \/about: \d+ words/);
  });

  it('fails an app shell whose content only script writes, naming what it saw', async () => {
    const check = await verdictOn(appShell);
    assert.equal(check.status, 'fail');
    assert.match(check.message, /^\/ shows 0 words without script: its content is written by script/);
    assert.match(check.fix ?? '', /server/);
  });

  it('fails a page with almost no text and no script without blaming script', async () => {
    const check = await verdictOn(page('<h1>Not found</h1><p>Nothing here.</p>'));
    assert.equal(check.status, 'fail');
    assert.equal(check.message, '/ shows 6 words without script, too little for an agent to read');
  });

  it('fails when the linked page is an app shell, though the home page reads', async () => {
    const check = await verdictOn(page(article('Demand generation')), appShell);
    assert.equal(check.status, 'fail');
    assert.match(check.message, /^\/about shows 0 words/);
  });

  it('warns on a second <h1> and on a heading that skips a level', async () => {
    const logoInH1 = page(`<h1><a href="/about">Studio</a></h1>${article('Demand generation')}`);
    assert.match((await verdictOn(logoInH1)).message, /2 h1 elements/);
    const jump = page(`<h1>Demand generation</h1><h2>Services</h2><h4>Paid media</h4><p>${paragraph.repeat(3)}</p>`);
    const check = await verdictOn(jump);
    assert.equal(check.status, 'warn');
    assert.match(check.message, /a heading skips a level \(h2 → h4\)/);
    assert.equal(check.evidence.value, 'a heading skips a level (h2 → h4)');
  });

  it('warns on a page that is mostly inline data, reading text the browser would show', async () => {
    const state = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { blob: 'x'.repeat(60_000) } })}</script>`;
    const check = await verdictOn(page(article('Demand generation'), state));
    assert.equal(check.status, 'warn');
    assert.match(check.message, /^\/: \d% of the markup is text/);
  });

  it('reads the home page alone when its first same-site link does not answer with a page', async () => {
    site.docs = { '/': htmlDoc(page(article('Demand generation'))) };
    const check = await runCheck(extractability, `${site.url}/`);
    assert.equal(check.status, 'pass', check.message);
    assert.doesNotMatch(check.message, /about/);
  });

  it('is in the report of a whole audit', async () => {
    site.docs = { '/': htmlDoc(appShell) };
    assert.equal(checkOf(await site.audit(), 'extractability').status, 'fail');
  });
});
