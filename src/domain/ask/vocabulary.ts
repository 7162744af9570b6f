// What a question can name, learnt once from the content model: the industries of the case studies,
// the services (their names, name initials and keywords) and the words that describe the agency
// itself. Nothing here is written for one agency: a second content folder gives its own vocabulary.
import type { ContentCatalog } from '../content/catalog.ts';
import type { Service } from '../content/types.ts';
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
  /** Industry → its name's words, lower case and joined by spaces: a question writing them names it. */
  industryNames: Map<string, string>;
  services: ServiceWords[];
}

/** An industry word shared by more than this share of the industries says little ("software"). */
const commonShare = 0.25;

/** A word used by more than this share of the studies outside its industries is a plain word there. */
const plainShare = 0.08;
/** The studies read for plain words, spread over the whole list: enough to estimate a share. */
const plainSample = 400;

export function buildVocabulary(
  content: Pick<ContentCatalog, 'site' | 'services' | 'caseStudies'>,
  wording: Wording,
): Vocabulary {
  const { site } = content;
  const { wordsOf, isFiller } = wording;
  const nameOf = (text: string): string =>
    wordsOf(text)
      .map((w) => w.text)
      .join(' ');
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
  const industryNames = new Map(distinct.map((industry) => [industry, ` ${nameOf(industry)} `]));
  return {
    wording,
    industries,
    industryNames,
    plainWords: plainWordsOf(content.caseStudies, industries, wording),
    services,
  };
}

/** The industry stems that a sample of the studies outside those industries writes in their own text. */
function plainWordsOf(
  caseStudies: ContentCatalog['caseStudies'],
  industries: Map<string, Set<string>>,
  wording: Wording,
): Set<string> {
  const step = Math.max(1, Math.ceil(caseStudies.length / plainSample));
  const uses = new Map<string, number>();
  let read = 0;
  for (let at = 0; at < caseStudies.length; at += step) {
    const cs = caseStudies[at]!;
    read += 1;
    const stems = new Set(wording.wordsOf(`${cs.headlineStat} ${cs.summary} ${cs.body}`).map((w) => w.stem));
    for (const stem of stems) {
      const holders = industries.get(stem);
      if (holders && !holders.has(cs.industry)) uses.set(stem, (uses.get(stem) ?? 0) + 1);
    }
  }
  return new Set([...uses].filter(([, count]) => count > read * plainShare).map(([stem]) => stem));
}
