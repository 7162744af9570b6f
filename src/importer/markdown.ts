// A page's main content as the markdown of a content file, through turndown. Every link and image is
// rewritten first: a link to a page the import wrote leads to that page's new address, anything else
// on the site becomes an absolute URL of the origin (the content check refuses a local link to a page
// the folder does not have), and placeholder and script links ("#!", "javascript:", "data:",
// however spelt) lose their link.
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { isPublishableHref } from '../domain/content/link-schemes.ts';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
turndown.remove(['button', 'select', 'input', 'textarea', 'label']);

/**
 * @param localPath the new address of a same-origin page the folder holds, e.g. /about for
 *   https://agency.example/about.html; undefined when the folder does not hold it.
 */
export function toMarkdown(html: string, pageUrl: URL, localPath: (url: URL) => string | undefined): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  for (const link of document.querySelectorAll('a')) {
    const href = link.getAttribute('href')?.trim() ?? '';
    const target = URL.canParse(href, pageUrl.href) && isPublishableHref(href) ? new URL(href, pageUrl) : undefined;
    if (!target || href.startsWith('#')) {
      link.removeAttribute('href');
      continue;
    }
    const hash = target.hash;
    target.hash = '';
    const local = target.origin === pageUrl.origin ? localPath(target) : undefined;
    link.setAttribute('href', local ? `${local}${hash}` : `${target.href}${hash}`);
  }
  for (const image of document.querySelectorAll('img')) {
    const src = image.getAttribute('src')?.trim() ?? '';
    if (!src || !URL.canParse(src, pageUrl.href) || !isPublishableHref(src)) image.remove();
    else image.setAttribute('src', new URL(src, pageUrl).href);
  }
  // The linkedom tree itself, not its HTML: turndown would parse a string again with its own DOM.
  const markdown = turndown.turndown(document.body as unknown as Parameters<typeof turndown.turndown>[0]);
  return tidy(markdown);
}

/** Turndown keeps the source's blank lines and list padding: at most one blank line, "- " items. */
function tidy(markdown: string): string {
  return markdown
    .replace(/^(\s*)-\s{2,}/gm, '$1- ')
    .replace(/^(\s*\d+\.)\s{2,}/gm, '$1 ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
