// What `agentsite import` does with what it cannot import: a bad URL or an origin that does not
// answer (exit 2), pages a sitemap lists that are missing, a redirect loop and a page too big to
// read (each listed as failed with why, exit 1).
import { strict as assert } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { answer, redirect, runImport, startSite } from './static-site.ts';

const parent = await mkdtemp(path.join(os.tmpdir(), 'agentsite-import-bad-'));
after(() => rm(parent, { recursive: true, force: true }));
const out = (name: string): string => path.join(parent, name);

const page = (title: string, body: string): string =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;

describe('agentsite import of bad input', () => {
  it('refuses what is not an http(s) URL with exit 2', async () => {
    for (const url of ['ftp://example.com/', 'not a url', 'mailto:hello@example.com', 'http://']) {
      const result = await runImport([url, '--out', out('x')]);
      assert.equal(result.code, 2, url);
      assert.match(result.err, /is not (?:an http or https URL|a URL)/, url);
    }
    assert.equal((await runImport(['https://example.com/'])).code, 2, 'no --out');
    assert.equal((await runImport(['https://example.com/', '--out', 'x', '--max-pages', '0'])).code, 2);
    assert.equal((await runImport([])).code, 2, 'no URL');
    const unknown = await runImport(['https://example.com/', '--out', 'x', '--depth', '3']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /unknown option --depth/);
  });

  it('stops with exit 2 when the origin does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runImport([`http://127.0.0.1:${port}/`, '--out', out('closed')]);
    assert.equal(result.code, 2);
    assert.match(result.err, /does not answer: could not connect \(ECONNREFUSED\)/);
  });

  it('stops with exit 2, saying why, when the origin is on a port fetch refuses', async () => {
    const result = await runImport(['http://127.0.0.1:6000/', '--out', out('refused-port')]);
    assert.equal(result.code, 2);
    assert.match(
      result.err,
      /"http:\/\/127\.0\.0\.1:6000\/" names port 6000, one fetch refuses \(the Fetch standard's blocked ports\)/,
    );
  });

  it('lists the pages a sitemap names that are missing, a redirect loop and pages over 5 MiB as failed', async () => {
    let streamed = 0;
    const site = await startSite(undefined, {
      '/': answer(page('Home', 'Welcome to a small studio that builds sites for people who sell things.')),
      '/loop-a': redirect('/loop-b'),
      '/loop-b': redirect('/loop-a'),
      '/declared-huge': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
        response.end(Buffer.alloc(10 * 1024 * 1024, 'a'));
      },
      // No Content-Length, 64 MB: the importer must stop reading, not load the whole body. (The
      // server's count includes what the loopback socket's buffers took, several MB at times.)
      '/streamed-huge': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'b');
        const more = (): void => {
          while (streamed < 64 * 1024 * 1024 && !response.destroyed) {
            streamed += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end();
        };
        more();
      },
    });
    const listed = ['/', '/gone-1', '/gone-2', '/loop-a', '/declared-huge', '/streamed-huge'];
    site.routes.set(
      '/sitemap.xml',
      answer(
        `<urlset>${listed.map((p) => `<url><loc>${new URL(p, site.url).href}</loc></url>`).join('')}</urlset>`,
        'application/xml',
      ),
    );
    try {
      const result = await runImport([site.url, '--out', out('broken')]);
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, /Failed \(5\):/);
      assert.match(result.out, /\/gone-1: HTTP 404/);
      assert.match(result.out, /\/gone-2: HTTP 404/);
      assert.match(result.out, /\/loop-a: redirect loop: \/loop-a → \/loop-b → \/loop-a/);
      assert.match(result.out, /\/declared-huge: skipped: larger than the 5 MiB read per page \(10 MiB declared\)/);
      assert.match(
        result.out,
        /\/streamed-huge: skipped: larger than the 5 MiB read per page \(stopped reading after 5(?:\.\d)? MiB\)/,
      );
      assert.ok(streamed < 32 * 1024 * 1024, `the server got to write ${streamed} bytes before the import let go`);
      assert.match(result.out, /Content check: OK/);
    } finally {
      await site.close();
    }
  });

  it('stops at --time-limit, listing what it did not read, with exit 1', async () => {
    const site = await startSite(undefined, {
      '/': answer(page('Home', 'A home page that links a page which never answers: <a href="/slow">slow</a>.')),
      '/slow': () => {},
    });
    try {
      const started = performance.now();
      // Three seconds: the home page must be read in time even on a busy machine.
      const result = await runImport([site.url, '--out', out('slow'), '--time-limit', '3']);
      assert.ok(performance.now() - started < 30_000);
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, /^Imported 1 pages of /);
      assert.match(result.out, /Stopped at the time limit \(3 s\): 1 addresses not read \(raise --time-limit\)/);
    } finally {
      await site.close();
    }
  });

  it('imports the site the start URL leads to (http to https, the bare domain to www), its page there the home page', async () => {
    const site = await startSite(undefined, {
      '/en/': answer(page('Welcome', 'The studio home page, in English, with <a href="/en/about">about us</a>.')),
      '/en/about': answer(page('About', 'Who we are: twelve people who write and design for software makers.')),
    });
    const bare = await startSite(undefined, { '/': redirect(`${site.url}en/`, 301) });
    try {
      const result = await runImport([bare.url, '--out', out('moved')]);
      assert.equal(result.code, 0, result.out);
      assert.ok(result.out.startsWith(`Imported 2 pages of ${site.url.slice(0, -1)} into`), result.out);
      assert.match(result.out, new RegExp(`\\(${bare.url} leads to ${site.url}en/\\)`));
      assert.match(result.out, /\/en\/ → pages\/home\.md/);
      assert.match(result.out, /\/en\/about → pages\/en\/about\.md/);
    } finally {
      await Promise.all([site.close(), bare.close()]);
    }
  });

  it('asks once more after the pause a 503 or 429 names, then lists the address as failed', async () => {
    let busy = 0;
    const site = await startSite(undefined, {
      '/': answer(
        page(
          'Home',
          'Links to a <a href="/busy">busy page</a> and a <a href="/always-busy">page that never has time</a>.',
        ),
      ),
      '/busy': (_request, response) => {
        if (busy++ === 0) response.writeHead(503, { 'retry-after': '1' }).end();
        else
          answer(page('Busy', 'A page that answered the second time, after the pause it asked for.'))(
            _request,
            response,
          );
      },
      '/always-busy': (_request, response) => {
        response.writeHead(429, { 'retry-after': '0' }).end();
      },
    });
    try {
      const result = await runImport([site.url, '--out', out('busy')]);
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, /\/busy → pages\/busy\.md/);
      assert.match(result.out, /Failed \(1\):\n {2}http:\/\/127\.0\.0\.1:\d+\/always-busy: HTTP 429/);
      assert.equal(site.requests.filter((request) => request === '/always-busy').length, 2);
    } finally {
      await site.close();
    }
  });

  it('reads no page when robots.txt answers with a server error (RFC 9309), with exit 1', async () => {
    const site = await startSite(undefined, {
      '/robots.txt': answer('busy', 'text/plain', 500),
      '/': answer(page('Home', 'A page that must not be read while robots.txt fails.')),
    });
    try {
      const result = await runImport([site.url, '--out', out('robots-down')]);
      assert.equal(result.code, 1);
      assert.match(
        result.err,
        /no page of .+ could be imported; nothing was written\n {2}http:\/\/127\.0\.0\.1:\d+\/: disallowed by robots\.txt/,
      );
      assert.deepEqual(site.requests, ['/robots.txt'], 'not even the start URL is requested');
    } finally {
      await site.close();
    }
  });

  it('follows redirects on the site and does not follow one off it', async () => {
    const site = await startSite(undefined, {
      '/': answer(
        page('Home', 'A studio home page with links to <a href="/old-about">about</a> and <a href="/away">away</a>.'),
      ),
      '/old-about': redirect('/about', 301),
      '/about': answer(page('About', 'Who we are: twelve people who write and design for software makers.')),
      '/away': redirect('https://example.com/'),
    });
    try {
      const result = await runImport([site.url, '--out', out('redirects')]);
      assert.equal(result.code, 1, result.out);
      assert.match(result.out, /\/old-about → pages\/about\.md/);
      assert.match(result.out, /\/away: redirects off the site, to https:\/\/example\.com\//);
    } finally {
      await site.close();
    }
  });
});
