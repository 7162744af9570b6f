// The schema.org graph of each HTML page, built from the content model: the site-wide nodes, the
// page itself with its breadcrumb trail, and what the page is about (a service, a case study, …).
import type { BreadcrumbList, ItemList, ListItem, Service, Thing, WebPage } from 'schema-dts';
import { contactPageSlug, listingPageSlug } from '../../../domain/content/generated-pages.ts';
import type { Page } from '../../../domain/content/types.ts';
import { caseStudyUrls, pageUrls } from '../../../domain/content/urls.ts';
import type { SearchHit } from '../../../domain/search/index.ts';
import type { SiteDeps } from '../deps.ts';
import { agencyNode, serviceUrl, websiteNode } from './agency.ts';
import { caseStudyNodes } from './case-study.ts';
import { pageIds, siteIds } from './ids.ts';
import { graphOf, type JsonLdGraph } from './script.ts';
import { jsonBytes } from '../../../cache/response-cache.ts';

type Deps = Pick<SiteDeps, 'config' | 'content'> & Partial<Pick<SiteDeps, 'responseCache'>>;
type PageType = 'WebPage' | 'AboutPage' | 'ContactPage' | 'CollectionPage' | 'SearchResultsPage';

// The site-wide nodes depend on the content and configuration only (knowsAbout reads every case
// study), so they are kept in the service's response cache when one is handed in (every page
// render); pages rendered once at start-up (status pages) build them themselves.
function siteNodes(deps: Deps): readonly Thing[] {
  const make = (): readonly Thing[] => [websiteNode(deps), agencyNode(deps)];
  return deps.responseCache
    ? deps.responseCache.namespace<readonly Thing[]>('jsonld', jsonBytes).remember('site', make)
    : make();
}

const pageTypes: Record<string, PageType> = {
  about: 'AboutPage',
  [contactPageSlug]: 'ContactPage',
  services: 'CollectionPage',
  [listingPageSlug]: 'CollectionPage',
};

/** The graph of a content page (or the generated developer page). */
export function pageGraph(deps: Deps, page: Page): JsonLdGraph {
  const { config, content } = deps;
  const url = pageUrls(config.baseUrl, page).url;
  const ids = pageIds(url);
  const cs = page.caseStudySlug ? content.caseStudyBySlug(page.caseStudySlug) : undefined;
  const service = content.services.find((s) => s.pageSlug === page.slug);
  const about: Thing[] = [];
  if (cs) about.push(...caseStudyNodes(config, content, cs, url));
  if (service) about.push(serviceNode(deps, service.slug));
  if (page.slug === 'services') about.push(...content.services.map((s) => serviceNode(deps, s.slug)));
  const mainEntity = cs
    ? ids.article
    : service
      ? ids.service
      : page.path === '/'
        ? siteIds(config.baseUrl).agency
        : undefined;
  const webpage = webPageNode(deps, pageTypes[page.slug] ?? 'WebPage', url, page.title, page.description, mainEntity);
  const trail = breadcrumbTrail(deps, page, cs?.client);
  return graphOf([...siteNodes(deps), webpage, breadcrumbNode(ids.breadcrumb, trail), ...about]);
}

/** The search page: its results as an ItemList, so an agent that ran the search tool reads them as data. */
export function searchGraph(deps: Deps, query: string, hits: readonly SearchHit[]): JsonLdGraph {
  const url = `${deps.config.baseUrl}/search`;
  const { ui } = deps.content;
  const name = ui.text('search.title');
  const webpage = webPageNode(deps, 'SearchResultsPage', url, name, ui.text('search.description'), undefined);
  const resultsId = `${url}#results`;
  const results: ItemList = {
    '@type': 'ItemList',
    '@id': resultsId,
    name: query ? ui.text('search.resultsFor', { query }) : ui.text('search.results'),
    numberOfItems: hits.length,
    itemListElement: hits.map(
      (hit, i): ListItem => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${deps.config.baseUrl}${hit.path}`,
        name: hit.title,
        description: hit.description,
      }),
    ),
  };
  const trail: [string, string][] = [
    [ui.text('breadcrumb.home'), `${deps.config.baseUrl}/`],
    [name, url],
  ];
  return graphOf([
    ...siteNodes(deps),
    { ...webpage, mainEntity: { '@id': resultsId } },
    breadcrumbNode(pageIds(url).breadcrumb, trail),
    results,
  ]);
}

/** Pages that are not a place of their own (404, form answers): the site-wide nodes only. */
export function siteGraph(deps: Deps): JsonLdGraph {
  return graphOf(siteNodes(deps));
}

function webPageNode(
  { config, content }: Deps,
  type: PageType,
  url: string,
  name: string,
  description: string,
  mainEntity: string | undefined,
): WebPage {
  const ids = pageIds(url);
  return {
    '@type': type,
    '@id': ids.webpage,
    url,
    name,
    description,
    inLanguage: content.site.language,
    isPartOf: { '@id': siteIds(config.baseUrl).website },
    breadcrumb: { '@id': ids.breadcrumb },
    ...(mainEntity && { mainEntity: { '@id': mainEntity } }),
  };
}

function serviceNode({ config, content }: Deps, slug: string): Service {
  const service = content.serviceBySlug(slug)!;
  const url = serviceUrl(config, content, service.pageSlug);
  const proofs = content.caseStudies.filter((cs) => cs.services.includes(slug));
  return {
    '@type': 'Service',
    '@id': pageIds(url).service,
    name: service.name,
    serviceType: service.name,
    description: service.summary,
    url,
    provider: { '@id': siteIds(config.baseUrl).agency },
    ...(content.site.areaServed.length > 0 && { areaServed: content.site.areaServed }),
    ...(service.deliverables.length > 0 && {
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: `${service.name}: deliverables`,
        itemListElement: service.deliverables.map((name) => ({
          '@type': 'Offer',
          itemOffered: { '@type': 'Service', name },
        })),
      },
    }),
    ...(proofs.length > 0 && {
      subjectOf: proofs.map((cs) => ({ '@id': pageIds(caseStudyUrls(config, cs).url).article })),
    }),
  };
}

/** Home, then each page above this one that exists, then the page (a case study by its client's name). */
function breadcrumbTrail({ config, content }: Deps, page: Page, client: string | undefined): [string, string][] {
  const trail: [string, string][] = [[content.ui.text('breadcrumb.home'), `${config.baseUrl}/`]];
  if (page.path === '/') return trail;
  const parts = page.path.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const parent = content.pageByPath(`/${parts.slice(0, i).join('/')}`);
    if (parent) trail.push([parent.title, pageUrls(config.baseUrl, parent).url]);
  }
  trail.push([client ?? page.title, pageUrls(config.baseUrl, page).url]);
  return trail;
}

function breadcrumbNode(id: string, trail: [string, string][]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    '@id': id,
    itemListElement: trail.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
  };
}

/** For a page rendered without a graph of its own: the page itself, from what the layout knows. */
export function plainPageGraph(name: string, description: string, url: string, inLanguage: string): JsonLdGraph {
  return graphOf([{ '@type': 'WebPage', '@id': pageIds(url).webpage, url, name, description, inLanguage }]);
}
