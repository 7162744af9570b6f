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
// A description list is a list of "Label: value" lines, one a term (turndown has no rule for it, and
// reads <dt> and <dd> as paragraphs or, inline, glues them).
turndown.addRule('descriptionList', {
  filter: 'dl',
  replacement: (content) => `\n\n${content.trim()}\n\n`,
});
turndown.addRule('term', {
  filter: 'dt',
  replacement: (content) => `\n- ${oneLine(content).replace(/:$/, '')}: `,
});
turndown.addRule('definition', {
  filter: 'dd',
  replacement: (content, node) =>
    `${oneLine(content)}${(node as { nextElementSibling?: { tagName?: string } }).nextElementSibling?.tagName === 'DD' ? '; ' : ''}`,
});

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
  separateInlineValues(document);
  // The linkedom tree itself, not its HTML: turndown would parse a string again with its own DOM.
  const markdown = turndown.turndown(document.body as unknown as Parameters<typeof turndown.turndown>[0]);
  return tidy(markdown);
}

/** Inline elements whose neighbour is a label or value of their own: "13<span>monthly</span>". */
const inline = 'span, strong, b, em, i, small, mark, time, abbr, data, code';
const wordEnd = /[\p{L}\p{N}:]$/u;
const wordStart = /^[\p{L}\p{N}]/u;

/**
 * Puts a space between an inline element and the word it touches ("<strong>Laufzeit</strong><span>3–12
 * Monate</span>" would read "Laufzeit3–12 Monate"): a page's layout sets them apart, its markdown must.
 */
function separateInlineValues(document: ReturnType<typeof parseHTML>['document']): void {
  for (const element of document.querySelectorAll(inline)) {
    const text = element.textContent ?? '';
    const before = element.previousSibling;
    if (before && wordEnd.test(before.textContent ?? '') && wordStart.test(text)) element.before(' ');
    const after = element.nextSibling;
    if (after && wordEnd.test(text) && wordStart.test(after.textContent ?? '')) element.after(' ');
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
