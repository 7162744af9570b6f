// The two ways an audit fetch ends without a response: refused by the policy before any connection
// (FetchRefused), or failed on the way (FetchFailed: unreachable, timed out, too large, too many).
export class FetchRefused extends Error {
  override name = 'FetchRefused';
  readonly url: string;
  constructor(url: string, reason: string) {
    super(`refused ${clipUrl(url)}: ${reason}`);
    this.url = url;
  }
}

export class FetchFailed extends Error {
  override name = 'FetchFailed';
  readonly url: string;
  constructor(url: string, reason: string) {
    super(`${clipUrl(url)}: ${reason}`);
    this.url = url;
  }
}

export function clipUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}
