// Maps a marketing challenge to the agency's services (MCP match_services), answering plainly
// "outside our fit" for queries the content's fit rule places outside instead of forcing a match.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
import type { SiteSearch } from '../search/index.ts';
import { analyzerFor } from '../search/language.ts';
import { outsideFitMessage } from './fit.ts';

export interface ServiceMatch {
  slug: string;
  name: string;
  summary: string;
  deliverables: string[];
  /** Service keywords found in the challenge. */
  matchedKeywords: string[];
  score: number;
  /** Path of the service page. */
  path: string;
  /** Up to two case-study slugs that used this service for a similar challenge. */
  caseStudies: string[];
  /** The paths of its pages in the site's other languages, by language. */
  translations?: Record<string, string>;
}

export interface ServiceMatchResult {
  challenge: string;
  fit: 'in_fit' | 'outside_fit';
  message: string;
  matches: ServiceMatch[];
}

/**
 * Services that address a challenge, best first (at most `limit`, default 3). An out-of-fit
 * challenge returns fit "outside_fit" and no matches.
 * @example matchServices(catalog, search, 'our MQLs never turn into pipeline')
 */
export function matchServices(
  catalog: ContentCatalog,
  search: SiteSearch,
  challenge: string,
  limit = 3,
): ServiceMatchResult {
  const text = challenge.trim();
  const fit = catalog.fitCheck(text);
  if (!fit.inFit) {
    return {
      challenge: text,
      fit: 'outside_fit',
      message: outsideFitMessage(catalog, fit.signal),
      matches: [],
    };
  }
  // Keywords and challenge compared as the content's language folds them (German: "Fachkräfte" as "fachkrafte").
  const { fold } = analyzerFor(catalog.site.language);
  const lower = ` ${fold(text).replace(/[^a-z0-9]+/g, ' ')} `;
  const pageScore = new Map(
    search.search(text, { section: 'services', limit: 20 }).map((hit) => [hit.slug, hit.score]),
  );
  const caseHits = search
    .search(text, { kind: 'case-study', limit: 30 })
    .map((hit) => catalog.caseStudyBySlug(hit.caseStudySlug!)!);
  const topPage = Math.max(1, ...pageScore.values());
  const matches = catalog.services
    .map((service) => scoreService(service, lower, (pageScore.get(service.pageSlug) ?? 0) / topPage, fold))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score)
    .filter((match, _index, all) => match.score >= all[0]!.score * 0.4)
    .slice(0, Math.max(1, Math.min(limit, catalog.services.length)))
    .map((match) => ({
      ...match,
      caseStudies: caseHits
        .filter((cs) => cs.services.includes(match.slug))
        .slice(0, 2)
        .map((cs) => cs.slug),
    }));
  const { ui } = catalog;
  const message = matches.length
    ? ui.text('answers.match.found', { count: matches.length })
    : ui.text('answers.match.none', { start: startingPoint(catalog) });
  return { challenge: text, fit: 'in_fit', message, matches };
}

/** Where to start when no service matches: the agency's offer, or else the contact page. */
function startingPoint({ site: { offer, paths }, ui }: ContentCatalog): string {
  return offer
    ? ui.text('answers.match.startOffer', { offer: offer.name, path: offer.path })
    : ui.text('answers.match.startContact', { path: paths.contact });
}

function scoreService(
  service: Service,
  lowerChallenge: string,
  pageRelevance: number,
  fold: (text: string) => string,
): Omit<ServiceMatch, 'caseStudies'> {
  const matchedKeywords = service.keywords.filter((keyword) => wordIn(lowerChallenge, fold(keyword)));
  const score = Math.round((matchedKeywords.length * 2 + pageRelevance * 1.5) * 100) / 100;
  return {
    slug: service.slug,
    name: service.name,
    summary: service.summary,
    deliverables: service.deliverables,
    matchedKeywords,
    score: matchedKeywords.length || pageRelevance >= 0.25 ? score : 0,
    path: service.path,
    ...(service.translations && { translations: service.translations }),
  };
}

/** Whole-word (or plural) match of a keyword phrase in normalised text. */
function wordIn(lowerText: string, keyword: string): boolean {
  const phrase = keyword.replace(/[^a-z0-9]+/g, ' ').trim();
  return lowerText.includes(` ${phrase} `) || lowerText.includes(` ${phrase}s `);
}
