// The two ways an audit fetch ends without a response: refused by the policy before any connection
// (FetchRefused), or failed on the way (FetchFailed: unreachable, timed out, too large, too many).
// Each keeps its reason as a key, so the report can word it in the site's language; the message is
// the English one, for logs and the operator's terminal.
import { fetchReasonWords, type FetchReason } from '../words/fetch-reasons.ts';

const english = fetchReasonWords('en');

export class FetchRefused extends Error {
  override name = 'FetchRefused';
  readonly url: string;
  readonly reason: FetchReason;
  constructor(url: string, reason: FetchReason) {
    super(`refused ${clipUrl(url)}: ${english(reason.key, reason.values)}`);
    this.url = url;
    this.reason = reason;
  }
}

export class FetchFailed extends Error {
  override name = 'FetchFailed';
  readonly url: string;
  readonly reason: FetchReason;
  constructor(url: string, reason: FetchReason) {
    super(`${clipUrl(url)}: ${english(reason.key, reason.values)}`);
    this.url = url;
    this.reason = reason;
  }
}

export function clipUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}
