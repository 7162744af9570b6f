// Which capabilities need an API key, read from their declared authentication, and the one sentence
// the documents (llms.txt, the MCP server card) say it with: no document keeps a list of its own. The
// sentence is UI text (credential.*), so llms.txt says it in the site's language; the card in English.
import { createUiText, type UiText } from '../domain/language/ui-text.ts';
import type { Capability } from './capability.ts';

const english = createUiText('en');

/** The names of the capabilities that take a bearer key, in catalogue order. */
export function keyedCapabilityNames(capabilities: readonly Capability[]): string[] {
  return capabilities.filter((capability) => capability.authentication.scheme === 'bearer').map((c) => c.name);
}

/**
 * @example credentialNote(catalog.capabilities)
 * // 'No credential is needed except for service_request_assessment, which takes Authorization: Bearer <API key>.'
 */
export function credentialNote(capabilities: readonly Capability[], ui: UiText = english): string {
  const keyed = keyedCapabilityNames(capabilities);
  if (keyed.length === 0) return ui.text('credential.none');
  return ui.text('credential.keyed', {
    tools: keyed.join(', '),
    count: keyed.length,
    header: 'Authorization: Bearer <API key>',
  });
}
