// The MCP server card (found by mcp-card.ts: identity and a remote endpoint) and a real connection
// to that endpoint with the official MCP client, through the audit's guarded fetch.
import type { AuditContext } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { evidence, fail, isJsonType, isObject, ok, pass, skip, warn } from '../verdict.ts';
import { auditorInfo } from '../auditor.ts';
import { mcpWords } from '../words/mcp.ts';
import { findCard, wellKnownCardPaths, type FoundCard } from './mcp-card.ts';

const cardPath = wellKnownCardPaths[0]!;

export async function mcpServerCard(ctx: AuditContext): Promise<CheckResult> {
  return cardVerdict(await findCard(ctx), ctx);
}

function cardVerdict({ fetched, doc, endpoint, via }: FoundCard, ctx: AuditContext): CheckResult {
  const say = mcpWords(ctx.language);
  const fix = say('publishCard', { path: cardPath });
  if (!ok(fetched))
    return fail(
      'mcp-server-card',
      say('cardNotServed', { path: cardPath, status: fetched.status }),
      evidence(fetched),
      fix,
    );
  if (!isJsonType(fetched.type))
    return fail(
      'mcp-server-card',
      fetched.type ? say('cardWrongType', { type: fetched.type }) : say('cardNoType'),
      evidence(fetched, fetched.type),
      fix,
    );
  if (!doc) return fail('mcp-server-card', say('cardNotObject'), evidence(fetched, fetched.text), fix);
  const name = doc.name ?? (isObject(doc.serverInfo) ? doc.serverInfo.name : undefined);
  if (typeof name !== 'string' || !name) return fail('mcp-server-card', say('cardNoName'), evidence(fetched), fix);
  if (!endpoint)
    return fail(
      'mcp-server-card',
      say('cardNoEndpoint'),
      evidence(fetched, JSON.stringify(doc.remotes ?? doc.transport ?? null)),
      fix,
    );
  // A page of the site is not an MCP endpoint: a card pointing there was written by hand, or by a template.
  const page = new URL(endpoint.url);
  if (page.origin === ctx.site.origin && (page.pathname === '/' || page.href === ctx.home.href))
    return fail('mcp-server-card', say('endpointIsHome', { url: endpoint.url }), evidence(fetched, endpoint.url), fix);
  const placed = { name, url: endpoint.url, via: via === 'ai-catalog' ? 'catalog' : 'wellKnown' };
  if (endpoint.transport === 'sse')
    return warn('mcp-server-card', say('onlySse', placed), evidence(fetched, endpoint.url), say('serveStreamable'));
  return pass('mcp-server-card', say('cardPassed', placed), evidence(fetched, endpoint.url));
}

export async function mcpConnect(ctx: AuditContext): Promise<CheckResult> {
  const say = mcpWords(ctx.language);
  const found = await findCard(ctx);
  const { fetched } = found;
  if (!found.endpoint) return skip('mcp-connect', say('noCardToConnect'), evidence(fetched));
  // A card that fails its own check says nothing a client could rely on: its connection is not judged.
  // An SSE-only card (which warns) is still connected to, with the SDK's SSE client: a warning at most.
  if (cardVerdict(found, ctx).status === 'fail') return skip('mcp-connect', say('cardNotPassing'), evidence(fetched));
  // Loaded only for a site with a card: most audits need no MCP client.
  const { url: endpoint, transport } = found.endpoint;
  const { Client, SSEClientTransport, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const client = new Client(auditorInfo);
  try {
    const options = { fetch: ctx.fetch };
    await client.connect(
      transport === 'sse'
        ? new SSEClientTransport(new URL(endpoint), options)
        : new StreamableHTTPClientTransport(new URL(endpoint), options),
    );
    const { tools } = await client.listTools();
    const proof = {
      url: endpoint,
      status: 200,
      value: tools
        .slice(0, 8)
        .map((t) => t.name)
        .join(', '),
    };
    if (transport === 'sse')
      return warn(
        'mcp-connect',
        say('connectedSse', { url: endpoint, tools: tools.length }),
        proof,
        say('serveStreamable'),
      );
    return pass('mcp-connect', say('connected', { url: endpoint, tools: tools.length }), proof);
  } catch (error) {
    const { message } = error as Error;
    // A web page where the card promises MCP (a single-page app answering every path, most often).
    const page = /content type: text\/html/i.test(message);
    return fail(
      'mcp-connect',
      page
        ? say('webPage', { url: endpoint, got: message.replace(/^Unexpected content type: /i, '') })
        : say('notConnected', { problem: message }),
      { url: endpoint, status: null, value: message },
      say('answerMcp'),
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}
