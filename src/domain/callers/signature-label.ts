// Which of a request's signatures are Web Bot Auth ones: a request may carry others beside them
// (RFC 9421 allows several labels; a CDN may add its own), and the draft marks its own with
// `tag="web-bot-auth"`. Several may be tagged (an agent's, and a remote browser's over it).
import { isInnerList, parseDictionary } from 'structured-headers';
import { HTTP_MESSAGE_SIGNATURE_TAG } from 'web-bot-auth';

/** At most this many tagged signatures are tried on one request: real ones carry one or two. */
const maxTried = 3;

export interface TaggedSignature {
  label: string;
  /** Its nonce as the replay check knows it (signatureNonce), when it names a keyid and a nonce. */
  nonce: string | undefined;
  /** Its `expires` (ms), when it has one. */
  expiresAt: number | undefined;
}

/**
 * The signatures tagged `web-bot-auth`, in header order, or undefined when the field holds a single
 * signature or does not parse (the verifier then takes the only one, or refuses the field).
 * @example taggedSignatures('a=("@method");tag="cdn", b=("@authority");keyid="k";nonce="n";tag="web-bot-auth"') // [{ label: 'b', nonce: 'k n', expiresAt: undefined }]
 */
export function taggedSignatures(signatureInput: string): TaggedSignature[] | undefined {
  // One signature (no member separator): nothing to choose, and nothing to parse twice.
  if (!signatureInput.includes(',')) return undefined;
  let dictionary: ReturnType<typeof parseDictionary>;
  try {
    dictionary = parseDictionary(signatureInput);
  } catch {
    return undefined;
  }
  const tagged: TaggedSignature[] = [];
  for (const [label, member] of dictionary) {
    if (!isInnerList(member) || member[1].get('tag') !== HTTP_MESSAGE_SIGNATURE_TAG) continue;
    const [keyid, nonce, expires] = [member[1].get('keyid'), member[1].get('nonce'), member[1].get('expires')];
    tagged.push({
      label,
      nonce: typeof keyid === 'string' && typeof nonce === 'string' ? signatureNonce(keyid, nonce) : undefined,
      expiresAt: typeof expires === 'number' ? expires * 1000 : undefined,
    });
  }
  return tagged.length === 0 ? undefined : tagged.slice(0, maxTried);
}

/** How a signature's nonce is remembered: with its keyid, so two signers' nonces never meet. */
export function signatureNonce(keyid: string, nonce: string): string {
  return `${keyid} ${nonce}`;
}
