// Where the A2A agent listens (below BASE_URL on the site listener, one path per binding), which
// protocol version it speaks and, with many sites, which tenant it is: the agent card and the routes
// read them from here.
import { A2A_PROTOCOL_VERSION } from '@a2a-js/sdk';
import { A2A_LEGACY_PROTOCOL_VERSION } from '@a2a-js/sdk/compat/v0_3';

/** The JSON-RPC binding's path, e.g. POST https://agency.example/a2a. */
export const a2aPath = '/a2a';

/** The HTTP+JSON binding's base path, e.g. POST https://agency.example/a2a/rest/message:send. */
export const a2aRestPath = '/a2a/rest';

/** The A2A protocol version the agent serves ("1.0"), as the SDK implements it. */
export const a2aProtocolVersion: string = A2A_PROTOCOL_VERSION;

/** The earlier version ("0.3") served on the JSON-RPC binding through the SDK's compatibility layer. */
export const a2aLegacyProtocolVersion: string = A2A_LEGACY_PROTOCOL_VERSION;

/** The public address of the JSON-RPC binding. */
export function a2aUrl(config: { baseUrl: string }): string {
  return `${config.baseUrl}${a2aPath}`;
}

/** The public base address of the HTTP+JSON binding. */
export function a2aRestUrl(config: { baseUrl: string }): string {
  return `${config.baseUrl}${a2aRestPath}`;
}

/**
 * The agent's A2A 1.0 `tenant` (AgentInterface.tenant): with SITES_DIR, the host of the site's
 * public address, which names the site without showing its folder; none for the single site, whose
 * card and requests stay without one.
 */
export function a2aTenant(config: { baseUrl: string; sites?: unknown }): string | undefined {
  return config.sites === undefined ? undefined : new URL(config.baseUrl).hostname;
}
