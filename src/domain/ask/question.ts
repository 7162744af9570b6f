// Reads a question's constraints: company size, the services and industries it names, whether it
// asks for case studies, and what words are left to rank by. Constraints are filters: a study that
// does not meet one is never an answer, however well its words match.
import { withoutContactDetails } from '../insight/contact-details.ts';
import { impliedWords } from './implied.ts';
import { parseSizeRange, type SizeRange } from './size.ts';
import type { Vocabulary } from './vocabulary.ts';
import { wordingFor, type Word } from './words.ts';

/** Shortest question stem that may stand for a longer industry word ("insur" → "insurtech"). */
const minPrefix = 4;
/** Agents ask in English or German on a site of either language: "What can you do for us?" reads in each. */
const offerLanguages = ['en', 'de'];
/** A question of at most this many words (besides filler) is about what it names, not a story. */
const focusedWords = 3;

export interface Understood {
  size?: SizeRange;
  /** Industries as the content writes them; a study must be in one of them. */
  industries: string[];
  /** Slugs of the services named; a study must have used one of them. */
  services: string[];
  /** Slugs of services whose problem keywords the question uses: suggested, never a filter. */
  suggested: string[];
  caseStudiesOnly: boolean;
  /** The question asks what the agency offers, and nothing narrower: the services answer it. */
  offer: boolean;
  /** Search terms left once the constraints are read (stemmed). */
  terms: string[];
  /** Those words as the question wrote them. */
  words: string[];
}

/** Positions of the question's words that named something, and those inside a problem phrase. */
interface Reading {
  words: Word[];
  /** A question about case studies, a size or little else: a telling word names what it holds. */
  focused: boolean;
  used: Set<number>;
  inPhrase: Set<number>;
}

export function understand(sent: string, vocabulary: Vocabulary): Understood {
  // An e-mail address or phone number is nothing to search for, and the answer repeats the words.
  const question = withoutContactDetails(sent);
  const { wordsOf, isFiller, asksForCaseStudies, searchTermOf } = vocabulary.wording;
  const sized = parseSizeRange(question);
  const words = wordsOf(sized ? sized.rest : question);
  const focused =
    asksForCaseStudies(words) || sized !== undefined || words.filter((w) => !isFiller(w.text)).length <= focusedWords;
  const reading: Reading = { words, focused, used: new Set(), inPhrase: new Set() };
  const { services, suggested } = namedServices(reading, vocabulary);
  const industries = namedIndustries(reading, vocabulary);
  const left = words.filter((w, at) => !reading.used.has(at) && !isFiller(w.text));
  const offer = !sized && services.size === 0 && industries.size === 0 && asksForOffer(question, vocabulary);
  return {
    ...(sized ? { size: sized.size } : {}),
    industries: [...industries],
    services: [...services],
    suggested: [...suggested].filter((slug) => !services.has(slug)),
    caseStudiesOnly: asksForCaseStudies(words) || industries.size > 0 || sized !== undefined,
    offer,
    terms: offer ? [] : [...new Set([...left, ...implied(question, vocabulary)].map(searchTermOf))],
    words: offer ? [] : [...new Set(left.map((w) => w.text))],
  };
}

/** The words the question asks for without writing them ("seit wann" → "gegründet"), as words to search by. */
function implied(question: string, vocabulary: Vocabulary): Word[] {
  const { wordsOf, analyzer } = vocabulary.wording;
  return wordsOf(impliedWords(question, analyzer.language).join(' ')).filter((w) => !analyzer.isStopWord(w.text));
}

/** Whether the question asks what the agency offers, in the content's language or in either shipped one. */
function asksForOffer(question: string, vocabulary: Vocabulary): boolean {
  return [vocabulary.wording, ...offerLanguages.map(wordingFor)].some((wording) =>
    wording.asksForOffer(wording.wordsOf(question)),
  );
}

/**
 * Services the question names (by name, initials or a keyword made of those) and services whose
 * problems it names. In a longer description of a problem, a one-word keyword ("search", "paid")
 * suggests its service rather than naming it, unless it is an abbreviation of the name ("SEO").
 */
function namedServices(reading: Reading, vocabulary: Vocabulary): { services: Set<string>; suggested: Set<string> } {
  const { words, used, inPhrase, focused } = reading;
  const services = new Set<string>();
  const suggested = new Set<string>();
  for (const { service, name, acronym, keywords, problems, abbreviations } of vocabulary.services) {
    for (const phrase of problems) {
      for (const at of phraseAt(words, phrase)) {
        suggested.add(service.slug);
        // Words of a problem phrase ("named accounts") are that phrase, not an industry ("accounting"); they still rank.
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
      if (!focused && phrase.length === 1 && !abbreviations.has(phrase[0]!)) {
        if (phraseAt(words, phrase).length > 0) suggested.add(service.slug);
        continue;
      }
      for (const at of phraseAt(words, phrase)) {
        services.add(service.slug);
        for (let i = 0; i < phrase.length; i += 1) used.add(at + i);
      }
    }
  }
  return { services, suggested };
}

/**
 * Industries the question names. Each industry counts the question's words it holds. A word several
 * industries hold goes to those holding most of the question ("data & analytics" is that industry,
 * not every one with "data"), and words of different industries name each ("fintech and insurtech"
 * is both). An industry is named by its whole name ("sales technology") or, in a focused question,
 * by a telling word of it: "manufacturers" in "large manufacturers see us as a tool for small firms"
 * is who they sell to, not "Manufacturing software".
 */
function namedIndustries(reading: Reading, vocabulary: Vocabulary): Set<string> {
  const { words, used, inPhrase, focused } = reading;
  const { isFiller, isWeak } = vocabulary.wording;
  const hits = new Map<string, { count: number; strong: boolean }>();
  const written = ` ${words.map((w) => w.stem).join(' ')} `;
  const candidates = new Map<number, string[]>();
  words.forEach((word, at) => {
    if (used.has(at) || inPhrase.has(at) || isFiller(word.text)) return;
    const held = [...new Set(industriesOf(word, vocabulary.industries))];
    if (held.length > 0) candidates.set(at, held);
    const telling = !isWeak(word.text) && !vocabulary.plainWords.has(word.stem);
    for (const industry of held) {
      const hit = hits.get(industry) ?? { count: 0, strong: false };
      hits.set(industry, { count: hit.count + 1, strong: hit.strong || telling });
    }
  });
  const industries = new Set<string>();
  for (const [at, held] of candidates) {
    const named = held.filter(
      (industry) =>
        written.includes(vocabulary.industryNames.get(industry)!) || (focused && hits.get(industry)!.strong),
    );
    const most = Math.max(0, ...named.map((industry) => hits.get(industry)!.count));
    const best = named.filter((industry) => hits.get(industry)!.count === most);
    for (const industry of best) industries.add(industry);
    if (best.length > 0) used.add(at);
  }
  return industries;
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
