// The Signature-Agent header: which agent (its keys' source) a signature speaks for. Under
// draft-ietf-webbotauth-httpsig-protocol-00 the header is a structured-field Dictionary whose member
// is a key directory's origin (`sig1="https://agent.example"`, type `directory` by default) or a key
// set's URL (`sig1="https://agent.example/keys.json";type=jwks_uri`, §5.5); a signature speaks only for a member it covers: the member
// keyed by its own label, covered as `"signature-agent";key="sig1"`. An intermediary may relabel a
// signature (RFC 9421 §7.2.5) but not the member key, which is in the signature base; so when no
// member carries the label, the one member the signature covers is taken. The legacy forms (a
// structured string `"https://agent.example"`, or from early signers a bare URL) are still read,
// and the whole field must then be covered as `"signature-agent"`.
import { Token, isInnerList, parseDictionary, parseItem, type Dictionary } from 'structured-headers';
import type { ComponentDescriptor } from 'http-message-sig';
import { SIGNATURE_AGENT_HEADER } from 'web-bot-auth';
import type { KeySource } from './key-directories.ts';

/**
 * Where the keys are of the member the header names for a signature labelled `label` covering
 * `covered`: a directory's origin, or `{ jwksUri }` for a `type=jwks_uri` member; undefined when
 * the signature speaks for no member (not covered, malformed, not an http(s) URL, or of another
 * discovery type, such as `cimd`).
 * @example signatureAgentFor('sig1="https://agent.example"', 'sig1', [{ name: 'signature-agent', parameters: { key: 'sig1' } }]) // 'https://agent.example'
 */
export function signatureAgentFor(
  header: string,
  label: string,
  covered: readonly ComponentDescriptor[],
): KeySource | undefined {
  const dictionary = dictionaryOf(header);
  if (dictionary === undefined) {
    const whole = covered.some((c) => c.name === SIGNATURE_AGENT_HEADER && Object.keys(c.parameters).length === 0);
    return whole ? httpOrigin(legacyUrl(header)) : undefined;
  }
  const coveredKeys = covered
    .filter(
      (c) =>
        c.name === SIGNATURE_AGENT_HEADER &&
        typeof c.parameters.key === 'string' &&
        Object.keys(c.parameters).length === 1,
    )
    .map((c) => c.parameters.key as string);
  const key = dictionary.has(label) ? label : coveredKeys.length === 1 ? coveredKeys[0]! : undefined;
  const member = key === undefined || !coveredKeys.includes(key) ? undefined : dictionary.get(key);
  if (member === undefined || isInnerList(member) || typeof member[0] !== 'string') return undefined;
  // A directory (the default) or a key set; any other discovery type (cimd, …) is not read.
  const type = member[1].get('type');
  const named = type instanceof Token ? type.toString() : type;
  if (named === 'jwks_uri') return keySetUrl(member[0]);
  if (named !== undefined && named !== 'directory') return undefined;
  return httpOrigin(member[0]);
}

/** A key set's URL as fetched: http(s), without credentials or fragment. */
function keySetUrl(text: string): KeySource | undefined {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
    url.hash = '';
    return { jwksUri: url.href };
  } catch {
    return undefined;
  }
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
