// Where a site's MCP server card is found and what endpoint it gives. Found at the well-known path
// (with or without `.json`), else through the AI catalog's server-card entry (SEP-2127's discovery);
// its endpoint is SEP-2127's `remotes` entry or SEP-1649's `transport` (`url` or `endpoint`).
import { serverCardMediaType } from '../../domain/server-card-address.ts';
import type { AuditContext, Fetched } from '../context.ts';
import { isObject, json, ok } from '../verdict.ts';
import { catalogEntries, findCatalog } from './ard.ts';

export const wellKnownCardPaths = ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card'];
const cardAccept = `${serverCardMediaType}, application/json`;

interface McpEndpoint {
  url: string;
  /** `sse` when the card offers only the HTTP+SSE transport MCP deprecated in 2025-03-26. */
  transport: 'streamable-http' | 'sse';
}

export interface FoundCard {
  fetched: Fetched;
  /** How it was found, for the finding: the well-known path, or the AI catalog that names it. */
  via: 'well-known' | 'ai-catalog';
  doc?: Record<string, unknown>;
  endpoint?: McpEndpoint;
}

function httpUrl(value: unknown, base: string): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value, base)) return undefined;
  const url = new URL(value, base);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/** The card's endpoint: a streamable-HTTP remote first, then SEP-1649's transport, then an SSE remote. */
function endpointOf(card: Record<string, unknown>, base: string): McpEndpoint | undefined {
  const remotes = Array.isArray(card.remotes) ? card.remotes.filter(isObject) : [];
  const streamable = remotes.find((remote) => remote.type === 'streamable-http' && httpUrl(remote.url, base));
  if (streamable) return { url: httpUrl(streamable.url, base)!, transport: 'streamable-http' };
  const transport = isObject(card.transport) ? card.transport : undefined;
  const declared = httpUrl(transport?.url ?? transport?.endpoint, base);
  if (declared) return { url: declared, transport: transport?.type === 'sse' ? 'sse' : 'streamable-http' };
  const other = remotes.find((remote) => httpUrl(remote.url, base));
  if (!other) return undefined;
  return { url: httpUrl(other.url, base)!, transport: other.type === 'sse' ? 'sse' : 'streamable-http' };
}

function read(fetched: Fetched, via: FoundCard['via']): FoundCard {
  const doc = ok(fetched) ? json(fetched) : undefined;
  if (!isObject(doc)) return { fetched, via };
  const endpoint = endpointOf(doc, fetched.url);
  return { fetched, via, doc, ...(endpoint && { endpoint }) };
}

/** The site's server card: the first well-known path that answers, else the AI catalog's server-card entry. */
export async function findCard(ctx: AuditContext): Promise<FoundCard> {
  let first: Fetched | undefined;
  for (const path of wellKnownCardPaths) {
    const fetched = await ctx.get(path, cardAccept);
    first ??= fetched;
    if (ok(fetched)) return read(fetched, 'well-known');
  }
  const entry = catalogEntries(await findCatalog(ctx))?.find(
    (e): e is Record<string, unknown> => isObject(e) && e.type === serverCardMediaType && typeof e.url === 'string',
  );
  if (entry && URL.canParse(entry.url as string, ctx.site.href)) {
    const fetched = await ctx.get(new URL(entry.url as string, ctx.site).href, cardAccept);
    if (ok(fetched)) return read(fetched, 'ai-catalog');
  }
  return { fetched: first!, via: 'well-known' };
}
