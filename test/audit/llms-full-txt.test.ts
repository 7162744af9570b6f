// The llms-full.txt check on sites shaped like the real cases: a documentation site whose file runs
// to megabytes (served by a server that honours Range, as static hosts do), a site without one, a
// single-page app answering every path with its page, and files served wrong or empty.
import { strict as assert } from 'node:assert';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { llmsFullPrefixBytes, llmsFullTxt } from '../../src/audit/checks/llms-full-txt.ts';
import { auditLimits } from '../../src/audit/fetch/limits.ts';
import { recordingServer, type RecordingServer } from '../domain/audit/recording-server.ts';
import { runCheck } from './run-check.ts';

interface Served {
  status?: number;
  type: string;
  body: Buffer;
  /** Answer a Range request with 206 and the slice, as static hosts and CDNs do. */
  ranges?: boolean;
}

let served: Served;
/** Whether the file goes out gzipped whole for this Accept-Encoding, as a server without Range support but with compression sends it. */
let compressing: (encodings: string | undefined) => boolean = () => false;
let sent = 0;
let site: RecordingServer;
before(async () => {
  site = await recordingServer((request, response) => {
    if (request.url !== '/llms-full.txt') return void response.writeHead(404).end();
    answer(request, response, served);
  });
});
after(async () => site?.close());

function answer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  { status = 200, type, body, ranges }: Served,
): void {
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (ranges && range && status === 200) {
    const start = Number(range[1]);
    if (start >= body.length) return void response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    const slice = body.subarray(start, Number(range[2]) + 1);
    sent += slice.length;
    response
      .writeHead(206, {
        'content-type': type,
        'content-range': `bytes ${start}-${start + slice.length - 1}/${body.length}`,
      })
      .end(slice);
    return;
  }
  if (compressing(request.headers['accept-encoding'])) {
    const packed = gzipSync(body);
    sent += packed.length;
    return void response
      .writeHead(status, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': packed.length })
      .end(packed);
  }
  sent += body.length;
  response.writeHead(status, { 'content-type': type, 'content-length': body.length }).end(body);
}

async function verdictOn(file: Served) {
  served = file;
  sent = 0;
  return runCheck(llmsFullTxt, `${site.url}/`);
}

const markdown = (size: number): Buffer => {
  const section =
    '# Studio\n\n> Demand generation for B2B technology.\n\n## Services\n\nPositioning, content, paid media.\n\n';
  return Buffer.from(section.repeat(Math.ceil(size / section.length)).slice(0, size));
};

describe('the llms-full.txt check', () => {
  it('passes a file of megabytes, reading only its first slice and naming its whole size', async () => {
    const size = auditLimits.maxResponseBytes + 1024 * 1024;
    const check = await verdictOn({ type: 'text/markdown; charset=utf-8', body: markdown(size), ranges: true });
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, `/llms-full.txt is text/markdown, ${size} bytes, beginning "# Studio"`);
    assert.equal(sent, llmsFullPrefixBytes, 'the server sent one slice');
    assert.equal(site.requests.at(-1)?.range, `bytes=0-${llmsFullPrefixBytes - 1}`);
  });

  it('passes a small file from a server that ignores Range', async () => {
    const check = await verdictOn({ type: 'text/plain', body: markdown(4000) });
    assert.equal(check.status, 'pass', check.message);
    assert.match(check.message, /text\/plain, 4000 bytes/);
  });

  it('passes a file of megabytes from a server that ignores Range, read compressed', async () => {
    const body = markdown(auditLimits.maxResponseBytes + 1024 * 1024);
    const asked: (string | undefined)[] = [];
    served = { type: 'text/plain', body };
    compressing = (encodings) => {
      asked.push(encodings);
      return !encodings?.includes('identity');
    };
    try {
      const check = await runCheck(llmsFullTxt, `${site.url}/`);
      assert.equal(check.status, 'pass', check.message);
      assert.equal(check.message, '/llms-full.txt is text/plain, beginning "# Studio"');
      assert.equal(asked.length, 2, `unencoded first, then compressed: ${JSON.stringify(asked)}`);
      assert.equal(asked[0], 'identity');
    } finally {
      compressing = () => false;
    }
  });

  it('skips a site without the file, and a site answering every path with its app page', async () => {
    const absent = await verdictOn({ status: 404, type: 'text/html', body: Buffer.from('<h1>Not found</h1>') });
    assert.equal(absent.status, 'skip');
    assert.match(absent.message, /optional/);
    const app = await verdictOn({ type: 'text/html', body: Buffer.from('<!doctype html><div id="root"></div>') });
    assert.equal(app.status, 'skip');
    assert.match(app.message, /HTML page, not the file/);
  });

  it('fails a file that is empty, served as something other than text, an HTML page, or an error', async () => {
    const cases: [Served, RegExp][] = [
      [{ type: 'text/plain', body: Buffer.alloc(0), ranges: true }, /is empty/],
      [{ type: 'text/plain', body: Buffer.from('\uFEFF  \n\n') }, /is empty/],
      [{ type: 'application/octet-stream', body: markdown(100) }, /served as application\/octet-stream/],
      [
        { type: 'text/plain', body: Buffer.from('<!DOCTYPE html><html><body>Docs</body></html>') },
        /HTML page served as text/,
      ],
      [{ status: 500, type: 'text/plain', body: Buffer.from('upstream error') }, /answers 500/],
    ];
    for (const [file, message] of cases) {
      const check = await verdictOn(file);
      assert.equal(check.status, 'fail', String(message));
      assert.match(check.message, message);
      assert.match(check.fix ?? '', /text\/markdown or text\/plain/);
    }
  });
});
