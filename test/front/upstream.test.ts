// The exchange with the origin on its own, against a real origin on a socket: its bounded queue
// (refused at once when full, a 504 reason past the wait deadline), the total deadline on a body that
// never ends, and the connection it frees for the next request.
import { strict as assert } from 'node:assert';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  OriginFailure,
  originUpstream,
  type Upstream,
  type UpstreamSettings,
} from '../../src/surfaces/front/upstream.ts';
import type { ClientPresence } from '../../src/surfaces/front/client-presence.ts';
import { defaultPage, type ScriptedOrigin, startScriptedOrigin } from './scripted-origin.ts';

let origin: ScriptedOrigin;
const held: ServerResponse[] = [];
const upstreams: Upstream[] = [];

before(async () => {
  origin = await startScriptedOrigin();
  origin.on('/held', (_request, response) => void held.push(response));
  origin.on('/dribble', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => response.write('.'), 20);
    response.on('close', () => clearInterval(timer));
  });
  // Half a page with the headers, the rest a moment later: a body still arriving.
  origin.on('/late', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).write('<p>first half</p>');
    setTimeout(() => response.end('<p>second half</p>'), 50);
  });
  origin.on('/long', (_request, response) => void response.writeHead(200).end(Buffer.alloc(300 * 1024, 'x')));
});
after(async () => {
  for (const response of held) response.end();
  for (const upstream of upstreams) await upstream.close();
  await origin?.close();
});

function upstream(overrides: Partial<UpstreamSettings>): Upstream {
  const made = originUpstream({
    originUrl: origin.url,
    timeoutMs: 2_000,
    totalTimeoutMs: 60_000,
    connections: 1,
    queue: 1,
    responseBodyBytes: 1024 * 1024,
    extraCa: [],
    ...overrides,
  });
  upstreams.push(made);
  return made;
}

/** A client that leaves when the test says, told to whoever listens (as a closed response would be). */
class LeavingClient implements ClientPresence {
  gone = false;
  readonly #listeners = new Set<() => void>();
  onGone(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  leave(): void {
    this.gone = true;
    for (const listener of this.#listeners) listener();
  }
}

const get = (target: string) => ({ method: 'GET', target, headers: {} });
const text = async (body: AsyncIterable<Buffer>): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
};
const failureKind = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof OriginFailure, String(error));
  return error.kind;
};
/** `promise`, or a rejection if it is still pending after a second: what follows a leaving client is prompt. */
const soon = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('still pending after 1 s')), 1_000).unref(),
    ),
  ]);
const seenHeld = async (count: number): Promise<void> => {
  for (let turn = 0; turn < 500 && held.length < count; turn += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(held.length, count);
};

describe('the exchange with the origin', () => {
  it('refuses at once past its queue, and serves the waiting request when the connection frees', async () => {
    const bounded = upstream({ connections: 1, queue: 1 });
    const first = bounded.exchange(get('/held'));
    await seenHeld(1);
    const second = bounded.exchange(get('/page'));
    assert.deepEqual(bounded.load(), { active: 1, waiting: 1 });
    assert.equal(await failureKind(bounded.exchange(get('/page'))), 'busy');
    held.at(-1)?.writeHead(200).end('done');
    const answer = await first;
    assert.equal(answer.status, 200);
    answer.body.resume();
    const waited = await second;
    assert.equal(waited.status, 200);
    waited.body.resume();
  });

  it('gives up a wait for a connection past ORIGIN_TIMEOUT_MS as too slow', async () => {
    const bounded = upstream({ connections: 1, queue: 4, timeoutMs: 200 });
    const first = bounded.exchange(get('/held'));
    const waiting = bounded.exchange(get('/page'));
    assert.equal(await failureKind(waiting), 'slow');
    assert.equal(await failureKind(first), 'slow', 'the held request outlived its headers deadline');
    assert.deepEqual(bounded.load(), { active: 0, waiting: 0 });
  });

  it('cuts off a body that never ends at ORIGIN_TOTAL_TIMEOUT_MS and frees the connection', async () => {
    const bounded = upstream({ totalTimeoutMs: 300 });
    const answer = await bounded.exchange(get('/dribble'));
    await assert.rejects(async () => {
      for await (const _chunk of answer.body);
    });
    assert.deepEqual(bounded.load(), { active: 0, waiting: 0 });
    const next = await bounded.exchange(get('/page'));
    assert.equal(next.status, 200);
    next.body.resume();
  });

  it('gives up the wait of a queued request at once when its client goes away', async () => {
    const bounded = upstream({ timeoutMs: 30_000 });
    const first = bounded.exchange(get('/held'));
    await seenHeld(held.length + 1);
    const client = new LeavingClient();
    const queued = bounded.exchange({ ...get('/page'), client });
    assert.deepEqual(bounded.load(), { active: 1, waiting: 1 });
    client.leave();
    assert.equal(await failureKind(soon(queued)), 'gone');
    assert.deepEqual(bounded.load(), { active: 1, waiting: 0 });
    held.at(-1)?.end();
    (await first).body.resume();
  });

  it('frees the connection of a request at once when its client goes away', async () => {
    const bounded = upstream({ timeoutMs: 30_000 });
    const client = new LeavingClient();
    const pending = bounded.exchange({ ...get('/held'), client });
    await seenHeld(held.length + 1);
    client.leave();
    assert.equal(await failureKind(soon(pending)), 'gone');
    assert.deepEqual(bounded.load(), { active: 0, waiting: 0 });
  });

  it('passes a page that arrived with its headers as its whole bytes, its connection free at once', async () => {
    const answer = await upstream({}).exchange(get('/page'));
    assert.equal(answer.bytes?.toString(), defaultPage);
    assert.equal(await text(answer.body), defaultPage, 'and as a stream, for whoever reads one');
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
  });

  it('streams a body still arriving after its headers, every byte in order', async () => {
    const bounded = upstream({});
    const answer = await bounded.exchange(get('/late'));
    assert.equal(answer.bytes, undefined);
    assert.equal(await text(answer.body), '<p>first half</p><p>second half</p>');
    assert.deepEqual(bounded.load(), { active: 0, waiting: 0 });
  });

  it('streams a body longer than it takes whole', async () => {
    const answer = await upstream({}).exchange(get('/long'));
    assert.equal(answer.bytes, undefined);
    assert.equal((await text(answer.body)).length, 300 * 1024);
  });

  it('reads no body for HEAD', async () => {
    const answer = await upstream({}).exchange({ ...get('/page'), method: 'HEAD' });
    assert.equal(answer.status, 200);
    assert.equal(answer.bytes, undefined);
    answer.body.resume();
  });
});
