// Which links the content may hold: web addresses (http, https), mailto:, tel: and links within the
// site. Any other scheme (javascript:, vbscript:, data:, file:…) can run code or smuggle content in:
// the import drops such a link, the loader refuses one, and the pages never render one as a link.
// A link is read as a browser reads it: character references decoded, tabs and newlines ignored.

const published = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const named: Record<string, string> = { tab: '\t', newline: '\n', colon: ':', amp: '&' };

/** Whether `href` may be published as a link, e.g. false for `java&#9;script:alert(1)`. */
export function isPublishableHref(href: string): boolean {
  const decoded = href.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 0xfffd);
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)) || 0xfffd);
    return named[lower] ?? whole;
  });
  // A reference left undecoded before the scheme's colon could still spell a scheme: not published.
  const scheme = /^[^/?#]*?:/.exec(decoded.replace(/[\t\n\r]/g, ''))?.[0];
  if (scheme?.includes('&')) return false;
  if (!URL.canParse(decoded, 'https://site.invalid/')) return false;
  return published.has(new URL(decoded, 'https://site.invalid/').protocol);
}

/** Inline links and images, reference definitions and autolinks of a markdown text, as written. */
const markdownTargets =
  /\]\(\s*<?((?:[^()\s>]|\([^()\s]*\))+)|^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)|<([a-z][a-z0-9+.-]*:[^>\s]*)>/gim;

/** Every link target of `markdown` that may not be published, e.g. ["javascript:alert(1)"]. */
export function unpublishableLinks(markdown: string): string[] {
  return [...markdown.matchAll(markdownTargets)]
    .map((match) => (match[1] ?? match[2] ?? match[3])!)
    .filter((href) => !isPublishableHref(href));
}
