// The Signature-Agent header: which agent (key directory origin) a signature speaks for, and the
// component that binds it to the signature. Under draft-ietf-webbotauth-httpsig-protocol-01 the
// header is a structured-field Dictionary (`sig1="https://agent.example"`) whose member keyed by
// the signature's label must be covered as `"signature-agent";key="sig1"`. The legacy forms (a
// structured string `"https://agent.example"`, or from early signers a bare URL) are still read,
// and the whole field must then be covered as `"signature-agent"`.
import { isInnerList, parseDictionary, parseItem, type Dictionary } from 'structured-headers';
import type { ComponentDescriptor } from 'http-message-sig';
import { SIGNATURE_AGENT_HEADER } from 'web-bot-auth';

export interface SignatureAgent {
  /** The origin of the agent's key directory, e.g. `https://agent.example`. */
  origin: string;
  /** The component the signature must cover for the header to count. */
  binding: ComponentDescriptor;
}

/**
 * The agent the header names for the signature labelled `label`, or undefined when it names none
 * (malformed, not an http(s) URL, or a Dictionary without a member for that label).
 * @example signatureAgentFor('sig1="https://agent.example"', 'sig1') // origin https://agent.example, binding "signature-agent";key="sig1"
 */
export function signatureAgentFor(header: string, label: string): SignatureAgent | undefined {
  const dictionary = dictionaryOf(header);
  if (dictionary) {
    const member = dictionary.get(label);
    if (member === undefined || isInnerList(member) || typeof member[0] !== 'string') return undefined;
    return agent(member[0], { key: label });
  }
  return agent(legacyUrl(header), {});
}

/** Whether a signature's covered components include the binding (parameters compared exactly). */
export function coversBinding(components: readonly ComponentDescriptor[], binding: ComponentDescriptor): boolean {
  const wanted = Object.entries(binding.parameters);
  return components.some(
    (c) => c.name === binding.name && Object.keys(c.parameters).length === wanted.length && wanted.every(([name, value]) => c.parameters[name] === value),
  );
}

function agent(url: string, parameters: ComponentDescriptor['parameters']): SignatureAgent | undefined {
  const origin = httpOrigin(url);
  return origin === undefined ? undefined : { origin, binding: { name: SIGNATURE_AGENT_HEADER, parameters } };
}

function dictionaryOf(header: string): Dictionary | undefined {
  try {
    return parseDictionary(header);
  } catch {
    return undefined;
  }
}

/** The URL of a legacy header: a structured string's value, else the text itself. */
function legacyUrl(header: string): string {
  try {
    const [value] = parseItem(header);
    if (typeof value === 'string') return value;
  } catch {
    // Not a structured item: a bare URL, as early signers sent it.
  }
  return header.trim();
}

function httpOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
