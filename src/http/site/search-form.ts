// The site-search form (GET /search), on every page: a plain form for people and, through its
// WebMCP attributes, the search_site tool for browser agents.
import { escapeHtml } from '../../html/escape.ts';
import { searchFormTool, type FormToolDeps } from './webmcp.ts';

/** Longest query the search page reads; the form says so too. */
export const searchQueryMaxLength = 200;

/** `id` must be unique on the page: the layout's form and the search page's own form differ. */
export function searchForm(deps: FormToolDeps, query = '', id = 'q'): string {
  const tool = searchFormTool(deps);
  return (
    `<form role="search" class="site-search" method="get" action="/search"${tool.attributes}>` +
    `<label for="${id}">Search the site</label>` +
    `<input id="${id}" name="q" type="search" required maxlength="${searchQueryMaxLength}"${tool.param('query')} value="${escapeHtml(query)}">` +
    '<button type="submit">Search</button></form>'
  );
}
