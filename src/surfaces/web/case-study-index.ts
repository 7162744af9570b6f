// The case-study index for people: a GET form and plain links to filter by industry and service,
// the number of matches, cards and page links. Every URL is shareable; bad values get a clear page.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { caseStudyListMarkdown } from '../../domain/content/generated-pages.ts';
import { band, caseStudyCards, contactAction, ctaBand, markdownTitle, nextStepPitch, pageHead } from './components.ts';
import { matching, pageSize, selectionUrl, type Facet, type Facets, type Selection } from './case-study-filters.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { caseStudyFilterTool, filterDescriptions, formToolAttributes, paramAttribute } from './webmcp.ts';

export interface IndexPage {
  /** 200, or 404 for a page number past the last page. */
  status: number;
  main: Html;
  title: string;
}

function select(
  name: keyof typeof filterDescriptions,
  label: string,
  all: string,
  facets: Facet[],
  chosen?: Facet,
): Html {
  const options = facets.map(
    (facet) =>
      html`<option value="${facet.slug}"${facet.slug === chosen?.slug ? html` selected` : ''}>${facet.name}</option>`,
  );
  const described = paramAttribute(filterDescriptions[name]);
  return concatHtml(
    html`<div><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}"${described}>`,
    html`<option value="">${all}</option>${options}</select></div>`,
  );
}

/** The GET filter form, also a WebMCP tool (filter_case_studies) for browser agents. */
export function filterForm(facets: Facets, selection: Partial<Selection> = {}): Html {
  const tool = formToolAttributes(caseStudyFilterTool);
  return concatHtml(
    html`<form class="filters" method="get" action="/case-studies" aria-label="Filter case studies"${tool}>`,
    select('industry', 'Industry', 'All industries', facets.industries, selection.industry),
    select('service', 'Service', 'All services', facets.services, selection.service),
    html`<div><button type="submit">Show case studies</button></div></form>`,
  );
}

function serviceLinks(facets: Facets, selection: Selection): Html {
  const link = (facet: Facet | undefined, label: string): Html => {
    const current = facet?.slug === selection.service?.slug ? html` aria-current="true"` : '';
    const href = selectionUrl({
      ...(selection.industry && { industry: selection.industry }),
      ...(facet && { service: facet }),
      page: 1,
    });
    return html`<li><a href="${href}"${current}>${label}</a></li>`;
  };
  const links = facets.services.map((facet) => link(facet, facet.name));
  return html`<nav aria-label="By service"><ul class="chips chip-links">${link(undefined, 'All services')}${links}</ul></nav>`;
}

function pager(selection: Selection, pages: number): Html | '' {
  if (pages <= 1) return '';
  const to = (page: number): string => selectionUrl({ ...selection, page });
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).map(
    (n) =>
      html`<li>${n === selection.page ? html`<a href="${to(n)}" aria-current="page">${n}</a>` : html`<a href="${to(n)}">${n}</a>`}</li>`,
  );
  const prev = selection.page > 1 ? html`<li><a href="${to(selection.page - 1)}" rel="prev">← Previous</a></li>` : '';
  const next = selection.page < pages ? html`<li><a href="${to(selection.page + 1)}" rel="next">Next →</a></li>` : '';
  return html`<nav class="pager" aria-label="Pages"><ul>${prev}${numbers}${next}</ul></nav>`;
}

const casesWord = (count: number, one: string, many: string): string => `case ${count === 1 ? one : many}`;

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
    eyebrow: filtered ? html`<a href="/case-studies">Case studies</a>` : 'Case studies',
    title: what ? `${what} ${heading.toLowerCase()}` : heading,
    lead: intro,
  });
  const controls = html`${filterForm(facets, selection)}${serviceLinks(facets, selection)}`;
  if (selection.page > pages) {
    const matches = `${studies.length} ${casesWord(studies.length, 'study matches', 'studies match')}`;
    const first = selectionUrl({ ...selection, page: 1 });
    const notice = concatHtml(
      html`<div class="notice bad" role="alert"><p>Page ${selection.page} does not exist: ${matches}, `,
      html`on ${pages} ${pages === 1 ? 'page' : 'pages'}. <a href="${first}">Go to the first page</a>.</p></div>`,
    );
    return {
      status: 404,
      title: 'No such page of case studies',
      main: html`${head}${band('', html`${controls}${notice}`)}`,
    };
  }
  const shown = studies.slice((selection.page - 1) * pageSize, selection.page * pageSize);
  const count = concatHtml(
    html`<p class="count" id="matches"><strong>${studies.length}</strong> ${casesWord(studies.length, 'study', 'studies')}`,
    html`${what ? ` for ${what}` : ''}${pages > 1 ? ` · page ${selection.page} of ${pages}` : ''}`,
    html`${filtered ? html` · <a href="/case-studies">Clear filters</a>` : ''}</p>`,
  );
  const results = shown.length
    ? caseStudyCards(content, shown, 'Matching case studies', 2)
    : html`<p>No case study matches both filters yet. Try one filter at a time.</p>`;
  const title = `${what ? `${what} case studies` : 'Case studies'}${selection.page > 1 ? `, page ${selection.page}` : ''}`;
  const list = band('', html`${controls}${count}${results}${pager(selection, pages)}`);
  const closing = ctaBand(content.site, 'Want results like these?', nextStepPitch(content), contactAction);
  return { status: 200, title, main: html`${head}${list}${closing}` };
}

/** The clear page for a query that names no real filter. */
export function badFilterMain(facets: Facets, problems: string[]): Html {
  const head = pageHead({
    eyebrow: html`<a href="/case-studies">Case studies</a>`,
    title: 'We could not apply that filter',
  });
  const notice = html`<div class="notice bad" role="alert">${problems.map((p) => html`<p>${p}</p>`)}</div>`;
  const choose = html`<p>Choose from the lists below, or <a href="/case-studies">see every case study</a>.</p>`;
  return html`${head}${band('', html`${notice}${choose}${filterForm(facets)}`)}`;
}
