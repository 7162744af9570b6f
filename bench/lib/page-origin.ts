// The origin the front-mode benches put the product in front of: a node:http child process answering
// every request with a real template's home page (Modern Business's 16.7 KB index.html).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { nodeBinary, root } from './processes.ts';

const page = path.join(root, 'test/importer/fixtures/modern-business/index.html');

const originScript = `
const page = require('node:fs').readFileSync(process.argv[1]);
require('node:http').createServer((q, s) => s.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page))
  .listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;

export interface PageOrigin {
  child: ChildProcess;
  url: string;
}

export async function startPageOrigin(): Promise<PageOrigin> {
  const child = spawn(nodeBinary, ['-e', originScript, page], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) => child.once('message', (sent) => resolve(Number(sent))));
  return { child, url: `http://127.0.0.1:${port}` };
}
