// The case-study index for people: a GET form and plain links to filter by industry and service,
// the number of matches, cards and page links. Every URL is shareable; bad values get a clear page.
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Page } from '../../domain/content/types.ts';
import { caseStudyListMarkdown } from '../../domain/content/generated-pages.ts';
import {
  band,
  caseStudyCards,
  contactAction,
  ctaBand,
  markdownTitle,
  nextStepPitch,
  pageHead,
  sectionTitle,
} from './components.ts';
import { matching, pageSize, selectionUrl, type Facet, type Facets, type Selection } from './case-study-filters.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import { caseStudyFilterTool, filterDescriptions, formToolAttributes, paramAttribute } from './webmcp.ts';
import type { UiText } from '../../domain/language/ui-text.ts';
import { richText } from './rich-text.ts';

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
export function filterForm(listing: string, facets: Facets, ui: UiText, selection: Partial<Selection> = {}): Html {
  const tool = formToolAttributes(caseStudyFilterTool);
  const t = ui.text;
  return concatHtml(
    html`<form class="filters" method="get" action="${listing}" aria-label="${t('index.filterLabel')}"${tool}>`,
    select('industry', t('index.industry'), t('index.allIndustries'), facets.industries, selection.industry),
    select('service', t('index.service'), t('index.allServices'), facets.services, selection.service),
    html`<div><button type="submit">${t('index.show')}</button></div></form>`,
  );
}

function serviceLinks(listing: string, facets: Facets, selection: Selection, ui: UiText): Html {
  const link = (facet: Facet | undefined, label: string): Html => {
    const current = facet?.slug === selection.service?.slug ? html` aria-current="true"` : '';
    const href = selectionUrl(listing, {
      ...(selection.industry && { industry: selection.industry }),
      ...(facet && { service: facet }),
      page: 1,
    });
    return html`<li><a href="${href}"${current}>${label}</a></li>`;
  };
  const links = facets.services.map((facet) => link(facet, facet.name));
  const all = link(undefined, ui.text('index.allServices'));
  return html`<nav aria-label="${ui.text('index.byService')}"><ul class="chips chip-links">${all}${links}</ul></nav>`;
}

function pager(listing: string, selection: Selection, pages: number, ui: UiText): Html | '' {
  if (pages <= 1) return '';
  const to = (page: number): string => selectionUrl(listing, { ...selection, page });
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).map(
    (n) =>
      html`<li>${n === selection.page ? html`<a href="${to(n)}" aria-current="page">${n}</a>` : html`<a href="${to(n)}">${n}</a>`}</li>`,
  );
  const prev =
    selection.page > 1
      ? html`<li><a href="${to(selection.page - 1)}" rel="prev">${ui.text('index.previous')}</a></li>`
      : '';
  const next =
    selection.page < pages
      ? html`<li><a href="${to(selection.page + 1)}" rel="next">${ui.text('index.next')}</a></li>`
      : '';
  return html`<nav class="pager" aria-label="${ui.text('index.pages')}"><ul>${prev}${numbers}${next}</ul></nav>`;
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
  const { ui } = content;
  const listing = page.path;
  const studies = matching(content, selection);
  const pages = Math.max(1, Math.ceil(studies.length / pageSize));
  const filtered = Boolean(selection.industry || selection.service);
  const what = [selection.industry?.name, selection.service?.name].filter(Boolean).join(' · ');
  const caseStudies = sectionTitle(content, 'case-studies');
  const heading = markdownTitle(page.body, caseStudies);
  const head = pageHead({
    eyebrow: filtered ? html`<a href="${listing}">${caseStudies}</a>` : caseStudies,
    title: what ? ui.text('index.filteredHeading', { what, heading, headingLower: heading.toLowerCase() }) : heading,
    lead: intro,
  });
  const controls = html`${filterForm(listing, facets, ui, selection)}${serviceLinks(listing, facets, selection, ui)}`;
  if (selection.page > pages) {
    const first = selectionUrl(listing, { ...selection, page: 1 });
    const missing = richText(
      ui,
      'index.noSuchPage',
      { page: selection.page, count: studies.length, pages },
      { first: (words) => html`<a href="${first}">${words}</a>` },
    );
    const notice = html`<div class="notice bad" role="alert"><p>${missing}</p></div>`;
    return {
      status: 404,
      title: ui.text('index.noSuchPageTitle'),
      main: html`${head}${band('', html`${controls}${notice}`)}`,
    };
  }
  const shown = studies.slice((selection.page - 1) * pageSize, selection.page * pageSize);
  const count = concatHtml(
    html`<p class="count" id="matches"><strong>${studies.length}</strong> ${ui.text('index.count', { count: studies.length })}`,
    html`${what ? ui.text('index.countFor', { what }) : ''}${pages > 1 ? ui.text('index.pageOf', { page: selection.page, pages }) : ''}`,
    html`${filtered ? html` · <a href="${listing}">${ui.text('index.clear')}</a>` : ''}</p>`,
  );
  const results = shown.length
    ? caseStudyCards(content, shown, ui.text('index.matching'), 2)
    : html`<p>${ui.text('index.none')}</p>`;
  const listTitle = what ? ui.text('index.title', { what }) : caseStudies;
  const title = selection.page > 1 ? ui.text('index.titlePage', { title: listTitle, page: selection.page }) : listTitle;
  const list = band('', html`${controls}${count}${results}${pager(listing, selection, pages, ui)}`);
  const closing = ctaBand(content, ui.text('index.closing'), nextStepPitch(content), contactAction(content));
  return { status: 200, title, main: html`${head}${list}${closing}` };
}

/** The clear page for a query that names no real filter. */
export function badFilterMain(listing: string, facets: Facets, problems: string[], ui: UiText): Html {
  const head = pageHead({
    eyebrow: html`<a href="${listing}">${ui.text('nav.case-studies')}</a>`,
    title: ui.text('index.badTitle'),
  });
  const notice = html`<div class="notice bad" role="alert">${problems.map((p) => html`<p>${p}</p>`)}</div>`;
  const all = richText(ui, 'index.badChoose', {}, { all: (words) => html`<a href="${listing}">${words}</a>` });
  return html`${head}${band('', html`${notice}<p>${all}</p>${filterForm(listing, facets, ui)}`)}`;
}
