// The HTML 404 page and the site search page (HTML and its markdown twin); both use the shared
// search so people and agents can find what they were looking for.
import type { SiteDeps } from './deps.ts';
import { concatHtml, html } from '../../kernel/html-template.ts';
import { layout } from './layout.ts';
import { llmsTxtPath } from './page-links.ts';
import { searchForm } from './search-form.ts';
import { searchGraph, siteGraph } from './structured-data/pages.ts';
import { richText } from './rich-text.ts';
import type { UiKey } from '../../domain/language/ui-text.ts';

export function notFoundHtml({ config, content, catalog }: SiteDeps, path: string): string {
  const { ui } = content;
  const text = richText(
    ui,
    'error.notFoundText',
    {},
    {
      home: (words) => html`<a href="/">${words}</a>`,
      studies: (words) => html`<a href="${content.site.paths.caseStudies}">${words}</a>`,
    },
  );
  return layout({
    content,
    catalog,
    title: `${ui.text('error.notFoundTitle')} · ${content.site.brandName}`,
    description: ui.text('error.notFoundDescription'),
    canonical: `${config.baseUrl}/`,
    path,
    searchForm: false,
    structuredData: siteGraph({ config, content }),
    main: concatHtml(
      html`<article><h1>${ui.text('error.notFoundTitle')}</h1><p>${text}</p>`,
      html`${searchForm({ catalog, content })}</article>`,
    ),
  });
}

const searchLimit = 20;

/** The search page as markdown (root-relative links; the route absolutizes them). */
export function searchMarkdown({ search, content }: SiteDeps, query: string): string {
  const { ui } = content;
  const hits = query ? search.search(query, { limit: searchLimit }) : [];
  const list = hits.map((hit, i) => `${i + 1}. [${hit.title}](${hit.path}): ${hit.description}`).join('\n');
  const results = query
    ? hits.length
      ? `${ui.text('search.matches', { count: hits.length, query })}\n\n${list}`
      : ui.text('search.noMatchMarkdown', { query })
    : ui.text('search.howTo');
  return `# ${ui.text('search.title')}\n\n${results}\n`;
}

const statusPages = {
  405: ['error.methodTitle', 'error.methodText'],
  500: ['error.faultTitle', 'error.faultText'],
} as const satisfies Record<number, [UiKey, UiKey]>;

/** The site's page for a 405 or a 500; like the 404 page it never repeats the address asked for. */
export function statusPageHtml({ config, content, catalog }: SiteDeps, status: keyof typeof statusPages): string {
  const { ui } = content;
  const [heading, text] = statusPages[status].map((key) => ui.text(key)) as [string, string];
  const tryHome = richText(ui, 'error.tryHome', {}, { home: (words) => html`<a href="/">${words}</a>` });
  return layout({
    content,
    catalog,
    title: `${heading} · ${content.site.brandName}`,
    description: heading,
    canonical: `${config.baseUrl}/`,
    path: `/${status}`,
    searchForm: false,
    main: html`<article><h1>${heading}</h1><p>${text} ${tryHome}</p>${searchForm({ catalog, content })}</article>`,
  });
}

/** The markdown twin of the 404, 405 and 500 pages. */
export function statusPageMarkdown(
  { config, content }: Pick<SiteDeps, 'config' | 'content'>,
  status: 404 | keyof typeof statusPages,
): string {
  const { ui } = content;
  const keys =
    status === 404 ? (['error.notFoundMarkdownTitle', 'error.notFoundMarkdown'] as const) : statusPages[status];
  const [heading, text] = keys.map((key) => ui.text(key));
  return `# ${heading}\n\n${text} ${ui.text('error.everyPage', { url: `${config.baseUrl}/llms.txt` })}\n`;
}

/** The search page; `markdownUrl` is its twin for this query, linked as the other pages link theirs. */
export function searchHtml(deps: SiteDeps, query: string, markdownUrl: string): string {
  const { config, content, search, catalog } = deps;
  const hits = query ? search.search(query, { limit: searchLimit }) : [];
  const items = hits.map(
    (hit) => html`<li><a href="${hit.path}">${hit.title}</a><br><span class="hint">${hit.description}</span></li>`,
  );
  const { ui } = content;
  const noMatch = html`<p>${ui.text('search.noMatch', { query })}</p>`;
  const results = query ? (hits.length ? html`<ol>${items}</ol>` : noMatch) : '';
  return layout({
    content,
    catalog,
    title: `${ui.text('search.title')} · ${content.site.brandName}`,
    description: ui.text('search.description'),
    canonical: `${config.baseUrl}/search`,
    path: '/search',
    searchForm: false,
    markdownUrl,
    describedBy: `${config.baseUrl}${llmsTxtPath}`,
    structuredData: searchGraph(deps, query, hits),
    main: html`<article><h1>${ui.text('search.title')}</h1>${searchForm({ catalog, content }, query)}${results}</article>`,
  });
}
