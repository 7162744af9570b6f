// What robots.txt lets each group of AI crawlers read (the crawler-access check), and the
// robots-ai-rules verdict on a site whose `User-agent: *` group lets every crawler in.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { checkOf, documentSite, htmlDoc, type DocumentSite } from './document-site.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const home = htmlDoc('<title>x</title>');
const withRobots = (body: string, status = 200) => ({
  '/': home,
  '/robots.txt': { type: 'text/plain', body, status },
});
const allIn = 'agents acting for a user: may read; AI search crawlers: may read; AI training crawlers: may read';

describe('the crawler-access check', () => {
  it('passes a site that shuts out only training crawlers, one line per group', async () => {
    site.docs = withRobots('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    const check = checkOf(await site.audit(), 'crawler-access');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(
      check.message,
      'agents acting for a user: may read; AI search crawlers: may read; AI training crawlers: GPTBot, CCBot shut out',
    );
  });

  it('warns when agents acting for a user are shut out by name', async () => {
    site.docs = withRobots('User-agent: ChatGPT-User\nUser-agent: Claude-User\nDisallow: /\n');
    const check = checkOf(await site.audit(), 'crawler-access');
    assert.equal(check.status, 'warn');
    assert.match(
      check.message,
      /^agents acting for a user: ChatGPT-User, Claude-User shut out; AI search crawlers: may read/,
    );
  });

  it('fails a site that shuts out every agent', async () => {
    site.docs = withRobots('User-agent: *\nDisallow: /\n');
    const check = checkOf(await site.audit(), 'crawler-access');
    assert.equal(check.status, 'fail');
    assert.match(check.message, /^every AI agent is shut out: agents acting for a user: shut out \(ChatGPT-User, /);
  });

  it('fails a robots.txt that answers a server error, which RFC 9309 reads as disallowing everything', async () => {
    site.docs = withRobots('busy', 503);
    const check = checkOf(await site.audit(), 'crawler-access');
    assert.equal(check.status, 'fail');
    assert.equal(check.message, 'robots.txt answers 503, which shuts out every crawler');
  });

  it('passes a site without robots.txt: every crawler may read it', async () => {
    site.docs = { '/': home };
    const check = checkOf(await site.audit(), 'crawler-access');
    assert.equal(check.status, 'pass');
    assert.equal(check.message, allIn);
  });
});

describe('the robots-ai-rules check', () => {
  it('passes a User-agent: * group that lets every crawler in beside a Content-Signal line', async () => {
    site.docs = withRobots('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nAllow: /\n');
    const report = await site.audit();
    const check = checkOf(report, 'robots-ai-rules');
    assert.equal(check.status, 'pass', check.message);
    assert.equal(
      check.message,
      "robots.txt's User-agent: * group lets every AI crawler in, and a Content-Signal line states the terms",
    );
    assert.equal(checkOf(report, 'content-signals').status, 'pass');
  });

  it('still fails a User-agent: * group without a Content-Signal', async () => {
    site.docs = withRobots('User-agent: *\nAllow: /\n');
    assert.equal(checkOf(await site.audit(), 'robots-ai-rules').status, 'fail');
  });
});
