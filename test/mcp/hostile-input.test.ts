// Hostile and malformed MCP input, on both protocol eras: arguments are validated before anything
// looks at them, protocol methods with wrong params get -32602 in one plain line, prototype names
// are unknown tools, a junk MCP-Protocol-Version is not reflected, read tools share the REST
// budget, and a flood of client faults writes a few throttled info lines, never error lines.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { startApp, type RunningApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { contentNow } from '../../src/domain/content/live-content.ts';
import { freePorts, freshDatabaseUrl } from '../helpers/app.ts';
import { modernHeaders, modernMessage, postModern } from '../helpers/modern-mcp.ts';
import { awayFromMinuteBoundary } from '../helpers/rate-windows.ts';

const legacyRevision = '2025-11-25';
const dump = /\[\s*\{|"code"|invalid_type|Invalid input|expected .*received|zod/i;

interface Answer {
  status: number;
  headers: Headers;
  body: {
    id?: unknown;
    error?: { code: number; message: string };
    result?: {
      isError?: boolean;
      content?: { text: string }[];
      structuredContent?: Record<string, unknown>;
      _meta?: { retryAfter?: number };
    };
  };
}

describe('hostile MCP input', () => {
  let app: RunningApp;
  let mcpUrl: string;
  let baseUrl: string;
  const lines: { level: number; msg: string }[] = [];

  before(async () => {
    const [port, mcpPort] = (await freePorts(2)) as [number, number];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({
      PORT: String(port),
      MCP_PORT: String(mcpPort),
      DATABASE_URL: await freshDatabaseUrl(),
      TRUST_PROXY: 'loopback',
      ASSESSMENT_API_KEYS: 'right-key',
    });
    app = await startApp(config, { logger: pino({ level: 'info' }, capture) });
    mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
    baseUrl = `http://127.0.0.1:${port}`;
  });
  after(() => app.stop());

  const answer = async (response: Response): Promise<Answer> => ({
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
  });

  /** POSTs as a 2026-07-28 client (envelope and headers) or as a 2025-11-25 client (no envelope). */
  const eras = {
    modern: async (
      method: string,
      params?: Record<string, unknown>,
      headers: Record<string, string> = {},
      edit = (text: string) => text,
    ): Promise<Answer> => {
      const message = params === undefined ? { jsonrpc: '2.0', id: 1, method } : modernMessage(method, params);
      const name = typeof params?.name === 'string' ? params.name : undefined;
      return answer(
        await postModern(mcpUrl, edit(JSON.stringify(message)), { ...modernHeaders(method, name), ...headers }),
      );
    },
    legacy: async (
      method: string,
      params?: Record<string, unknown>,
      headers: Record<string, string> = {},
      edit = (text: string) => text,
    ): Promise<Answer> => {
      const response = await fetch(mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': legacyRevision,
          ...headers,
        },
        body: edit(JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) })),
      });
      return answer(response);
    },
  };
  const tool = (suffix: string): string => `service${suffix}`;

  for (const [era, post] of Object.entries(eras)) {
    it(`answers 10 000-deep nested arguments with a tool error naming the argument, without an error log (${era})`, async () => {
      // Built as text: JSON.stringify itself overflows the stack on 10 000 levels.
      const deep = `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}`;
      const before = lines.length;
      const { body } = await post(
        'tools/call',
        { name: tool('_search_case_studies'), arguments: { query: '<deep>' } },
        {},
        (text) => text.replace('"<deep>"', deep),
      );
      const named = body.result?.isError ? (body.result.content?.[0]?.text ?? '') : (body.error?.message ?? '');
      assert.ok(body.result?.isError === true || body.error?.code === -32602, JSON.stringify(body).slice(0, 200));
      assert.match(named, /query/);
      assert.doesNotMatch(named, /Internal error/);
      assert.ok(
        lines.slice(before).every((line) => line.level < 50),
        'no error-level log line',
      );
    });

    it(`answers wrong params on protocol methods with -32602 in one plain line (${era})`, async () => {
      const cases: [string, Record<string, unknown> | undefined, RegExp][] = [
        ['resources/read', { uri: 5 }, /params\.uri must be a string/],
        ['initialize', undefined, /params is required/],
        ['tools/call', undefined, /params is required/],
        ['tools/call', { name: 7 }, /params\.name must be a string/],
        ['tools/call', { name: tool('_get_page'), arguments: [1, 2] }, /params\.arguments must be an object/],
        ['tools/list', { cursor: 5 }, /params\.cursor must be a string/],
      ];
      for (const [method, params, wording] of cases) {
        const { body } = await post(method, params);
        assert.equal(
          body.error?.code,
          -32602,
          `${method} ${JSON.stringify(params)}: ${JSON.stringify(body).slice(0, 300)}`,
        );
        assert.match(body.error!.message, wording);
        assert.ok(!body.error!.message.includes('\n'), 'one line');
        assert.doesNotMatch(body.error!.message, dump);
      }
    });

    it(`answers a fault while reading a resource without its text (${era})`, async () => {
      // The folder loaded now: the services' view reads its fields through getters of its own.
      const content = contentNow(app.services.content);
      const original = content.pageBySlug;
      content.pageBySlug = () => {
        throw new TypeError('boom at /srv/agentsite/secret.ts:12');
      };
      try {
        const { body } = await post(
          'resources/read',
          { uri: 'service://page/about' },
          { 'mcp-name': 'service://page/about' },
        );
        assert.equal(body.error?.code, -32603);
        assert.doesNotMatch(body.error!.message, /boom|secret|TypeError/);
      } finally {
        content.pageBySlug = original;
      }
    });

    it(`treats object-prototype names as unknown tools (${era})`, async () => {
      for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
        const { body } = await post('tools/call', { name, arguments: {} }, { 'mcp-name': name });
        assert.equal(body.error?.code, -32602, name);
        assert.match(body.error!.message, /not found/, name);
        assert.doesNotMatch(body.error!.message, /disabled/, name);
      }
    });

    it(`never reflects an MCP-Protocol-Version that is not a revision date (${era})`, async () => {
      const junk = `x${'y'.repeat(5_000)}`;
      const response = await post('tools/list', {}, { 'mcp-protocol-version': junk });
      assert.equal(response.status, 400);
      const text = JSON.stringify(response.body);
      assert.ok(!text.includes('yyyyyyyyyy'), 'the value is not quoted back');
      assert.ok(text.length < 300);
    });

    it(`lets the read tools share the 300/min REST budget, with RateLimit headers and a retryAfter when refused (${era})`, async () => {
      const client = { 'x-forwarded-for': era === 'modern' ? '198.51.100.21' : '198.51.100.22' };
      // The budget's window is the clock minute: start early in one, so all 300 requests share it.
      await awayFromMinuteBoundary(30);
      for (let i = 0; i < 298; i += 1) {
        const rest = await fetch(`${baseUrl}/agent/health`, { headers: client });
        assert.equal(rest.status, 200);
        await rest.arrayBuffer();
      }
      const allowed = await post('tools/call', { name: tool('_get_contact'), arguments: {} }, client);
      assert.notEqual(allowed.body.result?.isError, true);
      assert.equal(allowed.headers.get('ratelimit-remaining'), '1');
      assert.match(allowed.headers.get('ratelimit-policy') ?? '', /"general-minute";q=300;w=60/);
      await post('tools/call', { name: tool('_search_case_studies'), arguments: { query: 'security' } }, client);
      const refused = await post(
        'tools/call',
        { name: tool('_search_case_studies'), arguments: { query: 'security' } },
        client,
      );
      assert.equal(refused.body.result?.isError, true);
      const retryAfter = refused.body.result?._meta?.retryAfter;
      assert.ok(typeof retryAfter === 'number' && retryAfter > 0);
      assert.match(refused.body.result?.content?.[0]?.text ?? '', /Retry after \d+ seconds/);
      assert.equal(refused.headers.get('ratelimit-remaining'), '0');
      assert.equal(refused.headers.get('retry-after'), String(retryAfter));
      // And the other way round: the MCP calls spent the budget REST reads from.
      assert.equal((await fetch(`${baseUrl}/agent/health`, { headers: client })).status, 429);
    });
  }

  it('logs a flood of malformed requests and refused keys as a few info lines, never at error level', async () => {
    const before = lines.length;
    for (let i = 0; i < 100; i += 1) {
      await fetch(mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":',
      });
      await eras.legacy(
        'tools/call',
        { name: tool('_request_assessment'), arguments: {} },
        { authorization: `Bearer wrong-${i}`, 'x-forwarded-for': `203.0.113.${i}` },
      );
    }
    const written = lines.slice(before);
    assert.ok(written.length <= 4, `${written.length} lines for 200 client faults`);
    assert.ok(
      written.every((line) => line.level <= 30),
      'info or below',
    );
    assert.ok(!JSON.stringify(written).includes('wrong-'), 'keys are never logged');
  });
});
