// What a question can name, learnt once from the content model: the industries of the case studies,
// the services (their names, name initials and keywords) and the words that describe the agency
// itself. Nothing here is written for one agency: a second content folder gives its own vocabulary.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
import { isFiller, wordsOf } from './words.ts';

export interface ServiceWords {
  service: Service;
  /** Stems of the name's words that say something (at least one). */
  name: string[];
  /** Initials of the name ("Account-Based Marketing" → "abm"), when three letters or more. */
  acronym?: string;
  /**
   * Keywords that name the service (made of its name's words or initials, e.g. "seo", "abm"), as
   * stems, that belong to this service alone. Other keywords describe problems ("pipeline"): they
   * stay words to rank by, not a filter.
   */
  keywords: string[][];
  /** The other keywords of this service alone ("pipeline", "named accounts"): problems it answers. */
  problems: string[][];
}

export interface Vocabulary {
  /** Industry stem → the industries (as the content writes them) that hold it. */
  industries: Map<string, Set<string>>;
  services: ServiceWords[];
}

/** An industry word shared by more than this share of the industries says little ("software"). */
const commonShare = 0.25;

export function buildVocabulary(content: Pick<ContentCatalog, 'site' | 'services' | 'caseStudies'>): Vocabulary {
  const { site } = content;
  // The agency's own words (its name, what it is and its speciality) describe every study, so they constrain none.
  const own = new Set(wordsOf(`${site.brandName} ${site.describedAs} ${site.speciality ?? ''}`).map((w) => w.stem));
  const industries = new Map<string, Set<string>>();
  const distinct = [...new Set(content.caseStudies.map((cs) => cs.industry))];
  for (const industry of distinct) {
    for (const word of wordsOf(industry)) {
      if (isFiller(word.text) || own.has(word.stem)) continue;
      industries.set(word.stem, (industries.get(word.stem) ?? new Set()).add(industry));
    }
  }
  if (distinct.length >= 4) {
    for (const [stem, holders] of industries) if (holders.size > distinct.length * commonShare) industries.delete(stem);
  }
  const phraseOwners = new Map<string, number>();
  const phrasesOf = (service: Service): string[][] =>
    service.keywords
      .map((k) => wordsOf(k).map((w) => w.stem))
      .filter((stems) => stems.length > 0 && stems.some((stem) => !own.has(stem)));
  for (const service of content.services) {
    for (const key of new Set(phrasesOf(service).map((p) => p.join(' '))))
      phraseOwners.set(key, (phraseOwners.get(key) ?? 0) + 1);
  }
  const services = content.services.map((service): ServiceWords => {
    const nameWords = wordsOf(service.name).filter((w) => !isFiller(w.text));
    const telling = nameWords.filter((w) => !own.has(w.stem)).map((w) => w.stem);
    const initials = nameWords.map((w) => w.text[0]).join('');
    const naming = new Set([...nameWords.map((w) => w.stem), ...(initials.length >= 3 ? [initials] : [])]);
    return {
      service,
      name: telling.length > 0 ? telling : nameWords.map((w) => w.stem),
      ...(initials.length >= 3 ? { acronym: initials } : {}),
      keywords: phrasesOf(service).filter(
        (p) => phraseOwners.get(p.join(' ')) === 1 && p.every((stem) => naming.has(stem)),
      ),
      problems: phrasesOf(service).filter(
        (p) => phraseOwners.get(p.join(' ')) === 1 && !p.every((stem) => naming.has(stem)),
      ),
    };
  });
  return { industries, services };
}
