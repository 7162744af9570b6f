// Reads a question's constraints: company size, the services and industries it names, whether it
// asks for case studies, and what words are left to rank by. Constraints are filters: a study that
// does not meet one is never an answer, however well its words match.
import { withoutContactDetails } from '../insight/contact-details.ts';
import { parseSizeRange, type SizeRange } from './size.ts';
import type { Vocabulary } from './vocabulary.ts';
import type { Word } from './words.ts';

/** Shortest question stem that may stand for a longer industry word ("insur" → "insurtech"). */
const minPrefix = 4;

export interface Understood {
  size?: SizeRange;
  /** Industries as the content writes them; a study must be in one of them. */
  industries: string[];
  /** Slugs of the services named; a study must have used one of them. */
  services: string[];
  /** Slugs of services whose problem keywords the question uses: suggested, never a filter. */
  suggested: string[];
  caseStudiesOnly: boolean;
  /** Search terms left once the constraints are read (stemmed). */
  terms: string[];
  /** Those words as the question wrote them. */
  words: string[];
}

export function understand(sent: string, vocabulary: Vocabulary): Understood {
  // An e-mail address or phone number is nothing to search for, and the answer repeats the words.
  const question = withoutContactDetails(sent);
  const { wordsOf, isFiller, isWeak, asksForCaseStudies, searchTermOf } = vocabulary.wording;
  const sized = parseSizeRange(question);
  const words = wordsOf(sized ? sized.rest : question);
  const used = new Set<number>();
  const services = new Set<string>();
  const suggested = new Set<string>();
  // Words of a problem phrase ("named accounts") are that phrase, not an industry ("accounting"); they still rank.
  const inPhrase = new Set<number>();
  for (const { service, name, acronym, keywords, problems } of vocabulary.services) {
    for (const phrase of problems) {
      for (const at of phraseAt(words, phrase)) {
        suggested.add(service.slug);
        if (phrase.length > 1) for (let i = 0; i < phrase.length; i += 1) inPhrase.add(at + i);
      }
    }
    const nameAt = name.map((stem) => words.findIndex((w) => w.stem === stem));
    if (nameAt.every((at) => at >= 0)) {
      services.add(service.slug);
      for (const at of nameAt) used.add(at);
    }
    for (const [at, w] of words.entries()) {
      if (acronym && w.text === acronym) {
        services.add(service.slug);
        used.add(at);
      }
    }
    for (const phrase of keywords) {
      for (const at of phraseAt(words, phrase)) {
        services.add(service.slug);
        for (let i = 0; i < phrase.length; i += 1) used.add(at + i);
      }
    }
  }
  // Each industry counts the question's words it holds. A word several industries hold goes to those
  // holding most of the question ("data & analytics" is that industry, not every one with "data"),
  // and words of different industries name each ("fintech and insurtech" is both).
  const hits = new Map<string, { count: number; strong: boolean }>();
  const written = ` ${words.map((w) => w.text).join(' ')} `;
  const candidates = new Map<number, string[]>();
  words.forEach((word, at) => {
    if (used.has(at) || inPhrase.has(at) || isFiller(word.text)) return;
    const held = [...new Set(industriesOf(word, vocabulary.industries))];
    if (held.length > 0) candidates.set(at, held);
    for (const industry of held) {
      const hit = hits.get(industry) ?? { count: 0, strong: false };
      const telling = !isWeak(word.text) && !vocabulary.plainWords.has(word.stem);
      hits.set(industry, { count: hit.count + 1, strong: hit.strong || telling });
    }
  });
  const industries = new Set<string>();
  for (const [at, held] of candidates) {
    // An industry is named by a telling word of it, or by its whole name ("sales technology").
    const named = held.filter(
      (industry) => hits.get(industry)!.strong || written.includes(vocabulary.industryNames.get(industry)!),
    );
    const most = Math.max(0, ...named.map((industry) => hits.get(industry)!.count));
    const best = named.filter((industry) => hits.get(industry)!.count === most);
    for (const industry of best) industries.add(industry);
    if (best.length > 0) used.add(at);
  }
  const left = words.filter((w, at) => !used.has(at) && !isFiller(w.text));
  return {
    ...(sized ? { size: sized.size } : {}),
    industries: [...industries],
    services: [...services],
    suggested: [...suggested].filter((slug) => !services.has(slug)),
    caseStudiesOnly: asksForCaseStudies(words) || industries.size > 0 || sized !== undefined,
    terms: [...new Set(left.map(searchTermOf))],
    words: [...new Set(left.map((w) => w.text))],
  };
}

/** Where a phrase of stems starts in the words, at every place it does. */
function phraseAt(words: Word[], phrase: string[]): number[] {
  const starts: number[] = [];
  for (let at = 0; at + phrase.length <= words.length; at += 1) {
    if (phrase.every((stem, i) => words[at + i]!.stem === stem)) starts.push(at);
  }
  return starts;
}

function industriesOf(word: Word, industries: Map<string, Set<string>>): string[] {
  const exact = industries.get(word.stem);
  if (exact) return [...exact];
  if (word.stem.length < minPrefix) return [];
  const found: string[] = [];
  for (const [stem, holders] of industries) if (stem.startsWith(word.stem)) found.push(...holders);
  return found;
}
