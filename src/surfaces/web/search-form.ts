// The site-search form (GET /search), on every page: a plain form for people and, through its
// WebMCP attributes, the search_site tool for browser agents.
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { searchFormTool, type FormToolDeps } from './webmcp.ts';
import type { UiText } from '../../domain/language/ui-text.ts';

/** The form's tool and the site's words for its label and button. */
type SearchFormDeps = FormToolDeps & { content: { ui: UiText } };

/** Longest query the search page reads; the form says so too. */
export const searchQueryMaxLength = 200;

/** `id` must be unique on the page: the layout's form and the search page's own form differ. */
export function searchForm(deps: SearchFormDeps, query = '', id = 'q'): Html {
  const { ui } = deps.content;
  const tool = searchFormTool(deps);
  const described = tool.param('query');
  return concatHtml(
    html`<form role="search" class="site-search" method="get" action="/search"${tool.attributes}>`,
    html`<label for="${id}">${ui.text('search.label')}</label>`,
    html`<input id="${id}" name="q" type="search" required maxlength="${searchQueryMaxLength}"${described} value="${query}">`,
    html`<button type="submit">${ui.text('search.button')}</button></form>`,
  );
}
