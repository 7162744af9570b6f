// What a question can name, learnt once from the content model: the industries of the case studies,
// the services (their names, name initials and keywords) and the words that describe the agency
// itself. Nothing here is written for one agency: a second content folder gives its own vocabulary.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
import { plainWordsOf, type Holders } from './plain-words.ts';
import type { Wording } from './words.ts';

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
  /** Stems of the name's words it writes in capitals ("SEO", "B2B"): abbreviations, telling alone. */
  abbreviations: Set<string>;
}

export interface Vocabulary {
  /** How the content's language reads words. */
  wording: Wording;
  /** Industry stem → the industries (as the content writes them) that hold it. */
  industries: Map<string, Set<string>>;
  /**
   * Industry stems the case studies also use as plain words ("sales", "tools", "data"): they name an
   * industry only beside another of its words ("sales technology"), never alone.
   */
  plainWords: Set<string>;
  /** Industry → its name's stems, joined and wrapped in spaces: a question writing them names it. */
  industryNames: Map<string, string>;
  services: ServiceWords[];
}

/** An industry word shared by more than this share of the industries says little ("software"). */
const commonShare = 0.25;

export function buildVocabulary(
  content: Pick<ContentCatalog, 'site' | 'services' | 'caseStudies'>,
  wording: Wording,
): Vocabulary {
  const { site } = content;
  const { wordsOf, isFiller } = wording;
  const nameOf = (text: string): string =>
    wordsOf(text)
      .map((w) => w.stem)
      .join(' ');
  // The agency's own words (its name, what it is and its speciality) describe every study, so they constrain none.
  const own = new Set(wordsOf(`${site.brandName} ${site.describedAs} ${site.speciality ?? ''}`).map((w) => w.stem));
  const industries = new Map<string, Set<string>>();
  const distinct = [...new Set(content.caseStudies.flatMap((cs) => (cs.industry ? [cs.industry] : [])))];
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
    const named = new Set([...nameWords.map((w) => w.stem), ...(initials.length >= 3 ? [initials] : [])]);
    const naming = { has: (stem: string): boolean => named.has(stem) || completesName(stem, nameWords) };
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
      abbreviations: new Set(
        (service.name.match(/[\p{L}\p{N}]+/gu) ?? [])
          .filter((token) => token.length >= 2 && /\p{Lu}/u.test(token) && token === token.toUpperCase())
          .flatMap((token) => wordsOf(token).map((w) => w.stem)),
      ),
    };
  });
  const industryHolders: Holders = new Map(
    [...industries].map(([stem, holders]) => [stem, (cs) => cs.industry !== undefined && holders.has(cs.industry)]),
  );
  const [plainWords] = plainWordsOf(content.caseStudies, [industryHolders], wording);
  const industryNames = new Map(distinct.map((industry) => [industry, ` ${nameOf(industry)} `]));
  return { wording, industries, industryNames, plainWords: plainWords!, services };
}

/**
 * Whether a word is a name's first part completed by its last ("Messe- & Eventmarketing" names
 * "Messemarketing"): German leaves a shared last part to the final word of a name.
 */
function completesName(stem: string, nameWords: { text: string }[]): boolean {
  return nameWords.some(
    (first, at) =>
      first.text.length >= 4 &&
      stem.startsWith(first.text) &&
      stem.length - first.text.length >= 4 &&
      nameWords.slice(at + 1).some((last) => last.text.endsWith(stem.slice(first.text.length))),
  );
}
