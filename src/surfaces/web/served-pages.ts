// Every page the site serves, with its final markdown and HTML: the content pages, the case-study
// pages and the generated developer page. A page's HTML is rendered when asked for; what is kept is
// its body as sent (page-bodies.ts), rendered again if evicted.
import type { KeptSlot } from '../../cache/kept-slot.ts';
import type { Page } from '../../domain/content/types.ts';
import type { FixedBody } from '../../http/fixed-body.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import { contactPageSlug, listingPageSlug } from '../../domain/content/generated-pages.ts';
import type { SiteDeps } from './deps.ts';
import { html, type Html } from '../../kernel/html-template.ts';
import { developerParts, developersMarkdown, type DeveloperParts } from './developers.ts';
import { band, closingTitle, ctaBand, markdownTitle, nextStepPitch, pageHead } from './components.ts';
import { facetsOf, type Facets } from './case-study-filters.ts';
import { caseStudyIndexMain } from './case-study-index.ts';
import { caseStudyMain } from './case-study-page.ts';
import { contactMain } from './contact-page.ts';
import { homeMain } from './home.ts';
import { markdownToHtml } from './html.ts';
import { layout } from './layout.ts';
import { llmsTxtPath } from './page-links.ts';
import { pageGraph } from './structured-data/pages.ts';
import { servicePageMain, servicesIndexMain } from './services-pages.ts';

/**
 * A page as served. It is also the kept slot of its HTML body (kept-slot.ts): `value` holds that body
 * while the response cache keeps it, so a request reads the page and the body, no third object.
 */
export interface ServedPage extends KeptSlot<FixedBody> {
  page: Page;
  /** Markdown with root-relative links (absolutized when served). */
  markdown: string;
  /** The page's HTML, rendered anew on each call (the body made from it is kept, page-bodies.ts). */
  html(): Promise<string>;
  /** The keys its HTML and markdown bodies are kept under (page-bodies.ts), written once. */
  readonly htmlKey: string;
  readonly markdownKey: string;
  /**
   * Its HTML's and its twin's Link headers, written on first use (site-replies.ts). Kept on the page
   * itself: a request reads one object of its site for them, which over many sites is one read out
   * of the processor's caches rather than one per lookup.
   */
  htmlLinks: string | undefined;
  twinLinks: string | undefined;
}

export interface ServedPages {
  all: ServedPage[];
  /** The generated developer page (answered with the latest self-audit, developers-reply.ts). */
  developers: ServedPage;
  byPath: Map<string, ServedPage>;
  bySlug: Map<string, ServedPage>;
  /** Read on first use: sorting every study's industry costs tens of ms at start with 10 000 studies. */
  readonly facets: Facets;
}

export function buildServedPages(deps: SiteDeps): ServedPages {
  const { config, content } = deps;
  const brand = content.site.brandName;
  const parts = developerParts(config, content, deps.catalog);
  const developers: Page = {
    slug: 'developers',
    path: '/developers',
    section: 'resources',
    title: `${parts.heading} · ${brand}`,
    description: content.ui.text('developers.description', { brand }),
    body: developersMarkdown(parts),
  };
  let facets: Facets | undefined;
  const facetsNow = (): Facets => (facets ??= facetsOf(content));
  const pages = [...content.pages, developers];
  // HTML is rendered when first asked for, not at start: rendering every page up front made start-up
  // grow with the number of case studies (a site of 10 000 takes seconds).
  const all = pages.map(
    (page): ServedPage => ({
      page,
      markdown: page.body,
      html: () =>
        page === developers
          ? Promise.resolve(pageLayout(deps, page, developersMain(parts)))
          : renderPageHtml(deps, facetsNow(), page),
      htmlKey: `html ${page.path}`,
      // Its HTML body's kept slot, empty until first asked (as keptSlot() makes one).
      value: undefined,
      reads: 0,
      markdownKey: `markdown ${page.path}`,
      htmlLinks: undefined,
      twinLinks: undefined,
    }),
  );
  const byPath = new Map(all.map((served) => [served.page.path, served]));
  const bySlug = new Map(all.map((served) => [served.page.slug, served]));
  bySlug.set('index', bySlug.get('home') ?? all[0]!);
  return new SitePages(all, byPath, bySlug, facetsNow);
}

// A class, its getter on the prototype: an object literal with a getter is held in dictionary mode,
// so every page request's read of `byPath` went through its own table, with many sites read out of
// the processor's caches each time (docs/benchmarks.md, many sites in one process).
class SitePages implements ServedPages {
  readonly all: ServedPage[];
  readonly developers: ServedPage;
  readonly byPath: Map<string, ServedPage>;
  readonly bySlug: Map<string, ServedPage>;
  readonly #facets: () => Facets;

  constructor(
    all: ServedPage[],
    byPath: Map<string, ServedPage>,
    bySlug: Map<string, ServedPage>,
    facets: () => Facets,
  ) {
    this.all = all;
    this.developers = all.at(-1)!;
    this.byPath = byPath;
    this.bySlug = bySlug;
    this.#facets = facets;
  }

  get facets(): Facets {
    return this.#facets();
  }
}

/**
 * The layout around a page's main content, with the page's own title, description and URLs;
 * `variant` names a filtered view of the page (its own title and shareable canonical URL).
 */
export function pageLayout(deps: SiteDeps, page: Page, main: Html, variant?: { title: string; path: string }): string {
  const { config } = deps;
  // A translated page shows its own language's words, navigation and footer.
  const content = page.language ? deps.content.inLanguage(page.language) : deps.content;
  const urls = pageUrls(config.baseUrl, page);
  const translations = deps.content.translationsOf(page).map((translation) => ({
    language: translation.language ?? deps.content.site.languages[0]!,
    url: pageUrls(config.baseUrl, translation).url,
  }));
  return layout({
    content,
    translations,
    catalog: deps.catalog,
    title:
      (page.translationOf ?? page.slug) === 'home' || page.title.includes(content.site.brandName)
        ? (variant?.title ?? page.title)
        : `${variant?.title ?? page.title} · ${content.site.brandName}`,
    description: page.description,
    canonical: variant ? `${config.baseUrl}${variant.path}` : urls.url,
    markdownUrl: urls.markdown_url,
    describedBy: `${config.baseUrl}${llmsTxtPath}`,
    path: page.path,
    main,
    structuredData: pageGraph({ ...deps, content }, page),
    designed: true,
  });
}

async function renderPageHtml(siteDeps: SiteDeps, facets: Facets, page: Page): Promise<string> {
  const deps = page.language ? { ...siteDeps, content: siteDeps.content.inLanguage(page.language) } : siteDeps;
  const { content } = deps;
  // A translation is shown as the page it translates is: its home, listing or service, in its language.
  const kind = page.translationOf ?? page.slug;
  const service = page.section === 'services' ? content.services.find((s) => s.pageSlug === page.slug) : undefined;
  const cs = page.caseStudySlug ? content.caseStudyBySlug(page.caseStudySlug) : undefined;
  let main: Html;
  if (kind === 'home') main = homeMain(content, page);
  else if (kind === 'services') main = servicesIndexMain(content, page);
  else if (service) main = servicePageMain(content, page, service);
  else if (kind === listingPageSlug) main = caseStudyIndexMain(content, page, facets, { page: 1 }).main;
  else if (cs) main = await caseStudyMain(content, cs);
  else if (kind === contactPageSlug) main = contactMain(deps, page);
  else main = genericMain(deps, page);
  return pageLayout(deps, page, main);
}

/** The developer page: heading and lead in the site's language, the reference marked as English where it is not. */
function developersMain(parts: DeveloperParts): Html {
  const reference = markdownToHtml(parts.reference);
  const fit = parts.fit ? markdownToHtml(parts.fit) : '';
  const prose = parts.referenceLang
    ? html`<div class="prose">${fit}</div><div class="prose" lang="${parts.referenceLang}">${reference}</div>`
    : html`<div class="prose">${fit}${reference}</div>`;
  return html`${pageHead({ title: parts.heading, lead: parts.lead })}${band('', prose)}`;
}

/** About, the offer and any other content page: a page head and the text. */
function genericMain({ content }: SiteDeps, page: Page): Html {
  const body = page.body.replace(/^# .*$/m, '').trim();
  const [first = '', ...rest] = body.split(/\n\s*\n/);
  // A short opening paragraph becomes the lead; anything else stays in the text.
  const isLead = !/^[>#|\-`*\d]/.test(first) && first.length < 320;
  const text = isLead ? rest.join('\n\n') : body;
  const lead = isLead
    ? first
        .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
        .replace(/[*_`]/g, '')
        .replace(/\s+/g, ' ')
    : undefined;
  const offer = content.site.offer;
  // The offer's own page leads to the contact form; every other page to the offer.
  const closing =
    offer && page.slug === offer.page
      ? ctaBand(
          content,
          offer.bookTitle,
          (content.contact.bookingNote ?? content.contact.responseTime ?? '').replace(/\s+/g, ' '),
          undefined,
          { href: `${content.site.paths.contact}#form`, label: offer.bookButton },
        )
      : ctaBand(content, closingTitle(content), nextStepPitch(content), {
          href: content.site.paths.caseStudies,
          label: content.ui.text('home.seeResults'),
        });
  const head = pageHead({ title: markdownTitle(page.body, page.title), ...(lead && { lead }) });
  return html`${head}${band('', html`<div class="prose">${markdownToHtml(text)}</div>`)}${closing}`;
}
