// What a user might write instead of the product's many sites: a textbook Fastify 5 app that keeps
// each host's pages in memory (SITES_PEER_COUNT hosts named as bench/lib/many-sites.ts names them,
// 20 pages each, every body SITES_PEER_PAGE_BYTES long and its own) and answers a page by Host, then
// path, with the page's headers. bench/sites.ts reads its CPU per page through one host and over
// every host beside the product's: the cost of reading a thousand sites' data in turn, where no
// product step adds to it.
import Fastify from 'fastify';
import { siteHost } from './lib/many-sites.ts';

interface Page {
  body: Buffer;
  etag: string;
  link: string;
}

const count = Number(process.env.SITES_PEER_COUNT ?? 1000);
const pageBytes = Number(process.env.SITES_PEER_PAGE_BYTES ?? 9000);
/** The page every generated site has (bench/sites.ts asks for it), beside 19 others. */
const pagePaths = ['/case-studies/wick-and-wax', ...Array.from({ length: 19 }, (_, i) => `/page-${i + 1}`)];

const sites = new Map<string, Map<string, Page>>();
for (let n = 1; n <= count; n += 1) {
  const host = siteHost(n);
  const pages = new Map<string, Page>();
  for (const [i, pagePath] of pagePaths.entries()) {
    const head = `<!doctype html><title>${host} ${pagePath}</title>`;
    pages.set(pagePath, {
      body: Buffer.from(head.padEnd(pageBytes, '.')),
      etag: `"${host}-${i}"`,
      link: `<http://${host}${pagePath}.md>; rel="alternate"; type="text/markdown", <http://${host}/llms.txt>; rel="describedby"`,
    });
  }
  sites.set(host, pages);
}

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const page = sites.get(request.headers.host ?? '')?.get(request.url);
  if (!page) return reply.code(404).send();
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .header('vary', 'Accept')
    .header('link', page.link)
    .header('etag', page.etag)
    .send(page.body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`fastify sites peer listening ${typeof address === 'object' && address ? address.port : 0}`);
