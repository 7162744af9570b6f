// Accept-header negotiation between HTML and markdown (RFC 9110 §12.5.1): the most specific
// matching media range gives each type its q-value; markdown wins only with a strictly higher q,
// or an equal q when the client named text/markdown and did not name text/html.
import { BoundedMemo } from '../../cache/bounded-memo.ts';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header.split(',').flatMap((part) => {
    const [range = '', ...params] = part.trim().split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    return [{ type, subtype, q }];
  });
}

/** q-value the Accept ranges give `mediaType`, and whether it was named exactly. */
function quality(ranges: MediaRange[], mediaType: string): { q: number; exact: boolean } {
  const [type, subtype] = mediaType.split('/');
  let best: { q: number; specificity: number } | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity >= 0 && (!best || specificity > best.specificity)) best = { q: range.q, specificity };
  }
  return { q: best?.q ?? 0, exact: best?.specificity === 2 };
}

/** True when the request's Accept header prefers markdown over HTML. */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const known = verdicts.get(accept);
  if (known !== undefined) return known;
  return verdicts.set(accept, decide(accept));
}

// Clients send few distinct Accept values; each is parsed once (parsing showed in a page's CPU profile).
const verdicts = new BoundedMemo<string, boolean>(1_000);

function decide(accept: string): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return false;
  const md = [quality(ranges, 'text/markdown'), quality(ranges, 'text/x-markdown')].sort((a, b) => b.q - a.q)[0]!;
  const html = quality(ranges, 'text/html');
  if (md.q <= 0) return false;
  if (md.q > html.q) return true;
  return md.q === html.q && md.exact && !html.exact;
}
