// No answer of the origin, however malformed, ends the process or touches another request: an origin
// on a raw TCP socket answers each request with one of many broken answers, picked by a seeded
// generator (the same run every time), while well-formed pages are asked for beside them.
import { strict as assert } from 'node:assert';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const seed = 0x5eed;
const rounds = 60;

/** mulberry32: a small seeded generator, so a failure names a round that replays. */
function generator(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const crlf = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;
const text = 'text/html; charset=utf-8';

/** Broken answers, each a function of a random source: raw bytes written to the product's socket. */
const brokenAnswers: ((random: () => number) => string | Buffer)[] = [
  (random) => Buffer.from(Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * 256))),
  () => crlf('HTTP/1.1 abc Nonsense', 'Content-Length: 2', '', 'ok'),
  (random) => crlf(`HTTP/1.1 ${[0, 99, 600, 999, 1000][Math.floor(random() * 5)]} Odd`, 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: upgrade', '', ''),
  () => crlf('HTTP/1.1 200 OK', 'Content-Length: 5', 'Content-Length: 7', '', 'hello'),
  () => crlf('HTTP/1.1 200 OK', 'Content-Length: 5', 'Transfer-Encoding: chunked', '', '5', 'hello', '0', ''),
  () => crlf('HTTP/1.1 200 OK', 'Transfer-Encoding: chunked', '', 'zz', 'hello'),
  () => crlf('HTTP/1.1 200 OK', `Content-Type: ${text}`, 'Content-Length: 1000', '', 'cut short'),
  () =>
    crlf(
      'HTTP/1.1 200 OK',
      'Set-Cookie: single=1; Path=/',
      'Trailer: X-Sum',
      'Transfer-Encoding: chunked',
      '',
      '2',
      'ok',
      '0',
      'X-Sum: 1',
      '',
    ),
  () => crlf('HTTP/1.1 200 OK', 'Bad Header Name: x', 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.1 200 OK', 'X-Folded: one', ' two', 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.1 200 OK', `X-Huge: ${'a'.repeat(70_000)}`, 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.1 200 OK', 'No colon here', 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.0 200 OK', `Content-Type: ${text}`, '', 'until the connection closes'),
  () => crlf('HTTP/1.1 204 No Content', 'Content-Length: 4', '', 'body'),
  () => crlf('HTTP/1.1 100 Continue', '', 'HTTP/1.1 200 OK', 'Content-Length: 2', '', 'ok'),
  () => crlf('HTTP/1.1 200 OK', 'Content-Length: 2', '', 'okHTTP/1.1 200 OK', 'Content-Length: 2', '', 'ok'),
  () =>
    crlf(
      'HTTP/1.1 200 OK',
      'Keep-Alive: timeout=-1, max=abc',
      'Connection: close, Set-Cookie',
      'Set-Cookie: a=1',
      'Content-Length: 2',
      '',
      'ok',
    ),
  () => crlf('HTTP/1.1 200 OK', 'Transfer-Encoding: gzip, chunked', '', '2', 'ok', '0', 'Bad Trailer Line', ''),
  () => crlf('HTTP/1.1 302 Found', 'Location: \x01\x02', 'Content-Length: 0', '', ''),
  () =>
    Buffer.concat([
      Buffer.from('HTTP/1.1 200 OK\r\nX-Bytes: '),
      Buffer.from([0x00, 0x7f, 0xff]),
      Buffer.from('\r\nContent-Length: 2\r\n\r\nok'),
    ]),
  () => '',
];

const goodPage = '<p>a well-formed page</p>';
let origin: net.Server;
let product: TestApp;

before(async () => {
  const random = generator(seed);
  origin = net.createServer((socket) => {
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!received.includes('\r\n\r\n')) return;
      const target = /^\S+ (\S+)/.exec(received)?.[1] ?? '/';
      received = '';
      if (target === '/good') {
        socket.write(
          crlf('HTTP/1.1 200 OK', `Content-Type: ${text}`, `Content-Length: ${goodPage.length}`, '', goodPage),
        );
        return;
      }
      const answer = brokenAnswers[Math.floor(random() * brokenAnswers.length)]!(random);
      socket.end(answer);
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const port = (origin.address() as net.AddressInfo).port;
  product = await startTestApp({ ORIGIN_URL: `http://127.0.0.1:${port}`, ORIGIN_TIMEOUT_MS: '1000' });
});
after(async () => {
  await product?.stop();
  await new Promise((resolve) => origin.close(resolve));
});

/** The status and body of a request, or "failed" when the answer broke off after its headers. */
async function outcome(path: string): Promise<string> {
  try {
    const response = await fetch(`${product.baseUrl}${path}`);
    return `${response.status} ${await response.text()}`;
  } catch {
    return 'failed';
  }
}

describe('front mode in front of an origin that answers malformed', () => {
  it(`survives ${rounds} broken answers (seed ${seed}), each beside well-formed requests that still succeed`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const [broken, good, health] = await Promise.all([
        outcome(`/broken/${round}`),
        outcome('/good'),
        outcome('/agent/health'),
      ]);
      assert.ok(/^(2|3|4|5)\d\d /.test(broken) || broken === 'failed', `round ${round}: ${broken.slice(0, 80)}`);
      assert.equal(good, `200 ${goodPage}`, `round ${round}`);
      assert.match(health, /^200 /, `round ${round}`);
    }
  });
});
