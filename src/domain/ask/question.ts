// Reads a question's constraints: company size, the services and industries it names, whether it
// asks for case studies, and what words are left to rank by. Constraints are filters: a study that
// does not meet one is never an answer, however well its words match.
import { withoutContactDetails } from '../insight/contact-details.ts';
import { parseSizeRange, type SizeRange } from './size.ts';
import type { Vocabulary } from './vocabulary.ts';
import { asksForCaseStudies, isFiller, searchTermOf, wordsOf, type Word } from './words.ts';

/** Shortest question stem that may stand for a longer industry word ("insur" → "insurtech"). */
const minPrefix = 4;

export interface Understood {
  size?: SizeRange;
  /** Industries as the content writes them; a study must be in one of them. */
  industries: string[];
  /** Slugs of the services named; a study must have used one of them. */
  services: string[];
  caseStudiesOnly: boolean;
  /** Search terms left once the constraints are read (stemmed). */
  terms: string[];
  /** Those words as the question wrote them. */
  words: string[];
}

export function understand(sent: string, vocabulary: Vocabulary): Understood {
  // An e-mail address or phone number is nothing to search for, and the answer repeats the words.
  const question = withoutContactDetails(sent);
  const sized = parseSizeRange(question);
  const words = wordsOf(sized ? sized.rest : question);
  const used = new Set<number>();
  const services = new Set<string>();
  for (const { service, name, acronym, keywords } of vocabulary.services) {
    const nameAt = name.map((stem) => words.findIndex((w) => w.stem === stem));
    if (nameAt.every((at) => at >= 0)) {
      services.add(service.slug);
      nameAt.forEach((at) => used.add(at));
    }
    words.forEach((w, at) => {
      if (acronym && w.text === acronym) (services.add(service.slug), used.add(at));
    });
    for (const phrase of keywords) {
      for (const at of phraseAt(words, phrase)) {
        services.add(service.slug);
        for (let i = 0; i < phrase.length; i += 1) used.add(at + i);
      }
    }
  }
  // Each industry counts the question's words it holds; the best held win, so "data & analytics"
  // is that industry, not every industry with "data" in it, while "fintech or insurtech" is both.
  const hits = new Map<string, number>();
  words.forEach((word, at) => {
    if (used.has(at) || isFiller(word.text)) return;
    const named = industriesOf(word, vocabulary.industries);
    if (named.length === 0) return;
    for (const industry of new Set(named)) hits.set(industry, (hits.get(industry) ?? 0) + 1);
    used.add(at);
  });
  const most = Math.max(0, ...hits.values());
  const industries = new Set([...hits].filter(([, count]) => count === most).map(([industry]) => industry));
  const left = words.filter((w, at) => !used.has(at) && !isFiller(w.text));
  return {
    ...(sized ? { size: sized.size } : {}),
    industries: [...industries],
    services: [...services],
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
