// Every page the site serves, with its final markdown and HTML (rendered once, on first request):
// the content pages, the case-study pages and the generated developer page.
import type { Page } from '../../domain/content/types.ts';
import { pageUrls } from '../../domain/content/urls.ts';
import type { SiteDeps } from './deps.ts';
import { developersMarkdown } from './developers.ts';
import { escapeHtml, markdownToHtml } from './html.ts';
import { layout } from './layout.ts';
import { pageGraph } from './structured-data/pages.ts';
import { renderContactForm } from './contact-form.ts';
import { caseStudyListMarkdown, contactPageSlug, listingPageSlug } from '../../domain/content/generated-pages.ts';

export interface ServedPage {
  page: Page;
  /** Markdown with root-relative links (absolutized when served). */
  markdown: string;
  html: string;
}

export interface ServedPages {
  all: ServedPage[];
  byPath: Map<string, ServedPage>;
  bySlug: Map<string, ServedPage>;
}

export function buildServedPages(deps: SiteDeps): ServedPages {
  const { config, content } = deps;
  const developers: Page = {
    slug: 'developers', path: '/developers', section: 'resources', title: `Developers · ${content.site.brandName}`,
    description: `REST API, MCP server, authentication, limits, versioning and discovery documents of ${content.site.brandName}.`,
    body: developersMarkdown(config, content),
  };
  const pages = [...content.pages, developers];
  // HTML is rendered on first request and kept: rendering every page up front made start-up grow
  // with the number of case studies (bench/: 10 000 studies).
  const all = pages.map((page): ServedPage => {
    let html: string | undefined;
    return {
      page,
      markdown: page.body,
      get html() {
        return (html ??= renderPageHtml(deps, page, page.body));
      },
    };
  });
  const byPath = new Map(all.map((served) => [served.page.path, served]));
  const bySlug = new Map(all.map((served) => [served.page.slug, served]));
  bySlug.set('index', bySlug.get('home') ?? all[0]!);
  return { all, byPath, bySlug };
}

function renderPageHtml(deps: SiteDeps, page: Page, markdown: string): string {
  const { config, content } = deps;
  let main: string;
  if (page.slug === listingPageSlug) {
    // People get cards instead of the generated markdown list.
    const intro = markdown.replace(caseStudyListMarkdown(content), '');
    main = `<article>${markdownToHtml(intro)}</article>${caseStudyCards(deps)}`;
  } else if (page.slug === contactPageSlug) {
    main = `<article>${markdownToHtml(markdown)}<h2 id="form">Send us a message</h2>${renderContactForm()}</article>`;
  } else {
    const cs = page.caseStudySlug ? content.caseStudyBySlug(page.caseStudySlug) : undefined;
    const badge = cs?.flagship ? '<p><span class="badge">Flagship proof point</span></p>' : '';
    const back = cs ? '<p><a href="/case-studies">← All case studies</a></p>' : '';
    main = `<article>${back}${badge}${markdownToHtml(markdown)}</article>`;
  }
  const urls = pageUrls(config.baseUrl, page);
  return layout({
    brandName: content.site.brandName,
    sample: content.site.sample,
    title: page.slug === 'home' ? page.title : `${page.title} · ${content.site.brandName}`,
    description: page.description,
    canonical: urls.url,
    markdownUrl: urls.markdown_url,
    path: page.path,
    main,
    structuredData: pageGraph(deps, page),
  });
}

function caseStudyCards({ content }: SiteDeps): string {
  const cards = content.caseStudies.map((cs) => `<li class="card">
<h2><a href="/case-studies/${cs.slug}">${escapeHtml(cs.client)}</a></h2>
<p class="stat">${escapeHtml(cs.headlineStat)}</p>
<p class="meta">${escapeHtml(cs.industry)}${cs.flagship ? ' · <span class="badge">Flagship</span>' : ''}</p>
<p>${escapeHtml(cs.summary)}</p>
</li>`);
  return `<ul class="cards" aria-label="Case studies">${cards.join('\n')}</ul>`;
}
