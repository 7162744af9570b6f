// The MCP server card (/.well-known/mcp/server-card.json: identity and a remote endpoint) and a real
// connection to that endpoint with the official MCP client, through the audit's guarded fetch.
import type { AuditContext, Fetched } from '../context.ts';
import type { CheckResult } from '../report.ts';
import { counted, evidence, fail, isJsonType, isObject, json, ok, pass, skip } from '../verdict.ts';
import { auditorInfo } from '../auditor.ts';

const cardPath = '/.well-known/mcp/server-card.json';

/** The card's streamable-HTTP endpoint: SEP-2127 `remotes`, or the older `transport.url`. */
function endpointOf(card: Record<string, unknown>, base: string): string | undefined {
  const remotes = Array.isArray(card.remotes) ? card.remotes.filter(isObject) : [];
  const remote = remotes.find((r) => r.type === 'streamable-http') ?? remotes[0];
  const url = remote?.url ?? (isObject(card.transport) ? card.transport.url : undefined);
  if (typeof url !== 'string' || !URL.canParse(url, base)) return undefined;
  const endpoint = new URL(url, base);
  return endpoint.protocol === 'https:' || endpoint.protocol === 'http:' ? endpoint.href : undefined;
}

async function card(
  ctx: AuditContext,
): Promise<{ fetched: Fetched; doc?: Record<string, unknown>; endpoint?: string }> {
  const fetched = await ctx.get(cardPath, 'application/json');
  const doc = ok(fetched) ? json(fetched) : undefined;
  if (!isObject(doc)) return { fetched };
  const endpoint = endpointOf(doc, fetched.url);
  return { fetched, doc, ...(endpoint && { endpoint }) };
}

export async function mcpServerCard(ctx: AuditContext): Promise<CheckResult> {
  return cardVerdict(await card(ctx));
}

function cardVerdict({ fetched, doc, endpoint }: Awaited<ReturnType<typeof card>>): CheckResult {
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
      'the server card gives no endpoint URL',
      evidence(fetched, JSON.stringify(doc.remotes ?? null)),
      fix,
    );
  return pass('mcp-server-card', `server ${name} at ${endpoint}`, evidence(fetched, endpoint));
}

export async function mcpConnect(ctx: AuditContext): Promise<CheckResult> {
  const found = await card(ctx);
  const { endpoint, fetched } = found;
  if (!endpoint) return skip('mcp-connect', 'no MCP server card with an endpoint to connect to', evidence(fetched));
  // A card that fails its own check says nothing a client could rely on: its connection is not judged.
  if (cardVerdict(found).status !== 'pass')
    return skip('mcp-connect', 'the server card does not pass its check, so no connection is tried', evidence(fetched));
  // Loaded only for a site with a card: most audits need no MCP client.
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
    return fail(
      'mcp-connect',
      `the MCP client could not connect and list tools: ${(error as Error).message}`,
      { url: endpoint, status: null, value: (error as Error).message },
      'Make the endpoint in the server card answer MCP over streamable HTTP (initialize and tools/list) at a public address.',
    );
  } finally {
    await client.close().catch(() => undefined);
  }
}
