// llms.txt v2 and ARD from the headers alone: every HTML page and every markdown twin links its
// twin (alternate, text/markdown), the llms.txt that covers it (describedby) and the ARD catalog
// (ard), and carries Content-Usage. Over real HTTP on the whole service, so the answers kept whole
// after a first request (prepared responses) are checked too, with compression, HEAD and 304.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let test: TestApp;
let base: string;
before(async () => {
  test = await startTestApp();
  base = test.app.services.config.baseUrl;
});
after(() => test.stop());

/** The Link header's targets by relation (RFC 8288: `<uri>; rel="a b"; type="…"`, comma-separated). */
function linksOf(res: Response): Map<string, { uri: string; type?: string }[]> {
  const byRel = new Map<string, { uri: string; type?: string }[]>();
  for (const [, uri, params] of (res.headers.get('link') ?? '').matchAll(/<([^>]*)>((?:\s*;\s*[a-z*]+="[^"]*")*)/g)) {
    const param = (name: string): string | undefined => new RegExp(`;\\s*${name}="([^"]*)"`).exec(params!)?.[1];
    const type = param('type');
    for (const rel of param('rel')?.split(/\s+/) ?? [])
      byRel.set(rel, [...(byRel.get(rel) ?? []), { uri: uri!, ...(type ? { type } : {}) }]);
  }
  return byRel;
}

function assertLinks(res: Response, twin: string, where: string): void {
  const links = linksOf(res);
  assert.deepEqual(links.get('alternate'), [{ uri: twin, type: 'text/markdown' }], `${where}: twin`);
  assert.deepEqual(
    links.get('describedby')?.map((link) => link.uri),
    [`${base}/llms.txt`],
    `${where}: llms.txt`,
  );
  assert.deepEqual(
    links.get('ard')?.map((link) => link.uri),
    [`${base}/.well-known/ard.json`],
    `${where}: ard`,
  );
  assert.equal(res.headers.get('content-usage'), 'train-ai=n, search=y', `${where}: Content-Usage`);
}

// [HTML page, its markdown twin]
const pages: [string, string][] = [
  ['/', '/markdown/home.md'],
  ['/about', '/markdown/about.md'],
  ['/case-studies', '/markdown/case-studies.md'],
  ['/developers', '/markdown/developers.md'],
  ['/search?q=pipeline', '/markdown/search.md?q=pipeline'],
];

describe('Link and Content-Usage headers of pages and twins', () => {
  it('are on every HTML page, first and repeat requests, compressed or not, and on HEAD', async () => {
    for (const [path, twin] of pages) {
      for (const encoding of ['identity', 'br', 'gzip', 'br']) {
        const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
        assert.equal(res.status, 200);
        assertLinks(res, `${base}${twin}`, `${path} ${encoding}`);
      }
      assertLinks(await fetch(`${base}${path}`, { method: 'HEAD' }), `${base}${twin}`, `HEAD ${path}`);
    }
  });

  it('are on every markdown twin, at its own URL and by Accept, with the HTML page as canonical', async () => {
    for (const [path, twin] of pages) {
      for (const [url, accept] of [
        [twin, '*/*'],
        [path, 'text/markdown'],
        [twin, '*/*'],
      ] as const) {
        const res = await fetch(`${base}${url}`, { headers: { accept } });
        assert.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8', url);
        assertLinks(res, `${base}${twin}`, `${url} as markdown`);
        assert.equal(linksOf(res).get('canonical')?.[0]?.uri, `${base}${path.replace(/\?.*$/, '')}`, url);
      }
    }
  });

  it('are kept on a 304', async () => {
    const first = await fetch(`${base}/about`);
    const again = await fetch(`${base}/about`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
    assertLinks(again, `${base}/markdown/about.md`, '304');
  });

  it('are said in the HTML head too, for the twin and the covering llms.txt', async () => {
    for (const [path, twin] of pages) {
      const html = await (await fetch(`${base}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>')).replace(/&amp;/g, '&');
      assert.ok(head.includes(`<link rel="alternate" type="text/markdown" href="${base}${twin}">`), path);
      assert.ok(head.includes(`<link rel="describedby" href="${base}/llms.txt">`), path);
    }
  });

  it('go with Content-Usage on the documents, the OpenAPI contract and the MCP server card', async () => {
    for (const url of [
      `${base}/llms.txt`,
      `${base}/robots.txt`,
      `${base}/.well-known/ard.json`,
      `${base}/agent/openapi.json`,
      `${test.mcpUrl}/server-card`,
    ]) {
      for (let i = 0; i < 2; i += 1)
        assert.equal((await fetch(url)).headers.get('content-usage'), 'train-ai=n, search=y', url);
    }
  });
});
