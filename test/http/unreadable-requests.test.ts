// A request no handler can read is refused by its listener with a 4xx in the shape of the surface it
// addressed, never a 500: a Host header that is not a host and port (RFC 9112: 400), odd targets and
// headers, on the site and API, both A2A bindings, the form, MCP, metrics and the dashboard; and a
// dashboard family name no database can compare.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { openRaw } from '../helpers/raw-http.ts';

const token = 'dashboard-test-token-0123456789';
const badHosts = [
  'user@localhost',
  'user@localhost:3001',
  'localhost/path',
  'exa mple',
  'localhost:3000@evil',
  'local\\host',
  '[::1',
];

interface Surface {
  name: string;
  port: () => number;
  request: string;
  /** Checks the body is in the surface's own error shape. */
  shape: (contentType: string, body: string) => void;
}

describe('unreadable requests', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ METRICS_PORT: '0', ADMIN_PORT: '0', ADMIN_TOKEN: token });
  });
  after(() => t.stop());

  const site = (): number => Number(new URL(t.baseUrl).port);
  const rpc = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const post = (path: string, type: string, body: string, extra = ''): string =>
    `POST ${path} HTTP/1.1\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`;
  const get = (path: string, extra = ''): string => `GET ${path} HTTP/1.1\r\n${extra}Connection: close\r\n\r\n`;
  const apiShape = (type: string, body: string): void => {
    assert.match(type, /application\/json/);
    assert.equal(JSON.parse(body).status, 'invalid_request');
  };
  const rpcShape = (type: string, body: string): void => {
    assert.match(type, /application\/json/);
    const parsed = JSON.parse(body);
    assert.equal(parsed.jsonrpc, '2.0');
    assert.ok(parsed.error.code >= -32600 && parsed.error.code <= -32000);
  };
  const surfaces: Surface[] = [
    { name: 'REST API', port: site, request: get('/agent/health'), shape: apiShape },
    { name: 'site page', port: site, request: get('/about'), shape: apiShape },
    {
      name: 'contact form',
      port: site,
      request: post('/contact', 'application/x-www-form-urlencoded', 'fromName=Ada'),
      shape: apiShape,
    },
    { name: 'A2A JSON-RPC', port: site, request: post('/a2a', 'application/json', rpc), shape: rpcShape },
    {
      name: 'A2A HTTP+JSON',
      port: site,
      request: get('/a2a/rest/tasks', 'A2A-Version: 1.0\r\n'),
      shape: (type, body) => {
        assert.match(type, /application\/a2a\+json/);
        assert.equal(JSON.parse(body).error.status, 'INVALID_ARGUMENT');
      },
    },
    {
      name: 'MCP',
      port: () => Number(new URL(t.mcpUrl).port),
      request: post('/mcp', 'application/json', rpc, 'Accept: application/json, text/event-stream\r\n'),
      shape: rpcShape,
    },
    {
      name: 'metrics',
      port: () => t.app.metrics!.port,
      request: get('/metrics'),
      shape: (type, body) => assert.match(`${type} ${body}`, /^text\/plain .*Host/),
    },
    {
      name: 'dashboard',
      port: () => t.app.admin!.port,
      request: get('/', `Authorization: Bearer ${token}\r\n`),
      shape: (type, body) => {
        assert.match(type, /text\/html/);
        assert.match(body, /<p class="error" role="alert">[^<]*Host/);
      },
    },
  ];

  for (const surface of surfaces) {
    it(`answers a Host header that is not a host and port with 400 on the ${surface.name}`, async () => {
      for (const host of badHosts) {
        const head = surface.request.split('\r\n', 1)[0]!;
        const connection = await openRaw(
          surface.port(),
          `${head}\r\nHost: ${host}\r\n${surface.request.slice(head.length + 2)}`,
        );
        const { text } = await connection.closed;
        assert.match(text, /^HTTP\/1\.1 400 /, `${surface.name}, Host: ${host}`);
        const [headers, body] = text.split('\r\n\r\n', 2) as [string, string];
        surface.shape(/content-type: ([^\r]+)/i.exec(headers)?.[1] ?? '', body);
      }
      // A well-formed Host is still served.
      const connection = await openRaw(surface.port(), `${surface.request.replace('\r\n', '\r\nHost: localhost\r\n')}`);
      assert.doesNotMatch((await connection.closed).text, /^HTTP\/1\.1 (400|5\d\d) /, surface.name);
    });
  }

  const oddTargets = (target: string): string[] => [
    `${target}%zz`,
    `${target}%00`,
    `${target}?a=%E0%A4%A&b=%00`,
    `http://evil.example${target}`,
    `//evil.example${target}`,
  ];
  const oddHeaders = [
    'Origin: http://[',
    'Origin: http://user@localhost',
    'Content-Type: ;;;',
    'Content-Type: application/json; charset=utf-16',
    'Accept: ,,,;q=x',
    'Accept-Encoding: br;q=x, *;q=',
    'X-Forwarded-For: ::::',
    'Signature-Input: garbage',
    'Signature: sig1=:!!:',
    'Signature-Agent: "http://["',
    'mcp-protocol-version: x',
    'If-None-Match: ***',
    'Expect: nonsense',
    'Authorization: Basic %%%',
    'A2A-Version: x',
  ];

  for (const surface of surfaces) {
    it(`answers odd targets and headers on the ${surface.name} with anything but a 5xx`, async () => {
      const [method, target] = surface.request.split(' ', 2) as [string, string];
      const variants = [
        ...oddTargets(target).map((odd) => surface.request.replace(`${method} ${target} `, `${method} ${odd} `)),
        ...oddHeaders.map((header) => surface.request.replace('\r\n', `\r\n${header}\r\n`)),
      ];
      for (const request of variants) {
        const connection = await openRaw(surface.port(), request.replace('\r\n', '\r\nHost: localhost\r\n'));
        const { text } = await connection.closed;
        assert.match(
          text,
          /^HTTP\/1\.1 [1-4]\d\d /,
          `${surface.name}: ${request.split('\r\n').slice(0, 2).join(' | ')}`,
        );
      }
    });
  }

  it('answers a dashboard family name carrying NUL with 404, on either back-end', async () => {
    for (const name of ['a%00b', '%00']) {
      const response = await fetch(`http://127.0.0.1:${t.app.admin!.port}/family/${name}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 404, name);
    }
  });
});
