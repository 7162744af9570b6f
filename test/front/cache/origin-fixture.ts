// The front's HTTP cache against a real origin over loopback, for the tests of what it stores and of
// how it revalidates and serves: each origin path answers with the headers its test needs (`routes`),
// `Age` makes an answer old without waiting for the clock, and `front.down` makes the origin fail.
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { Readable } from 'node:stream';
import { after, before, beforeEach } from 'node:test';
import { request as undiciRequest } from 'undici';
import type { CachedAnswer, OriginRequest } from '../../../src/surfaces/front/cache/answers.ts';
import { OriginCache } from '../../../src/surfaces/front/cache/origin-cache.ts';
import { OriginStore } from '../../../src/surfaces/front/cache/origin-store.ts';
import { closeServer, listenOnLoopback } from '../../helpers/loopback-server.ts';

interface Route {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body?: string;
}

/** What each origin path answers, by the request's headers; cleared before each test. */
export const routes = new Map<string, (headers: IncomingHttpHeaders) => Route>();
/** Every request the origin received in the current test. */
export const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
/** The cache under test (a fresh one of 1 MiB for each test) and whether the origin is down. */
export const front = { cache: new OriginCache(new OriginStore(1024 * 1024)), down: false };

const origin = createServer((request, response) => {
  seen.push({ url: request.url ?? '', headers: request.headers });
  const route = routes.get((request.url ?? '').split('?')[0] ?? '');
  if (!route) return void response.writeHead(404).end();
  const { status = 200, headers, body = '' } = route(request.headers);
  response.writeHead(status, headers).end(request.method === 'HEAD' ? undefined : body);
});
let base = '';

/** Starts the origin for the file's tests, and gives each test a fresh cache and a clean origin. */
export function useOrigin(): void {
  before(async () => {
    base = await listenOnLoopback(origin);
  });
  after(() => closeServer(origin));
  beforeEach(() => {
    routes.clear();
    seen.length = 0;
    front.down = false;
    front.cache = new OriginCache(new OriginStore(1024 * 1024));
  });
}

/** The cache's answer to a request for `url`, asking the origin when it must. */
export async function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  site?: string,
): Promise<CachedAnswer> {
  const request: OriginRequest = { method, target: url, headers: { host: 'origin.test', ...headers }, site };
  return front.cache.answer(request, async (asked) => {
    if (front.down) throw new Error('connect ECONNREFUSED');
    const answer = await undiciRequest(`${base}${url}`, { method, headers: asked as Record<string, string> });
    return { status: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body: answer.body };
  });
}

export async function text(answer: CachedAnswer): Promise<string> {
  if (answer.body === undefined) return '';
  if (Buffer.isBuffer(answer.body)) return answer.body.toString();
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** How many times the origin was asked for `path` (any query) in the current test. */
export const asks = (path: string): number => seen.filter((request) => request.url.split('?')[0] === path).length;
