// robots.txt in front mode: the origin's own rules as the origin gives them, then the product's
// (the AI agents' groups, the usage preference and the sitemap). Crawlers combine groups that name
// the same agent (RFC 9309), so the origin's Disallow lines keep their effect.
import { request } from 'undici';

/** The origin's robots.txt is read again after this; between, the merged file is served as kept. */
const keptMs = 5 * 60_000;
/** The most of the origin's robots.txt taken (Google reads 500 KiB). */
const maxOriginBytes = 500 * 1024;

export function mergedRobots(originUrl: string, productRobots: string, timeoutMs: number): () => Promise<string> {
  let kept: { text: string; until: number } | undefined;
  return async () => {
    if (kept && kept.until > Date.now()) return kept.text;
    const origin = await originRobots(originUrl, timeoutMs);
    const text = origin
      ? `${origin.trimEnd()}\n\n# Added by the site's agent surface:\n${productRobots}`
      : productRobots;
    kept = { text, until: Date.now() + keptMs };
    return text;
  };
}

/** The origin's rules, or undefined when it has none (or does not answer: its rules are then unknown). */
async function originRobots(originUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const answer = await request(`${originUrl}/robots.txt`, { headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      return undefined;
    }
    // Read up to the bound, then let the rest go: a huge robots.txt never sits in memory whole.
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of answer.body) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= maxOriginBytes) {
        answer.body.destroy();
        break;
      }
    }
    return Buffer.concat(chunks).subarray(0, maxOriginBytes).toString('utf8');
  } catch {
    return undefined;
  }
}
