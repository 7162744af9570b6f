// Words of a question and of the content, compared by stem: "fintechs" finds "Fintech", "launches"
// finds "launch". Filler (English stop words and the words every question about a site's work
// uses: "case studies", "show me") is never a constraint and never a search term.
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

// Words about the kind of thing asked for, not its subject: the product's own vocabulary.
const questionWords = [
  'show',
  'find',
  'list',
  'give',
  'tell',
  'please',
  'any',
  'example',
  'examples',
  'case',
  'cases',
  'study',
  'studies',
  'client',
  'clients',
  'customer',
  'customers',
  'company',
  'companies',
  'work',
  'worked',
  'agency',
  'project',
  'projects',
  'results',
  'firm',
  'firms',
  'businesses',
  'business',
  'help',
  'need',
  'recommend',
];
// Words every agency's questions use of its offer ("which service…"): part of a name at most, never a name alone.
const offerWords = new Set(['service', 'services']);
const filler = new Set([...eng, ...questionWords]);

/** A word of a text: as written (lower case) and its stem. */
export interface Word {
  text: string;
  stem: string;
}

/** Lower-case words of a text (letters and digits; "account-based" is two words). */
export function wordsOf(text: string): Word[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => ({ text: word, stem: stemmer(word) }));
}

export function isFiller(word: string): boolean {
  return filler.has(word);
}

/** Whether a word names a thing only beside another word of the same name ("IT service management"). */
export function isWeak(word: string): boolean {
  return offerWords.has(word);
}

/** Whether the question names case studies as what it wants. */
export function asksForCaseStudies(words: Word[]): boolean {
  return words.some((word) => word.stem === 'studi');
}

/**
 * The search term for a word: its stem, cut back to the part the word shares with it, so the site
 * search's prefix matching finds every form ("strategy" → "strateg" finds "strategies").
 */
export function searchTermOf(word: Word): string {
  let shared = 0;
  while (shared < word.stem.length && word.stem[shared] === word.text[shared]) shared += 1;
  return shared >= 3 ? word.text.slice(0, shared) : word.text;
}
