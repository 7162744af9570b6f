// The nodes every page carries: the agency (a ProfessionalService with its contact point, where it
// works and what it knows) and the website with its site-search action.
import type {
  ContactPoint,
  PostalAddress,
  ProfessionalService,
  SearchAction,
  WebSite,
  WithActionConstraints,
} from 'schema-dts';
import type { Config } from '../../../config/config.ts';
import type { ContentCatalog } from '../../../domain/content/catalog.ts';
import { pageUrls } from '../../../domain/content/urls.ts';
import { pageIds, siteIds } from './ids.ts';

type Deps = { config: Config; content: ContentCatalog };

export function websiteNode({ config, content }: Deps): WebSite {
  const ids = siteIds(config.baseUrl);
  const searchAction: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${config.baseUrl}/search?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@type': 'WebSite',
    '@id': ids.website,
    url: `${config.baseUrl}/`,
    name: content.site.brandName,
    description: content.site.tagline,
    inLanguage: content.site.language,
    publisher: { '@id': ids.agency },
    // The search form's GET /search?q=…, as Google's sitelinks search box reads it.
    potentialAction: searchAction,
  };
}

export function agencyNode({ config, content }: Deps): ProfessionalService {
  const { contact, site } = content;
  const address: PostalAddress | undefined = contact.address && {
    '@type': 'PostalAddress',
    streetAddress: contact.address.street,
    addressLocality: contact.address.city,
    ...(contact.address.postcode && { postalCode: contact.address.postcode }),
    addressCountry: contact.address.country,
  };
  const contactPoint: ContactPoint = {
    '@type': 'ContactPoint',
    contactType: 'sales enquiries',
    ...(contact.email && { email: contact.email }),
    ...(contact.phone && { telephone: contact.phone }),
    ...(contact.hours && { description: content.ui.text('jsonld.hours', { hours: contact.hours }) }),
    url: `${config.baseUrl}${site.paths.contact}`,
    availableLanguage: site.language,
    ...(site.areaServed.length > 0 && { areaServed: site.areaServed }),
  };
  const industries = [...new Set(content.caseStudies.flatMap((cs) => (cs.industry ? [cs.industry] : [])))].sort();
  return {
    '@type': 'ProfessionalService',
    '@id': siteIds(config.baseUrl).agency,
    name: site.brandName,
    url: `${config.baseUrl}/`,
    logo: `${config.baseUrl}/logo.svg`,
    image: `${config.baseUrl}/logo.svg`,
    slogan: site.tagline,
    ...(content.valueProposition && { description: content.valueProposition }),
    ...(contact.email && { email: contact.email }),
    ...(contact.phone && { telephone: contact.phone }),
    ...(address && { address }),
    contactPoint,
    ...(site.areaServed.length > 0 && { areaServed: site.areaServed }),
    knowsAbout: [...content.services.map((service) => service.name), ...industries],
    makesOffer: content.services.map((service) => ({
      '@type': 'Offer',
      itemOffered: { '@id': pageIds(serviceUrl(config, content, service.pageSlug)).service },
    })),
    ...(contact.social.length > 0 && { sameAs: contact.social.map((link) => link.url) }),
  };
}

/** The canonical URL of a service's page. */
export function serviceUrl(config: Config, content: ContentCatalog, pageSlug: string): string {
  const page = content.pageBySlug(pageSlug);
  return pageUrls(config.baseUrl, page ?? { slug: pageSlug, path: `/${pageSlug}` }).url;
}
