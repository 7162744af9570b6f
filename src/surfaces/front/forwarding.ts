// The request headers the origin gets: the client's end-to-end headers, without anything a client
// could use to pose as a proxy (its own Forwarded, X-Forwarded-*, X-Real-IP, X-Original-URL, …), and
// the product's own account of who asked and under which public address (RFC 7239 Forwarded and the
// X-Forwarded-For/-Proto/-Host a CMS reads), from the client address TRUST_PROXY lets it believe.
import { type HeaderFields, hopByHopFilter } from './hop-by-hop.ts';

/** Headers by which a client claims what only a proxy can say, or names another target than its own. */
const forwardingClaims = new Set([
  'forwarded',
  'x-real-ip',
  'x-original-url',
  'x-rewrite-url',
  'x-original-host',
  'x-host',
  'x-client-ip',
  'true-client-ip',
  'x-cluster-client-ip',
  'client-ip',
  'x-proxyuser-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-envoy-external-address',
]);
const claimed = (name: string): boolean => forwardingClaims.has(name) || name.startsWith('x-forwarded-');

/** The product's own public address: the scheme ("https") and host ("www.agency.example") asked for. */
export interface PublicAddress {
  proto: string;
  host: string;
}

/** The pseudonym this hop adds to Via (RFC 9110 7.6.3). */
const viaHop = '1.1 agentsite';

/** The headers forwarded to the origin for a request from `client` (IPv4, IPv6, or "unknown"). */
export type ForwardedHeaders = (
  incoming: HeaderFields,
  client: string,
  withBody: boolean,
) => Record<string, string | string[]>;

/**
 * The forwarding of requests under `address`. `Host` is the origin's (the HTTP client sets it),
 * `Expect` is answered here (Node sends 100 Continue), and `Content-Length` goes only with a body
 * that goes. What every request says alike (its public host and scheme) is written once.
 */
export function forwardedHeaders({ proto, host }: PublicAddress): ForwardedHeaders {
  const hostAndProto = `;host=${quoted(host)};proto=${proto}`;
  return (incoming, client, withBody) => {
    const ownHop = hopByHopFilter(incoming);
    const headers: Record<string, string | string[]> = {};
    for (const name in incoming) {
      const value = incoming[name];
      if (value === undefined || ownHop(name) || claimed(name)) continue;
      if (name === 'host' || name === 'expect' || (name === 'content-length' && !withBody)) continue;
      headers[name] = value;
    }
    headers['x-forwarded-for'] = client;
    headers['x-forwarded-proto'] = proto;
    headers['x-forwarded-host'] = host;
    headers.forwarded = `for=${forwardedNode(client)}${hostAndProto}`;
    const via = incoming.via;
    headers.via = via === undefined ? viaHop : `${[via].flat().join(', ')}, ${viaHop}`;
    return headers;
  };
}

/** RFC 7239 6: an IPv6 node is bracketed and quoted; "unknown" stays a token. */
function forwardedNode(address: string): string {
  return address.includes(':') ? `"[${address}]"` : address;
}

function quoted(value: string): string {
  return /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}
