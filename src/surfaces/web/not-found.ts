// The HTML 404 page and the site search page (HTML and its markdown twin); both use the shared
// search so people and agents can find what they were looking for.
import type { SiteDeps } from './deps.ts';
import { concatHtml, html } from '../../kernel/html-template.ts';
import { layout } from './layout.ts';
import { llmsTxtPath } from './page-links.ts';
import { searchForm } from './search-form.ts';
import { searchGraph, siteGraph } from './structured-data/pages.ts';

export function notFoundHtml({ config, content, catalog }: SiteDeps, path: string): string {
  return layout({
    content,
    catalog,
    title: `Page not found · ${content.site.brandName}`,
    description: 'This page does not exist.',
    canonical: `${config.baseUrl}/`,
    path,
    searchForm: false,
    structuredData: siteGraph({ config, content }),
    main: concatHtml(
      html`<article><h1>Page not found</h1><p>There is no page at this address. `,
      html`Try the <a href="/">home page</a>, the <a href="/case-studies">case studies</a> or a search.</p>`,
      html`${searchForm({ catalog, content })}</article>`,
    ),
  });
}

const searchLimit = 20;

/** The search page as markdown (root-relative links; the route absolutizes them). */
export function searchMarkdown({ search }: SiteDeps, query: string): string {
  const hits = query ? search.search(query, { limit: searchLimit }) : [];
  const results = query
    ? hits.length
      ? `${hits.length} ${hits.length === 1 ? 'page matches' : 'pages match'} “${query}”:\n\n${hits.map((hit, i) => `${i + 1}. [${hit.title}](${hit.path}): ${hit.description}`).join('\n')}`
      : `No pages match “${query}”. Every page is listed in /llms.txt.`
    : 'Add `?q=` and your words to search every page and case study, e.g. `/search?q=attribution`.';
  return `# Search\n\n${results}\n`;
}

const statusPages = {
  405: ['Method not allowed', 'This address can only be read (GET). Forms on this site post to their own addresses.'],
  500: [
    'Something went wrong',
    'The page could not be shown because of a fault on our side. Please try again in a moment.',
  ],
} as const;

/** The site's page for a 405 or a 500; like the 404 page it never repeats the address asked for. */
export function statusPageHtml({ config, content, catalog }: SiteDeps, status: keyof typeof statusPages): string {
  const [heading, text] = statusPages[status];
  return layout({
    content,
    catalog,
    title: `${heading} · ${content.site.brandName}`,
    description: heading,
    canonical: `${config.baseUrl}/`,
    path: `/${status}`,
    searchForm: false,
    main: html`<article><h1>${heading}</h1><p>${text} Try the <a href="/">home page</a> or a search.</p>${searchForm({ catalog, content })}</article>`,
  });
}

/** The markdown twin of the 404, 405 and 500 pages. */
export function statusPageMarkdown(
  { config }: Pick<SiteDeps, 'config'>,
  status: 404 | keyof typeof statusPages,
): string {
  const [heading, text] = status === 404 ? ['Not found', 'No page at this address.'] : statusPages[status];
  return `# ${heading}\n\n${text} See ${config.baseUrl}/llms.txt for every page.\n`;
}

/** The search page; `markdownUrl` is its twin for this query, linked as the other pages link theirs. */
export function searchHtml(deps: SiteDeps, query: string, markdownUrl: string): string {
  const { config, content, search, catalog } = deps;
  const hits = query ? search.search(query, { limit: searchLimit }) : [];
  const items = hits.map(
    (hit) => html`<li><a href="${hit.path}">${hit.title}</a><br><span class="hint">${hit.description}</span></li>`,
  );
  const results = query ? (hits.length ? html`<ol>${items}</ol>` : html`<p>No pages match “${query}”.</p>`) : '';
  return layout({
    content,
    catalog,
    title: `Search · ${content.site.brandName}`,
    description: 'Search pages and case studies.',
    canonical: `${config.baseUrl}/search`,
    path: '/search',
    searchForm: false,
    markdownUrl,
    describedBy: `${config.baseUrl}${llmsTxtPath}`,
    structuredData: searchGraph(deps, query, hits),
    main: html`<article><h1>Search</h1>${searchForm({ catalog, content }, query)}${results}</article>`,
  });
}
