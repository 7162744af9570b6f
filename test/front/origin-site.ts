// The agency's existing site for the front-mode tests: a node:http server on 127.0.0.1 (port 0)
// with a few pages (each with an ETag of its text, and changeable while the test runs), a stylesheet
// and an image, a form endpoint that echoes what it received and sets cookies, its own robots.txt
// (and sitemap.xml, when given), and an /agent/health of its own that front mode must not reach.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';

export const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Kante Studio</title>
<meta property="og:site_name" content="Kante Studio"><link rel="stylesheet" href="/assets/style.css"></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/services/brand-platforms">Brand platforms</a>
<a href="/contact">Contact</a></nav><main><h1>${title}</h1>${body}</main>
<footer><a href="mailto:hello@kante.example">hello@kante.example</a></footer></body></html>`;

export const pages: Record<string, string> = {
  '/': page(
    'Kante Studio',
    '<p>Kante Studio builds websites for industrial makers.</p><img src="/img/logo.png" alt="">',
  ),
  '/about': page('About', '<p>We design trade fair stands for mechanical engineering firms since 2011.</p>'),
  '/services/brand-platforms': page('Brand platforms', '<p>Brand platforms for family-owned machine builders.</p>'),
  '/contact': page(
    'Contact',
    '<form method="post" action="/contact/send"><input name="name"><button>Send</button></form>',
  ),
};

/** Bytes no text encoding would leave alone: an asset must arrive exactly as the origin sent it. */
export const logoBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80, 0x7f]);
export const stylesheet = 'body { font-family: serif; }\n';

export interface OriginSite {
  url: string;
  /** This origin's pages by path: a test may change, add or remove one while it runs. */
  pages: Record<string, string>;
  /** What the origin answers at /sitemap.xml (404 while undefined); a test may change it. */
  sitemap?: string;
  /** Each request the origin saw: method, path, body, Cookie and X-Forwarded-For headers. */
  seen: { method: string; path: string; body: string; cookie?: string; forwardedFor?: string }[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startOrigin(sitemap?: string): Promise<OriginSite> {
  const seen: OriginSite['seen'] = [];
  const site = { pages: { ...pages }, sitemap };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const body = await readBody(request);
    const forwardedFor = request.headers['x-forwarded-for']?.toString();
    seen.push({ method: request.method ?? '', path, body, cookie: request.headers.cookie, forwardedFor });
    if (request.method === 'POST' && path === '/contact/send') {
      response.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'set-cookie': ['session=abc123; Path=/; HttpOnly', 'sneaky=1; Path=/agent'],
      });
      response.end(`received ${body} with cookie ${request.headers.cookie ?? 'none'}`);
    } else if (path === '/agent/health') {
      response.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'taken=1; Path=/' }).end('origin');
    } else if (path === '/robots.txt') {
      const sitemapLine = site.sitemap === undefined ? '' : `Sitemap: http://${request.headers.host}/sitemap.xml\n`;
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nDisallow: /private/\n${sitemapLine}`);
    } else if (path === '/sitemap.xml' && site.sitemap !== undefined) {
      response.writeHead(200, { 'content-type': 'application/xml' }).end(site.sitemap);
    } else if (path === '/assets/style.css') {
      response.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'public, max-age=86400' });
      response.end(stylesheet);
    } else if (path === '/img/logo.png') {
      response.writeHead(200, { 'content-type': 'image/png', etag: '"logo-1"' }).end(logoBytes);
    } else if (site.pages[path] !== undefined) {
      const text = site.pages[path];
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 16)}"`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(text);
    } else {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not here</h1>');
    }
  });
  return Object.assign(site, { url: await listenOnLoopback(server), seen, close: () => closeServer(server) });
}
