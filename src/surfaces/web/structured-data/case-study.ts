// A case study as an Article about its (fictional) client, with each figure as an Observation of
// that client and a link to each service it used.
import { caseStudyHeading } from '../../../domain/content/case-study-text.ts';
import type { Article, Observation, Organization, Thing } from 'schema-dts';
import type { Config } from '../../../config/config.ts';
import type { ContentCatalog } from '../../../domain/content/catalog.ts';
import type { CaseStudy } from '../../../domain/content/types.ts';
import { serviceUrl } from './agency.ts';
import { pageIds, siteIds } from './ids.ts';

export function caseStudyNodes(config: Config, content: ContentCatalog, cs: CaseStudy, url: string): Thing[] {
  const ids = pageIds(url);
  const client: Organization = {
    '@type': 'Organization',
    '@id': ids.client,
    name: cs.client,
    description: [cs.industry, cs.companySize].filter(Boolean).join(', '),
  };
  const figures: Observation[] = cs.stats.map((stat, i) => ({
    '@type': 'Observation',
    '@id': `${url}#figure-${i + 1}`,
    name: stat.label,
    variableMeasured: stat.label,
    value: stat.value,
    observationAbout: { '@id': ids.client },
  }));
  const services = cs.services.flatMap((slug) => {
    const service = content.serviceBySlug(slug);
    return service ? [{ '@id': pageIds(serviceUrl(config, content, service.pageSlug)).service }] : [];
  });
  const article: Article = {
    '@type': 'Article',
    '@id': ids.article,
    headline: caseStudyHeading(cs),
    description: cs.summary,
    url,
    datePublished: cs.publishedAt,
    inLanguage: content.site.language,
    author: { '@id': siteIds(config.baseUrl).agency },
    publisher: { '@id': siteIds(config.baseUrl).agency },
    mainEntityOfPage: { '@id': ids.webpage },
    about: { '@id': ids.client },
    mentions: [...figures.map((figure) => ({ '@id': figure['@id'] as string })), ...services],
    keywords: [cs.industry, ...cs.services.map((slug) => content.serviceBySlug(slug)?.name ?? slug)].join(', '),
  };
  return [article, client, ...figures];
}
