// The case-study index for people: a GET form and plain links to filter by industry and service,
// the number of matches, cards and page links. Every URL is shareable; bad values get a clear page.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { caseStudyListMarkdown } from '../../domain/content/generated-pages.ts';
import { band, caseStudyCards, contactAction, ctaBand, markdownTitle, nextStepPitch, pageHead } from './components.ts';
import { matching, pageSize, selectionUrl, type Facet, type Facets, type Selection } from './case-study-filters.ts';
import { escapeHtml } from '../../html/escape.ts';
import { caseStudyFilterTool, filterDescriptions, formToolAttributes, paramAttribute } from './webmcp.ts';

export interface IndexPage {
  /** 200, or 404 for a page number past the last page. */
  status: number;
  main: string;
  title: string;
}

function select(
  name: keyof typeof filterDescriptions,
  label: string,
  all: string,
  facets: Facet[],
  chosen?: Facet,
): string {
  const options = facets
    .map(
      (facet) =>
        `<option value="${facet.slug}"${facet.slug === chosen?.slug ? ' selected' : ''}>${escapeHtml(facet.name)}</option>`,
    )
    .join('');
  return `<div><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"${paramAttribute(filterDescriptions[name])}><option value="">${all}</option>${options}</select></div>`;
}

/** The GET filter form, also a WebMCP tool (filter_case_studies) for browser agents. */
export function filterForm(facets: Facets, selection: Partial<Selection> = {}): string {
  return `<form class="filters" method="get" action="/case-studies" aria-label="Filter case studies"${formToolAttributes(caseStudyFilterTool)}>${select('industry', 'Industry', 'All industries', facets.industries, selection.industry)}${select('service', 'Service', 'All services', facets.services, selection.service)}<div><button type="submit">Show case studies</button></div></form>`;
}

function serviceLinks(facets: Facets, selection: Selection): string {
  const link = (facet: Facet | undefined, label: string): string => {
    const current = facet?.slug === selection.service?.slug;
    return `<li><a href="${selectionUrl({ ...(selection.industry && { industry: selection.industry }), ...(facet && { service: facet }), page: 1 })}"${current ? ' aria-current="true"' : ''}>${escapeHtml(label)}</a></li>`;
  };
  return `<nav aria-label="By service"><ul class="chips chip-links">${link(undefined, 'All services')}${facets.services.map((facet) => link(facet, facet.name)).join('')}</ul></nav>`;
}

function pager(selection: Selection, pages: number): string {
  if (pages <= 1) return '';
  const to = (page: number): string => selectionUrl({ ...selection, page });
  const numbers = Array.from({ length: pages }, (_, i) => i + 1)
    .map(
      (n) =>
        `<li>${n === selection.page ? `<a href="${to(n)}" aria-current="page">${n}</a>` : `<a href="${to(n)}">${n}</a>`}</li>`,
    )
    .join('');
  const prev = selection.page > 1 ? `<li><a href="${to(selection.page - 1)}" rel="prev">← Previous</a></li>` : '';
  const next = selection.page < pages ? `<li><a href="${to(selection.page + 1)}" rel="next">Next →</a></li>` : '';
  return `<nav class="pager" aria-label="Pages"><ul>${prev}${numbers}${next}</ul></nav>`;
}

export function caseStudyIndexMain(
  content: ContentCatalog,
  page: Page,
  facets: Facets,
  selection: Selection,
): IndexPage {
  const intro = page.body
    .replace(caseStudyListMarkdown(content), '')
    .replace(/^# .*$/m, '')
    .trim()
    .replace(/\s+/g, ' ');
  const studies = matching(content, selection);
  const pages = Math.max(1, Math.ceil(studies.length / pageSize));
  const filtered = Boolean(selection.industry || selection.service);
  const what = [selection.industry?.name, selection.service?.name].filter(Boolean).join(' · ');
  const heading = markdownTitle(page.body, 'Case studies');
  const head = pageHead({
    eyebrow: filtered ? '<a href="/case-studies">Case studies</a>' : 'Case studies',
    title: what ? `${what} ${heading.toLowerCase()}` : heading,
    lead: intro,
  });
  const controls = `${filterForm(facets, selection)}${serviceLinks(facets, selection)}`;
  if (selection.page > pages) {
    return {
      status: 404,
      title: 'No such page of case studies',
      main: `${head}${band('', `${controls}<div class="notice bad" role="alert"><p>Page ${selection.page} does not exist: ${studies.length} case ${studies.length === 1 ? 'study matches' : 'studies match'}, on ${pages} ${pages === 1 ? 'page' : 'pages'}. <a href="${selectionUrl({ ...selection, page: 1 })}">Go to the first page</a>.</p></div>`)}`,
    };
  }
  const shown = studies.slice((selection.page - 1) * pageSize, selection.page * pageSize);
  const count = `<p class="count" id="matches"><strong>${studies.length}</strong> case ${studies.length === 1 ? 'study' : 'studies'}${what ? ` for ${escapeHtml(what)}` : ''}${pages > 1 ? ` · page ${selection.page} of ${pages}` : ''}${filtered ? ` · <a href="/case-studies">Clear filters</a>` : ''}</p>`;
  const results = shown.length
    ? caseStudyCards(content, shown, 'Matching case studies', 2)
    : '<p>No case study matches both filters yet. Try one filter at a time.</p>';
  const title = `${what ? `${what} case studies` : 'Case studies'}${selection.page > 1 ? `, page ${selection.page}` : ''}`;
  return {
    status: 200,
    title,
    main: `${head}${band('', `${controls}${count}${results}${pager(selection, pages)}`)}${ctaBand(content.site, 'Want results like these?', nextStepPitch(content), contactAction)}`,
  };
}

/** The clear page for a query that names no real filter. */
export function badFilterMain(facets: Facets, problems: string[]): string {
  return `${pageHead({ eyebrow: '<a href="/case-studies">Case studies</a>', title: 'We could not apply that filter' })}${band('', `<div class="notice bad" role="alert">${problems.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</div><p>Choose from the lists below, or <a href="/case-studies">see every case study</a>.</p>${filterForm(facets)}`)}`;
}
