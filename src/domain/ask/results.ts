// Turns content into ask results: a case study with the facts its constraints were checked against,
// a service or a page, each pointing at the page it comes from.
import { caseStudyHeading } from '../content/case-study-text.ts';
import type { ContentCatalog } from '../content/catalog.ts';
import type { CaseStudy, Page, Service } from '../content/types.ts';
import { caseStudyUrls, pageUrls } from '../content/urls.ts';
import type { AskResult } from './schema.ts';

const rounded = (score: number): number => Math.round(score * 100) / 100;

export function caseStudyResult(content: ContentCatalog, baseUrl: string, cs: CaseStudy, score: number): AskResult {
  const { url, markdown_url: markdownUrl } = caseStudyUrls({ baseUrl }, cs);
  return {
    kind: 'case-study',
    name: caseStudyHeading(cs),
    description: cs.summary,
    url,
    markdownUrl,
    score: rounded(score),
    schemaType: 'Article',
    facts: {
      client: cs.client,
      ...(cs.industry !== undefined && { industry: cs.industry }),
      ...(cs.companySize ? { companySize: cs.companySize } : {}),
      services: cs.services.map((slug) => content.serviceBySlug(slug)?.name ?? slug),
      ...(cs.headlineStat !== undefined && { headlineStat: cs.headlineStat }),
      publishedAt: cs.publishedAt,
    },
  };
}

export function serviceResult(content: ContentCatalog, baseUrl: string, service: Service, score: number): AskResult {
  const page = content.pageBySlug(service.pageSlug) ?? { slug: service.pageSlug, path: `/${service.pageSlug}` };
  const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, page);
  return {
    kind: 'service',
    name: service.name,
    description: service.summary,
    url,
    markdownUrl,
    score: rounded(score),
    schemaType: 'Service',
  };
}

export function pageResult(
  baseUrl: string,
  page: Pick<Page, 'slug' | 'path' | 'title' | 'description'>,
  score: number,
): AskResult {
  const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, page);
  return {
    kind: 'page',
    name: page.title,
    description: page.description,
    url,
    markdownUrl,
    score: rounded(score),
    schemaType: 'WebPage',
  };
}

/** The answer to an out-of-fit question: the agency's own statement of its fit, on the home page. */
export function fitResult(content: ContentCatalog, baseUrl: string, message: string): AskResult {
  const home = content.pageBySlug('home') ?? { slug: 'home', path: '/' };
  const { url, markdown_url: markdownUrl } = pageUrls(baseUrl, home);
  return {
    kind: 'fit',
    name: content.ui.text('fit.resultName', { brand: content.site.brandName }),
    description: message,
    url: `${url}#fit`,
    markdownUrl,
    score: 1,
    schemaType: 'Answer',
  };
}
