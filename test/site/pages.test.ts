import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import { contactPolicy, generalPolicy, type RatePolicy } from '../../src/domain/rate-limit/rate-limit.ts';
import { bodyLimitBytes } from '../../src/http/error-reply.ts';
import { developerParts, developersMarkdown } from '../../src/surfaces/web/developers.ts';
import { prefersMarkdown } from '../../src/surfaces/web/negotiate.ts';
import { renderContactResult } from '../../src/surfaces/web/index.ts';
import { mcpMaxRequestBytes } from '../../src/http/request-limits.ts';
import { buildSiteApp, type SiteApp } from './site-app.ts';

let site: SiteApp;
before(async () => {
  site = await buildSiteApp();
});
after(async () => site.app.close());

const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

describe('HTML pages', () => {
  it('serves every content page and case study as HTML with a markdown alternate link', async () => {
    for (const page of site.content.pages) {
      const res = await get(page.path);
      assert.equal(res.statusCode, 200, page.path);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers.vary, 'Accept, Accept-Encoding');
      assert.equal(
        res.headers.link?.toString().split(', ')[0],
        `<https://verto.example/markdown/${page.slug}.md>; rel="alternate"; type="text/markdown"`,
      );
      assert.match(res.body, /<html lang="en">/);
    }
  });

  it('uses no asset from another origin and no scripts (JSON-LD data only)', async () => {
    const res = await get('/');
    assert.doesNotMatch(
      res.body,
      /<script(?! type="application\/ld\+json">)|<style|href="https?:[^"]*\.css|src="https?:/,
    );
    const csp = res.headers['content-security-policy']?.toString() ?? '';
    assert.match(csp, /default-src 'none'; style-src 'self';/);
    assert.doesNotMatch(csp, /unsafe-inline/, 'no inline style is allowed');
    assert.match(res.body, /Sample content/);
  });

  it('links one stylesheet of its own, named by its content and cached for a year', async () => {
    const paths = new Set<string>();
    for (const url of ['/', '/about', '/case-studies', '/no-such-page', '/search?q=pipeline']) {
      const links = [...(await get(url)).body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
      assert.equal(links.length, 1, url);
      paths.add(links[0]!);
    }
    assert.equal(paths.size, 1, 'every page links the same file');
    const [path] = [...paths];
    assert.match(path!, /^\/assets\/site-[0-9a-f]{16}\.css$/);
    const css = await get(path!);
    assert.equal(css.statusCode, 200);
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(css.headers['x-content-type-options'], 'nosniff');
    assert.match(css.body, /prefers-color-scheme:dark/);
    assert.equal((await get('/assets/site-0000000000000000.css')).statusCode, 404, 'an older name is not served');
  });

  it('lists all 49 case studies newest first across the index pages', async () => {
    const slugs: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const body = (await get(page === 1 ? '/case-studies' : `/case-studies?page=${page}`)).body;
      slugs.push(...[...body.matchAll(/<h2><a href="\/case-studies\/([a-z0-9-]+)">/g)].map((m) => m[1]!));
    }
    assert.deepEqual(
      slugs,
      site.content.caseStudies.map((cs) => cs.slug),
    );
  });

  it('renders a no-JavaScript contact form that posts to /api/contact', async () => {
    const body = (await get('/contact')).body;
    assert.match(body, /<form class="enquiry" method="post" action="\/api\/contact#errors"/);
    for (const name of ['fromName', 'fromEmail', 'organization', 'topic', 'message'])
      assert.match(body, new RegExp(`name="${name}"`));
  });

  it('offers a result page helper for the form handler that escapes what users typed', () => {
    const ok = renderContactResult(site, { kind: 'accepted', reference: 'enq_0123456789abcdef' });
    assert.match(ok, /enq_0123456789abcdef/);
    const bad = renderContactResult(site, {
      kind: 'invalid',
      errors: [{ field: 'fromEmail', message: 'must be an e-mail' }],
      values: { fromName: '<b>x</b>', fromEmail: 'nope' },
    });
    assert.match(bad, /aria-invalid="true"/);
    assert.match(bad, /&lt;b&gt;x&lt;\/b&gt;/);
    assert.doesNotMatch(bad, /<b>x<\/b>/);
    assert.match(renderContactResult(site, { kind: 'rate_limited', retryAfter: 90 }), /2 minute/);
  });

  it('serves the developer page with the MCP URL and every tool', async () => {
    // Code may wrap after separators (<wbr>), so the text is read without them.
    const body = (await get('/developers')).body.replaceAll('<wbr>', '');
    assert.match(body, /https:\/\/mcp\.verto\.example\/mcp/);
    for (const tool of ['service_get_site_index', 'service_why_verto', 'service_request_assessment'])
      assert.match(body, new RegExp(tool));
  });

  it('prints the limits on the developer page from the rate-limit policies and body bounds', async () => {
    const body = (await get('/developers')).body;
    const perWindow = (policy: RatePolicy): string[] =>
      policy.windows.map(
        (w) => `${w.limit} per ${({ 60: 'minute', 86400: 'day' } as Record<number, string>)[w.seconds]}`,
      );
    for (const figure of [...perWindow(contactPolicy), ...perWindow(generalPolicy)])
      assert.match(body, new RegExp(`\\b${figure}\\b`));
    assert.match(
      body,
      new RegExp(`${bodyLimitBytes / 1024} KiB on the REST API.*${mcpMaxRequestBytes / 1024} KiB on MCP`),
    );
  });

  it('follows a changed policy on the developer page instead of keeping a written figure', () => {
    const saved = contactPolicy.windows;
    contactPolicy.windows = [
      { name: 'contact-minute', limit: 7, seconds: 60 },
      { name: 'contact-hour', limit: 40, seconds: 3600 },
    ];
    try {
      assert.match(
        developersMarkdown(developerParts(site.config, site.content, site.catalog)),
        /\| 7 per minute and 40 per hour \|/,
      );
    } finally {
      contactPolicy.windows = saved;
    }
  });

  it('gives headings ids so documents can link to sections', async () => {
    const body = (await get('/developers')).body;
    for (const id of ['rest-api', 'mcp-server', 'authentication', 'limits', 'versioning'])
      assert.match(body, new RegExp(`<h2 id="${id}">`));
  });

  it('answers HEAD like GET without a body', async () => {
    for (const url of ['/', '/about', '/llms.txt', '/markdown/about.md']) {
      const res = await site.app.inject({ method: 'HEAD', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, '');
    }
  });

  it('searches pages and case studies', async () => {
    assert.match((await get('/search?q=attribution')).body, /href="\/services\/marketing-operations"/);
  });
});

describe('markdown negotiation', () => {
  it('serves markdown for Accept: text/markdown with Vary: Accept', async () => {
    const res = await get('/about', { accept: 'text/markdown' });
    assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.equal(res.headers.vary, 'Accept, Accept-Encoding');
    assert.match(res.body, /^# About Verto/);
  });

  it('honours q-values', async () => {
    const cases: [string, string][] = [
      ['text/html;q=0.5, text/markdown', 'text/markdown'],
      ['text/markdown;q=0.4, text/html;q=0.9', 'text/html'],
      ['text/markdown;q=0', 'text/html'],
      ['text/*;q=0.9, text/markdown', 'text/markdown'],
      ['text/markdown;q=0.8, */*;q=0.1', 'text/markdown'],
      ['*/*', 'text/html'],
      ['text/html, text/markdown', 'text/html'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    ];
    for (const [accept, expected] of cases) {
      const res = await get('/services', { accept });
      assert.ok(
        res.headers['content-type']?.toString().startsWith(expected),
        `${accept} → ${res.headers['content-type']}`,
      );
    }
    assert.equal(prefersMarkdown('text/x-markdown'), true);
    assert.equal(prefersMarkdown(undefined), false);
    assert.equal(prefersMarkdown('text/markdown;q=abc'), false);
  });

  it('serves the same markdown at /markdown/{slug}.md with absolute links', async () => {
    const mirror = await get('/markdown/case-studies/northwind-ledger.md');
    assert.equal(mirror.statusCode, 200);
    assert.equal(mirror.headers['content-type'], 'text/markdown; charset=utf-8');
    assert.match(mirror.body, /^# Northwind Ledger/);
    assert.match(mirror.body, /\]\(https:\/\/verto\.example\/services\/demand-generation\)/);
    assert.equal((await get('/case-studies/northwind-ledger', { accept: 'text/markdown' })).body, mirror.body);
    assert.equal((await get('/markdown/index.md')).body, (await get('/markdown/home.md')).body);
  });

  it('serves the same markdown beside each page, at <page>.md and <page>.html.md (llms.txt v2)', async () => {
    for (const page of [...site.content.pages.slice(0, 6), site.content.pageBySlug('case-studies/northwind-ledger')!]) {
      const mirror = (await get(`/markdown/${page.slug}.md`)).body;
      const base = page.path === '/' ? '/index' : page.path;
      for (const url of [`${base}.md`, `${base}.html.md`]) {
        const twin = await get(url);
        assert.equal(twin.statusCode, 200, url);
        assert.equal(twin.headers['content-type'], 'text/markdown; charset=utf-8', url);
        assert.equal(twin.body, mirror, url);
      }
    }
    assert.equal((await get('/services/index.html.md')).body, (await get('/markdown/services.md')).body);
    assert.match((await get('/developers.md')).body, /^# Developers\n/);
  });
});

describe('odd paths', () => {
  it('answers traversal, encoded slashes, odd slugs and unknown pages with an HTML 404', async () => {
    const paths = [
      '/../package.json',
      '/..%2fpackage.json',
      '/%2e%2e/content/site.yaml',
      '/markdown/../site.yaml',
      '/markdown/%2e%2e/site.yaml.md',
      '/markdown/..%2Fsite.md',
      '/markdown/pages/about.md',
      '/About',
      '/About.md',
      '/about.md.md',
      '/about.mdx',
      '/nope.md',
      '/index.php.md',
      '/services%2Fpaid-media',
      '/case-studies/nope',
      '/markdown/nope.md',
      '/markdown/site.yaml',
      '/content/site.yaml',
      '/%00',
      '/case-studies//northwind-ledger',
      '/__proto__',
      '/constructor',
    ];
    for (const path of paths) {
      const res = await get(path);
      assert.equal(res.statusCode, 404, path);
      assert.match(res.headers['content-type']?.toString() ?? '', /text\/html/, path);
      assert.doesNotMatch(res.body, /brandName|toolPrefix/, path);
    }
  });

  it('redirects a trailing slash on a real page', async () => {
    const res = await get('/about/');
    assert.equal(res.statusCode, 301);
    assert.equal(res.headers.location, '/about');
  });

  it('leaves unknown /agent and /.well-known paths to the app 404 handler', async () => {
    for (const path of ['/agent/nope', '/.well-known/nope', '/api/nope']) {
      const res = await get(path);
      assert.equal(res.statusCode, 404, path);
      assert.doesNotMatch(res.headers['content-type']?.toString() ?? '', /text\/html/, path);
    }
  });
});

describe('configuration', () => {
  it('builds every document from BASE_URL, MCP_URL and the sunset date', async () => {
    const other = await buildSiteApp({
      BASE_URL: 'https://agents.other.example',
      MCP_URL: 'https://tools.other.example/mcp',
      API_V1_SUNSET: '2099-01-01',
    });
    try {
      for (const path of [
        '/llms.txt',
        '/llms-full.txt',
        '/developers',
        '/auth.md',
        '/robots.txt',
        '/sitemap.xml',
        '/.well-known/api-catalog',
        '/.well-known/agent-card.json',
        '/.well-known/mcp/server-card.json',
        '/.well-known/ard.json',
      ]) {
        const body = (await other.app.inject({ url: path })).body;
        assert.doesNotMatch(body, /https:\/\/(mcp\.)?verto\.example/, path);
        assert.match(body, /(agents|tools)\.other\.example/, path);
      }
      for (const path of ['/llms.txt', '/developers'])
        assert.match((await other.app.inject({ url: path })).body, /Deprecation notice.*2099-01-01/s, path);
      assert.doesNotMatch((await get('/llms.txt')).body, /Deprecation notice/);
    } finally {
      await other.app.close();
    }
  });
});
