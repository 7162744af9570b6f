// Which capabilities need an API key, read from their declared authentication, and the one sentence
// the documents (llms.txt, the MCP server card) say it with: no document keeps a list of its own.
import type { Capability } from './capability.ts';

/** The names of the capabilities that take a bearer key, in catalogue order. */
export function keyedCapabilityNames(capabilities: readonly Capability[]): string[] {
  return capabilities.filter((capability) => capability.authentication.scheme === 'bearer').map((c) => c.name);
}

/**
 * @example credentialNote(catalog.capabilities)
 * // 'No credential is needed except for service_request_assessment, which takes Authorization: Bearer <API key>.'
 */
export function credentialNote(capabilities: readonly Capability[]): string {
  const keyed = keyedCapabilityNames(capabilities);
  if (keyed.length === 0) return 'No credential is needed.';
  const which = keyed.length === 1 ? `${keyed[0]}, which takes` : `${keyed.join(', ')}, which take`;
  return `No credential is needed except for ${which} Authorization: Bearer <API key>.`;
}
