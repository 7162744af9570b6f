// Markdown rendering for the site's pages. Raw HTML inside content markdown is escaped, not passed
// through, so a content file cannot inject markup or scripts.
import { Marked } from 'marked';
import { html, pageText, trustedHtml, type Html } from '../../kernel/html-template.ts';
import { isPublishableHref } from '../../domain/content/link-schemes.ts';
import { transliterated } from '../../domain/language/identifier.ts';

const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return pageText(html`${text}`);
    },
    // Headings get ids so documents can link to sections (e.g. /developers#versioning), in ASCII
    // whatever the language ("Über uns" → #ueber-uns).
    heading({ tokens, depth, text }) {
      const id = transliterated(text)
        .toLowerCase()
        .replace(/<[^>]*>|&[a-z]+;/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    // A link whose scheme is not published (javascript:, data:…) is its text only, whatever the content says
    // (returning false leaves a publishable one to marked's own renderer).
    link({ href, tokens }) {
      return isPublishableHref(href) ? false : this.parser.parseInline(tokens);
    },
    image({ href, text }) {
      return isPublishableHref(href) ? false : pageText(html`${text}`);
    },
    // Code may wrap only after a separator ("/", "_", ".", "?", "&", "="), never inside a word.
    codespan({ text }) {
      return `<code>${text
        .replace(/([/_.?&=])(?=[^/_.?&=])/g, '$1\u0000')
        .replace(/&(?!amp;|lt;|gt;|quot;|#39;)/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 marks the break points set above.
        .replace(/\u0000/g, '<wbr>')}</code>`;
    },
  },
});

/** Renders trusted-but-not-HTML markdown to an HTML fragment. */
export function markdownToHtml(markdown: string): Html {
  // Wide tables scroll inside their own keyboard-focusable box instead of widening the page; each box
  // is named after the heading above it, so every region on a page has its own name.
  const names = new Map<string, number>();
  let heading = 'Table';
  const rendered = marked
    .parse(markdown, { async: false })
    .replace(/<h[1-6] id="[^"]*">(.*?)<\/h[1-6]>|<table>/g, (match, title?: string) => {
      if (title !== undefined) {
        heading = `Table: ${title.replace(/<[^>]+>/g, '')}`;
        return match;
      }
      const seen = (names.get(heading) ?? 0) + 1;
      names.set(heading, seen);
      return `<div class="table-scroll" role="region" aria-label="${heading}${seen > 1 ? ` (${seen})` : ''}" tabindex="0"><table>`;
    })
    .replace(/<\/table>/g, '</table></div>');
  // Trusted: marked's output, with any raw HTML of the markdown escaped by the renderer above.
  return trustedHtml(rendered);
}

/** Rewrites root-relative markdown links ("](/about)") to absolute ones, for agents reading mirrors. */
export function absolutizeLinks(markdown: string, baseUrl: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${baseUrl}/`);
}
