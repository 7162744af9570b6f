// The MCP server card (found by mcp-card.ts: identity and a remote endpoint) and a real connection
// to that endpoint with the official MCP client, through the audit's guarded fetch.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isJsonType, isObject, ok, pass, skip, warn } from '../verdict.ts';
import { auditorInfo } from '../auditor.ts';
import { findCard, wellKnownCardPaths, type FoundCard } from './mcp-card.ts';

const cardPath = wellKnownCardPaths[0];

export async function mcpServerCard(ctx: AuditContext): Promise<CheckResult> {
  return cardVerdict(await findCard(ctx), ctx);
}

function cardVerdict({ fetched, doc, endpoint, via }: FoundCard, ctx: AuditContext): CheckResult {
  const fix = `Publish ${cardPath} as JSON with the server's name, version and a "remotes" entry giving its streamable-HTTP URL.`;
  if (!ok(fetched)) return fail('mcp-server-card', `${cardPath} answers ${fetched.status}`, evidence(fetched), fix);
  if (!isJsonType(fetched.type))
    return fail(
      'mcp-server-card',
      `the server card is served as ${fetched.type || 'no type'}`,
      evidence(fetched, fetched.type),
      fix,
    );
  if (!doc)
    return fail('mcp-server-card', 'the server card is not a JSON object', evidence(fetched, fetched.text), fix);
  const name = doc.name ?? (isObject(doc.serverInfo) ? doc.serverInfo.name : undefined);
  if (typeof name !== 'string' || !name)
    return fail('mcp-server-card', 'the server card has no name', evidence(fetched), fix);
  if (!endpoint)
    return fail(
      'mcp-server-card',
      'the server card gives no endpoint URL (remotes, or transport.url or transport.endpoint)',
      evidence(fetched, JSON.stringify(doc.remotes ?? doc.transport ?? null)),
      fix,
    );
  // A page of the site is not an MCP endpoint: a card pointing there was written by hand, or by a template.
  const page = new URL(endpoint.url);
  if (page.origin === ctx.site.origin && (page.pathname === '/' || page.href === ctx.home.href))
    return fail(
      'mcp-server-card',
      `the server card's endpoint ${endpoint.url} is the site's home page, not an MCP endpoint`,
      evidence(fetched, endpoint.url),
      fix,
    );
  const found = via === 'ai-catalog' ? ' (found through the AI catalog)' : '';
  if (endpoint.transport === 'sse')
    return warn(
      'mcp-server-card',
      `server ${name} offers only the HTTP+SSE transport at ${endpoint.url}${found}, deprecated since MCP 2025-03-26`,
      evidence(fetched, endpoint.url),
      'Serve the MCP server over Streamable HTTP and list it as a "streamable-http" remote; current clients may not fall back to SSE.',
    );
  return pass('mcp-server-card', `server ${name} at ${endpoint.url}${found}`, evidence(fetched, endpoint.url));
}

export async function mcpConnect(ctx: AuditContext): Promise<CheckResult> {
  const found = await findCard(ctx);
  const { fetched } = found;
  if (!found.endpoint)
    return skip('mcp-connect', 'no MCP server card with an endpoint to connect to', evidence(fetched));
  // A card that fails its own check says nothing a client could rely on: its connection is not judged
  // (nor is an SSE-only card's: the check's warning says what a current client meets there).
  if (cardVerdict(found, ctx).status !== 'pass')
    return skip('mcp-connect', 'the server card does not pass its check, so no connection is tried', evidence(fetched));
  // Loaded only for a site with a card: most audits need no MCP client.
  const endpoint = found.endpoint.url;
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const client = new Client(auditorInfo);
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: ctx.fetch }));
    const { tools } = await client.listTools();
    return pass('mcp-connect', `connected to ${endpoint}; ${counted(tools.length, 'tool')} listed`, {
      url: endpoint,
      status: 200,
      value: tools
        .slice(0, 8)
        .map((t) => t.name)
        .join(', '),
    });
  } catch (error) {
    const { message } = error as Error;
    // A web page where the card promises MCP (a single-page app answering every path, most often).
    const page = /content type: text\/html/i.test(message);
    return fail(
      'mcp-connect',
      page
        ? `${endpoint} answers with a web page, not MCP: the MCP client got ${message.replace(/^Unexpected content type: /i, '')}`
        : `the MCP client could not connect and list tools: ${message}`,
      { url: endpoint, status: null, value: message },
      'Make the endpoint in the server card answer MCP over streamable HTTP (initialize and tools/list) at a public address.',
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}
