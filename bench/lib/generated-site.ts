// The site the import bench reads: an agency site of as many pages as its argument says (500) (a home page, an about
// and a contact page, 10 services, 40 case studies and the rest blog posts), each a page of about
// 12 KB as a CMS renders it (head, navigation, a main text of headings, paragraphs and a list, a
// footer), listed in /sitemap.xml. Run as a child process, so the import's memory is its own:
// prints "listening <port>".
import { createServer } from 'node:http';

const total = Number(process.argv[2] ?? 500);
const services = 10;
const work = 40;

function address(n: number): string {
  if (n === 0) return '/';
  if (n === 1) return '/about';
  if (n === 2) return '/contact';
  if (n < 3 + services) return `/services/service-${n - 2}`;
  if (n < 3 + services + work) return `/work/client-${n - 2 - services}`;
  return `/blog/post-${n - 2 - services - work}`;
}

const words = 'agency strategy software buyers pipeline content search answers engineering teams launch measured'.split(
  ' ',
);
const sentence = (n: number, i: number): string =>
  Array.from({ length: 18 }, (_, k) => words[(n * 7 + i * 3 + k) % words.length]).join(' ');

function page(n: number): string {
  const title = n === 0 ? 'Northwind Digital' : address(n).split('/').at(-1)!.replace(/-/g, ' ');
  const nav = ['/', '/about', '/services/service-1', '/work/client-1', '/blog/post-1', '/contact']
    .map((href) => `<li class="nav-item"><a class="nav-link" href="${href}">${href}</a></li>`)
    .join('');
  const sections = Array.from(
    { length: 6 },
    (_, s) =>
      `<section class="py-4"><h2>${title} part ${s + 1}</h2>${Array.from({ length: 3 }, (_, p) => `<p class="lead text-muted">${sentence(n, s * 3 + p)}.</p>`).join('')}<ul>${Array.from({ length: 4 }, (_, li) => `<li>${sentence(n, li)}</li>`).join('')}</ul></section>`,
  ).join('');
  const links = [1, 2, 3].map((k) => `<a href="${address((n + k) % total)}">Next ${k}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Northwind Digital</title>
<meta name="description" content="${sentence(n, 99)}."><link rel="stylesheet" href="/css/styles.css"></head>
<body><nav class="navbar"><ul class="navbar-nav">${nav}</ul></nav><main><h1>${title}</h1>${sections}<p>${links}</p></main>
<footer><p>Northwind Digital, <a href="mailto:hello@northwind.example">hello@northwind.example</a>, <a href="tel:+4930123456">+49 30 123456</a></p></footer></body></html>`;
}

const byAddress = new Map(Array.from({ length: total }, (_, n) => [address(n), n]));
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/sitemap.xml') {
    const base = `http://${request.headers.host}`;
    const urls = [...byAddress.keys()].map((a) => `<url><loc>${base}${a}</loc></url>`).join('');
    response.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset>${urls}</urlset>`);
    return;
  }
  const n = byAddress.get(path);
  if (n === undefined) {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(n));
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
