// What an agent that runs no script can extract from a page: its words outside script, style,
// templates and the title, how much of the markup they are, its headings, and its first same-site
// link. One pass of htmlparser2's streaming tokenizer with no tree and no text kept, so a page costs
// what its length costs (the fetcher caps it at 2 MiB).
import { Parser } from 'htmlparser2';

export interface PageText {
  /** Words of the text a reader without script sees. */
  words: number;
  /** Non-space characters of that text per character of markup. */
  textRatio: number;
  h1Count: number;
  /** `<script>` elements, so a thin page can be told apart from one whose text a script writes. */
  scripts: number;
  /** The first heading that skips a level on the way down (`h2` then `h4`), as `h2 → h4`. */
  skippedHeading?: string;
  /** The first link to another page of the same origin, absolute. */
  sameSiteLink?: string;
}

/**
 * Elements whose text no reader sees as the page's content: code, styles, inert templates, the
 * title (the only text the head holds besides those; the head itself is not listed, as a page may
 * leave it unclosed and start its body without a tag).
 */
export const unseen = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'title', 'iframe']);
const headingLevels: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

export function pageText(html: string, pageUrl: URL): PageText {
  let words = 0;
  let letters = 0;
  let inWord = false;
  let hidden = 0;
  let h1Count = 0;
  let scripts = 0;
  let deepest = 0;
  let skippedHeading: string | undefined;
  let sameSiteLink: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (unseen.has(name)) hidden += 1;
        if (name === 'script') scripts += 1;
        const level = headingLevels[name];
        if (level !== undefined) {
          if (level === 1) h1Count += 1;
          if (level > Math.max(deepest, 1) + 1 && skippedHeading === undefined)
            skippedHeading = `h${deepest || 1} → h${level}`;
          deepest = level;
        }
        if (name === 'a' && sameSiteLink === undefined && attribs.href !== undefined)
          sameSiteLink = otherPage(attribs.href, pageUrl);
        inWord = false;
      },
      onclosetag(name) {
        if (unseen.has(name) && hidden > 0) hidden -= 1;
        inWord = false;
      },
      ontext(data) {
        if (hidden > 0) return;
        for (let i = 0; i < data.length; i += 1) {
          const space = isSpace(data.charCodeAt(i));
          if (!space) letters += 1;
          if (!space && !inWord) words += 1;
          inWord = !space;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return {
    words,
    textRatio: html.length === 0 ? 0 : letters / html.length,
    h1Count,
    scripts,
    ...(skippedHeading !== undefined && { skippedHeading }),
    ...(sameSiteLink !== undefined && { sameSiteLink }),
  };
}

/** `href` as another HTML page of the same origin (no fragment, no file with an extension other than .html), or undefined. */
function otherPage(href: string, pageUrl: URL): string | undefined {
  if (!URL.canParse(href, pageUrl.href)) return undefined;
  const url = new URL(href, pageUrl);
  url.hash = '';
  if (url.origin !== pageUrl.origin || url.pathname === pageUrl.pathname) return undefined;
  const last = url.pathname.split('/').pop() ?? '';
  if (/\.[a-z0-9]+$/i.test(last) && !/\.html?$/i.test(last)) return undefined;
  return url.href;
}

/** White space as a reader sees it: ASCII blanks, no-break spaces and the Unicode space separators. */
function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || (code > 0x7f && /\s/.test(String.fromCharCode(code)));
}
