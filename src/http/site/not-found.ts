// The HTML 404 page and the site search page (HTML and its markdown twin); both use the shared
// search so people and agents can find what they were looking for.
import type { SiteDeps } from './deps.ts';
import { escapeHtml } from './html.ts';
import { layout } from './layout.ts';
import { searchForm } from './search-form.ts';
import { searchGraph, siteGraph } from './structured-data/pages.ts';

export function notFoundHtml({ config, content }: SiteDeps, path: string): string {
  return layout({
    brandName: content.site.brandName, sample: content.site.sample, title: `Page not found · ${content.site.brandName}`,
    description: 'This page does not exist.', canonical: `${config.baseUrl}/`, path, searchForm: false, structuredData: siteGraph({ config, content }),
    main: `<article><h1>Page not found</h1><p>There is no page at this address. Try the <a href="/">home page</a>, the <a href="/case-studies">case studies</a> or a search.</p>${searchForm()}</article>`,
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

export function searchHtml({ config, content, search }: SiteDeps, query: string): string {
  const hits = query ? search.search(query, { limit: searchLimit }) : [];
  const results = query
    ? hits.length
      ? `<ol>${hits.map((hit) => `<li><a href="${escapeHtml(hit.path)}">${escapeHtml(hit.title)}</a><br><span class="hint">${escapeHtml(hit.description)}</span></li>`).join('')}</ol>`
      : `<p>No pages match “${escapeHtml(query)}”.</p>`
    : '';
  return layout({
    brandName: content.site.brandName, sample: content.site.sample, title: `Search · ${content.site.brandName}`,
    description: 'Search pages and case studies.', canonical: `${config.baseUrl}/search`, path: '/search', searchForm: false, structuredData: searchGraph({ config, content }, query, hits),
    main: `<article><h1>Search</h1>${searchForm(query)}${results}</article>`,
  });
}
