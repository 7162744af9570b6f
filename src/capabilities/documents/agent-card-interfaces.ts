// Where the agent card says the agent listens, for A2A 1.0 clients and for 0.3 ones. A 1.0 client
// reads `supportedInterfaces` (JSON-RPC and HTTP+JSON at 1.0, JSON-RPC at 0.3 too); a 0.3 client
// reads the top-level `url`, `preferredTransport` and `protocolVersion` fields, which a 1.0 client
// ignores, so one card serves both. With many sites the 1.0 interfaces name the site's tenant, which
// a 1.0 client then sends with every request (0.3 has no tenant).
import type { Config } from '../../config/config.ts';
import { a2aLegacyProtocolVersion, a2aProtocolVersion, a2aRestUrl, a2aTenant, a2aUrl } from './a2a-addresses.ts';

/** The card's `supportedInterfaces`: 1.0 on both bindings first, then 0.3 on JSON-RPC. */
export function supportedInterfaces(config: Pick<Config, 'baseUrl' | 'sites'>): Array<Record<string, string>> {
  const tenant = a2aTenant(config);
  const named: Record<string, string> = tenant === undefined ? {} : { tenant };
  return [
    { url: a2aUrl(config), protocolBinding: 'JSONRPC', protocolVersion: a2aProtocolVersion, ...named },
    { url: a2aRestUrl(config), protocolBinding: 'HTTP+JSON', protocolVersion: a2aProtocolVersion, ...named },
    { url: a2aUrl(config), protocolBinding: 'JSONRPC', protocolVersion: a2aLegacyProtocolVersion },
  ];
}

/** The A2A 0.3 card fields a 0.3 client needs to find the JSON-RPC binding. */
export function legacyCardFields(config: Pick<Config, 'baseUrl'>): Record<string, unknown> {
  return { protocolVersion: `${a2aLegacyProtocolVersion}.0`, url: a2aUrl(config), preferredTransport: 'JSONRPC' };
}
