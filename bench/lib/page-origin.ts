// The origin the front-mode benches put the product in front of: a node:http child process answering
// every request with a real template's home page (Modern Business's 16.7 KB index.html); at /cached
// the same page marked for shared caches (public, max-age=600), as a CMS marks a page it can share.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { nodeBinary, root } from './processes.ts';

/** The page every origin of the front benches answers. */
export const pagePath = path.join(root, 'test/importer/fixtures/modern-business/index.html');

const originScript = `
const page = require('node:fs').readFileSync(process.argv[1]);
const html = { 'content-type': 'text/html; charset=utf-8' };
const shared = { ...html, 'cache-control': 'public, max-age=600', etag: '"modern-business"' };
require('node:http').createServer((q, s) => s.writeHead(200, q.url === '/cached' ? shared : html).end(page))
  .listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;

export interface PageOrigin {
  child: ChildProcess;
  url: string;
}

export async function startPageOrigin(): Promise<PageOrigin> {
  const child = spawn(nodeBinary, ['-e', originScript, pagePath], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (sent) => resolve(Number(sent))));
  return { child, url: `http://127.0.0.1:${port}` };
}
