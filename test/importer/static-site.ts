// A local site for the import tests: a node:http server on 127.0.0.1 (port 0) serving a fixture
// folder's files (pages, stylesheets, scripts, images), plus routes a test adds or changes while it
// runs (a sitemap, a redirect loop, a page that is too big). Every request is counted, so a test can
// see what was read; a POST (a contact form sent) is kept with its body.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { closeServer, listenOnLoopback } from '../helpers/loopback-server.ts';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface StaticSite {
  url: string;
  routes: Map<string, Route>;
  requests: string[];
  /** Every User-Agent the site was asked with. */
  agents: Set<string>;
  /** Every POST the site received: its path, body and request headers. */
  posts: { path: string; body: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export const fixtures = path.join(import.meta.dirname, 'fixtures');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

/** Every file of the fixture folder that has a type above, by its address ("/css/style.css"). */
export async function fixtureFiles(folder: string): Promise<Map<string, Buffer>> {
  const dir = path.join(fixtures, folder);
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir, { recursive: true }))
    if (types[path.extname(name)])
      files.set(`/${name.split(path.sep).join('/')}`, await readFile(path.join(dir, name)));
  return files;
}

/** Serves `folder` (relative to fixtures/, or none) with `routes` taking precedence. */
export async function startSite(folder?: string, routes: Record<string, Route> = {}): Promise<StaticSite> {
  const files = folder ? await fixtureFiles(folder) : new Map<string, Buffer>();
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const posts: StaticSite['posts'] = [];
  const agents = new Set<string>();
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    agents.add(request.headers['user-agent'] ?? '');
    const route = table.get(pathname);
    if (route) return route(request, response);
    if (request.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      posts.push({ path: pathname, body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(303, { location: '/' }).end();
      return;
    }
    // A folder's address is its index.html, as a CMS serves /leistungen/; without the slash it redirects there.
    const name = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
    if (!files.has(name) && files.has(`${pathname}/index.html`)) {
      response.writeHead(301, { location: `${pathname}/` }).end();
      return;
    }
    const file = files.get(name);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(name)]! }).end(file);
  });
  return {
    url: `${await listenOnLoopback(server)}/`,
    routes: table,
    requests,
    agents,
    posts,
    close: () => closeServer(server),
  };
}

/** A route answering `body` with `type` (HTML unless said). */
export function answer(body: string | Buffer, type = 'text/html; charset=utf-8', status = 200): Route {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': type }).end(body);
  };
}

export function redirect(to: string, status = 302): Route {
  return (_request, response) => {
    response.writeHead(status, { location: to }).end();
  };
}

/** Runs the import in-process, collecting what it prints (and its progress lines, as on a terminal). */
export async function runImport(
  args: string[],
): Promise<{ code: number; out: string; err: string; progress: string[] }> {
  const { importCommand } = await import('../../src/importer/command.ts');
  const out: string[] = [];
  const err: string[] = [];
  const progress: string[] = [];
  const code = await importCommand(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: (line) => progress.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), progress };
}
