// The bench scenarios against the real server, each with the status every response must have.
// Paths and bodies follow the REST contract; per-request fields keep enquiries unique.
import { randomUUID } from 'node:crypto';
import { modernHeaders, modernMessage, modernRevision } from '../../test/helpers/modern-mcp.ts';
import type { Scenario } from './load.ts';

const enquiry = {
  fromName: 'Bench Client',
  fromEmail: 'bench@example.com',
  organization: 'Bench Co',
  topic: 'general',
  message: 'A benchmark enquiry: please ignore this message.',
};
const json = { 'content-type': 'application/json' };
const runId = randomUUID().slice(0, 8);

export function bareScenario(url: string, connections: number, when = ''): Scenario {
  return { key: 'bare', name: `bare node:http${when}`, url: `${url}/`, expectStatus: 200, connections };
}

const healthLabels: Record<string, string> = {
  health: '',
  healthUnsignedBeside: ' (unsigned, beside the signed one)',
  fastifyHealth: ' of a textbook Fastify 5 + @fastify/rate-limit app',
};

export function healthScenario(baseUrl: string, connections: number, key = 'health'): Scenario {
  const label = healthLabels[key] ?? ` (${key})`;
  return { key, name: `GET /agent/health${label}`, url: `${baseUrl}/agent/health`, expectStatus: 200, connections };
}

export function caseStudiesScenario(
  key: string,
  baseUrl: string,
  connections: number,
  cursor?: string,
  label = '',
): Scenario {
  const query = cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return {
    key,
    name: `GET /agent/case-studies${cursor === undefined ? '' : ' (cursor page)'}${label}`,
    url: `${baseUrl}/agent/case-studies${query}`,
    expectStatus: 200,
    connections,
  };
}

/** The first page's next_cursor, for the cursor-page scenario. */
export async function firstCursor(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/agent/case-studies`, { headers: { 'x-forwarded-for': '192.0.2.2' } });
  const page = (await response.json()) as { next_cursor?: string; has_more?: boolean };
  if (!page.next_cursor) throw new Error(`GET /agent/case-studies gave no next_cursor (status ${response.status})`);
  return page.next_cursor;
}

/** What every browser sends with a page request: the HTML rows read pages as people's browsers do. */
export const browserHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

export function pageScenario(baseUrl: string, connections: number, as: 'html' | 'markdown'): Scenario {
  return {
    key: as === 'html' ? 'pageHtml' : 'pageMarkdown',
    name: `GET / as ${as}`,
    url: `${baseUrl}/`,
    headers: as === 'html' ? browserHeaders : { accept: 'text/markdown' },
    expectStatus: 200,
    connections,
  };
}

/** The home page asked again with the ETag of its last answer, as a browser, CDN or proxy revalidates: 304. */
export async function conditionalPageScenario(baseUrl: string, connections: number): Promise<Scenario> {
  const etag = (await fetch(`${baseUrl}/`, { headers: browserHeaders })).headers.get('etag');
  return {
    key: 'pageConditional',
    name: 'GET / as html with If-None-Match (304)',
    url: `${baseUrl}/`,
    headers: { ...browserHeaders, 'if-none-match': etag ?? 'no-etag-sent' },
    expectStatus: 304,
    connections,
  };
}

/** A bare node:http server sending the home page's exact bytes (bench/lib/page-replica.ts), as the HTML row asks. */
export function pageReplicaScenario(replicaUrl: string, connections: number): Scenario {
  return {
    key: 'pageHtmlReplica',
    name: 'bare node:http sending the home page bytes of GET / as html',
    url: `${replicaUrl}/`,
    headers: browserHeaders,
    expectStatus: 200,
    connections,
  };
}

/** The case-study index filtered by a service, on its second page: a kept variant, as people share it. */
export function filteredIndexScenario(baseUrl: string, connections: number): Scenario {
  return {
    key: 'caseStudyIndexHtml',
    name: 'GET /case-studies?service=demand-generation&page=2 as html',
    url: `${baseUrl}/case-studies?service=demand-generation&page=2`,
    headers: browserHeaders,
    expectStatus: 200,
    connections,
  };
}

/** The home page as HTML, asked for with `Accept-Encoding: br`: the brotli variant, made once. */
export function compressedPageScenario(baseUrl: string, connections: number): Scenario {
  return {
    key: 'pageHtmlBrotli',
    name: 'GET / as html, Accept-Encoding: br',
    url: `${baseUrl}/`,
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
    verifyHeaders: (headers) =>
      headers.get('content-encoding') === 'br'
        ? undefined
        : `content-encoding ${headers.get('content-encoding')}, expected br`,
    expectStatus: 200,
    connections,
  };
}

/** Unique Idempotency-Key per request: every 202 is a new enquiry committed before its answer. */
export function contactScenario(baseUrl: string, connections: number): Scenario {
  let n = 0;
  return {
    key: 'contact',
    name: 'POST /agent/contact (new)',
    url: `${baseUrl}/agent/contact`,
    method: 'POST',
    headers: json,
    body: JSON.stringify(enquiry),
    perRequest: () => ({ headers: { 'idempotency-key': `bench-${runId}-${(n += 1)}` } }),
    expectStatus: 202,
    connections,
  };
}

/** Same key and body each time: after the first, every answer is the stored 202 replayed. */
export function replayScenario(baseUrl: string, connections: number): Scenario {
  return {
    key: 'replay',
    name: 'POST /agent/contact (replay)',
    url: `${baseUrl}/agent/contact`,
    method: 'POST',
    headers: { ...json, 'idempotency-key': `bench-${runId}-replay` },
    body: JSON.stringify(enquiry),
    expectStatus: 202,
    connections,
  };
}

/**
 * NLWeb's ask (GET /ask, JSON) with an industry, a size bound and words to rank by: the constraints
 * filter every case study, the words rank those that pass, the rest of them follow.
 */
export const benchQuestion = 'cybersecurity pipeline case studies above 20M ARR';

export function askScenario(key: string, baseUrl: string, connections: number, label = ''): Scenario {
  return {
    key,
    name: `GET /ask "${benchQuestion}"${label}`,
    url: `${baseUrl}/ask?query=${encodeURIComponent(benchQuestion)}&streaming=false`,
    expectStatus: 200,
    verifyBody: (body) => body.includes('"results":[{'),
    connections,
  };
}

/** MCP headers of a stateless Streamable HTTP client (no session; version on every request). */
export const mcpHeaders = {
  ...json,
  accept: 'application/json, text/event-stream',
};

export interface McpSearchOptions {
  /** Appended to the scenario's name. */
  label?: string;
  query?: string;
  era?: 'modern' | 'legacy';
  /**
   * Sends the query with a word of its own on every call ("pipeline growth zq1a", a word no study
   * has), so no two calls have equal validated arguments: the call pipeline keeps a stable
   * capability's result keyed by its validated input (src/capabilities/pipeline-memo.ts), so only
   * a new query is searched again. The words are counted across every scenario of the run: a later
   * uncached row repeating an earlier row's words would be answered from what that row left kept.
   */
  uncached?: boolean;
}

/** Uncached MCP calls made so far in this run, by every scenario: each call's own word (see `uncached`). */
let uncachedCalls = 0;

/**
 * tools/call as the official clients send it: a 2026-07-28 client (per-request metadata, Mcp-Method
 * and Mcp-Name headers, no initialize) or a 2025-11-25 client after its initialize handshake.
 */
export function mcpSearchScenario(
  key: string,
  mcpUrl: string,
  connections: number,
  tool: string,
  options: McpSearchOptions = {},
): Scenario {
  // "pipeline growth" has no case study matching both words, so it takes the any-word fallback: the
  // slowest path of the search, over nearly every study.
  const { label = '', query = 'pipeline growth', era = 'modern', uncached = false } = options;
  const version = era === 'modern' ? modernRevision : '2025-11-25';
  const message = (text: string): string => {
    const params = { name: tool, arguments: { query: text } };
    return JSON.stringify(
      era === 'modern' ? modernMessage('tools/call', params) : { jsonrpc: '2.0', id: 1, method: 'tools/call', params },
    );
  };
  return {
    key,
    name: `MCP tools/call ${tool} "${query}" (${version})${uncached ? ', uncached' : ''}${label}`,
    url: mcpUrl,
    method: 'POST',
    headers: era === 'modern' ? modernHeaders('tools/call', tool) : { ...mcpHeaders, 'mcp-protocol-version': version },
    body: message(query),
    ...(uncached && { perRequest: () => ({ body: message(`${query} zq${((uncachedCalls += 1)).toString(36)}`) }) }),
    expectStatus: 200,
    // A JSON-RPC error or a tool error still comes back as HTTP 200; the body tells them apart.
    verifyBody: (body) => body.includes('"result"') && !body.includes('"isError":true'),
    connections,
  };
}
