// Which of a request's signatures is the Web Bot Auth one: a request may carry others beside it
// (RFC 9421 allows several labels), and the draft marks its own with `tag="web-bot-auth"`.
import { isInnerList, parseDictionary } from 'structured-headers';
import { HTTP_MESSAGE_SIGNATURE_TAG } from 'web-bot-auth';

/**
 * The label of the one signature tagged `web-bot-auth`, or undefined to let the verifier take the
 * only signature there is (and refuse a malformed or ambiguous field).
 * @example webBotAuthLabel('a=("@method");tag="other", b=("@authority");tag="web-bot-auth"') // 'b'
 */
export function webBotAuthLabel(signatureInput: string): string | undefined {
  // One signature (no member separator): nothing to choose, and nothing to parse twice.
  if (!signatureInput.includes(',')) return undefined;
  let dictionary;
  try {
    dictionary = parseDictionary(signatureInput);
  } catch {
    return undefined;
  }
  const tagged = [...dictionary].filter(([, member]) => isInnerList(member) && member[1].get('tag') === HTTP_MESSAGE_SIGNATURE_TAG);
  return tagged.length === 1 ? tagged[0]![0] : undefined;
}
