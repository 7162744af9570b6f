// HTML helpers: escaping and markdown rendering. Raw HTML inside content markdown is escaped, not
// passed through, so a content file cannot inject markup or scripts into the site.
import { Marked } from 'marked';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    // Headings get ids so documents can link to sections (e.g. /developers#versioning).
    heading({ tokens, depth, text }) {
      const id = text.toLowerCase().replace(/<[^>]*>|&[a-z]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

/** Renders trusted-but-not-HTML markdown to an HTML fragment. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** Rewrites root-relative markdown links ("](/about)") to absolute ones, for agents reading mirrors. */
export function absolutizeLinks(markdown: string, baseUrl: string): string {
  return markdown.replace(/\]\(\/(?!\/)/g, `](${baseUrl}/`);
}
