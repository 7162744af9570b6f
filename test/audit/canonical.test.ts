// The canonical check on home pages shaped like the real cases: a canonical link in the head, one
// in a Link header (as CDNs add), a bare domain naming its www host, a syndicated copy naming
// another site, a staging site left noindex, and a noindex aimed at one crawler.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { canonical } from '../../src/audit/checks/canonical.ts';
import { parseAllowList, publicPolicy } from '../../src/audit/fetch/address-policy.ts';
import type { CheckResult } from '../../src/audit/report.ts';
import { documentSite, htmlDoc, type DocumentSite } from './document-site.ts';
import { runCheck } from './run-check.ts';

const home = (head: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Studio</title>${head}</head><body><h1>Studio</h1></body></html>`;

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

async function verdictOn(head: string, headers: Record<string, string> = {}): Promise<CheckResult> {
  site.docs = { '/': { ...htmlDoc(home(head)), headers } };
  return runCheck(canonical, `${site.url}/`);
}

describe('the canonical check', () => {
  it('passes a home page naming its own URL, in its markup or a Link header', async () => {
    const inMarkup = await verdictOn(`<link rel="canonical" href="${site.url}/">`);
    assert.equal(inMarkup.status, 'pass', inMarkup.message);
    assert.equal(inMarkup.evidence.value, `${site.url}/`);
    const inHeader = await verdictOn('', { link: `<${site.url}/>; rel="canonical"` });
    assert.equal(inHeader.status, 'pass', inHeader.message);
    assert.equal((await verdictOn('<link rel="canonical" href="/">')).status, 'pass', 'a relative href');
  });

  it('takes the www host and https of the same domain as the same site, and any host of a site reached at its address', async () => {
    const check = await runCheckUnder(`<link rel="canonical" href="https://www.localhost:${site.port}/">`);
    assert.equal(check.status, 'pass', check.message);
    // Reached at its IP address, a site's canonical host name is its name, not another site.
    const byAddress = await verdictOn('<link rel="canonical" href="https://studio.example/">');
    assert.equal(byAddress.status, 'pass', byAddress.message);
  });

  it('fails a home page that names no canonical URL, or one that is not http(s)', async () => {
    const check = await verdictOn('');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'the home page names no canonical URL');
    const script = await verdictOn('<link rel="canonical" href="javascript:alert(1)">');
    assert.equal(script.status, 'fail');
    assert.equal(script.message, 'the canonical URL is not an http(s) URL');
  });

  it('warns on a canonical URL on another site, and on markup and header that disagree', async () => {
    const offSite = await runCheckUnder('<link rel="canonical" href="https://publisher.example/studio">');
    assert.equal(offSite.status, 'warn');
    assert.match(offSite.message, /another site \(publisher\.example\)/);
    const split = await verdictOn(`<link rel="canonical" href="${site.url}/">`, {
      link: `<${site.url}/en/>; rel="canonical"`,
    });
    assert.equal(split.status, 'warn');
    assert.match(split.message, /different canonical URLs/);
    const unreadableHeader = await verdictOn(`<link rel="canonical" href="${site.url}/">`, {
      link: '<http://[::1>; rel="canonical"',
    });
    assert.equal(unreadableHeader.status, 'pass', 'the markup decides when the header does not parse');
  });

  it('fails a home page marked noindex by its robots meta tag or its X-Robots-Tag header', async () => {
    const canonicalLink = `<link rel="canonical" href="${site.url}/">`;
    const meta = await verdictOn(`${canonicalLink}<meta name="robots" content="noindex, nofollow">`);
    assert.equal(meta.status, 'fail');
    assert.match(meta.message, /marked noindex in its robots meta tag/);
    const header = await verdictOn(canonicalLink, { 'x-robots-tag': 'none' });
    assert.equal(header.status, 'fail');
    assert.match(header.message, /marked none in its X-Robots-Tag header/);
  });

  it('warns on a noindex aimed at one crawler, and ignores directives that only look like one', async () => {
    const canonicalLink = `<link rel="canonical" href="${site.url}/">`;
    const header = await verdictOn(canonicalLink, { 'x-robots-tag': 'gptbot: noindex' });
    assert.equal(header.status, 'warn');
    assert.match(header.message, /noindex for gptbot in its X-Robots-Tag header/);
    const meta = await verdictOn(`${canonicalLink}<meta name="googlebot" content="noindex">`);
    assert.equal(meta.status, 'warn');
    assert.match(meta.message, /for googlebot/);
    const harmless = await verdictOn(canonicalLink, { 'x-robots-tag': 'max-snippet: -1, noarchive' });
    assert.equal(harmless.status, 'pass', harmless.message);
  });
});

/**
 * The check on the site reached as `localhost`, a host name: an audit of an IP address takes any
 * canonical host as the site's name, so the off-site and www cases need a name.
 */
async function runCheckUnder(head: string): Promise<CheckResult> {
  site.docs = { '/': htmlDoc(home(head)) };
  return runCheck(
    canonical,
    `http://localhost:${site.port}/`,
    publicPolicy(parseAllowList(['127.0.0.0/8', '::1', 'localhost'])),
  );
}
