// Words of a question and of the content, compared by stem in the content's language: "fintechs"
// finds "Fintech", "launches" finds "launch", "Maschinenbauer" finds "Maschinenbau". Filler (the
// language's stop words and the words every question about a site's work uses: "case studies",
// "show me", "Referenzen") is never a constraint and never a search term.
import { analyzerFor, type Analyzer } from '../search/language.ts';

/** Words about the kind of thing asked for, not its subject, by language: the product's own vocabulary. */
const questionWords: Record<string, string[]> = {
  en: [
    ...['show', 'find', 'list', 'give', 'tell', 'please', 'any', 'example', 'examples', 'case', 'cases'],
    ...['study', 'studies', 'client', 'clients', 'customer', 'customers', 'company', 'companies', 'work'],
    ...['worked', 'agency', 'project', 'projects', 'results', 'firm', 'firms', 'businesses', 'business'],
    ...['help', 'need', 'recommend'],
    // Words the English stop-word list leaves out that carry nothing in a question.
    ...['us', 'no', 'not', 'every', 'its', 'own', 'anything', 'nothing', 'nobody', 'something', 'lot', 'lots'],
    ...['really', 'even', 'still', 'also', 'much', 'many', 'will', 'would', 'could', 'instead', 'became', 'become'],
  ],
  de: [
    ...['zeigen', 'zeig', 'zeigt', 'finden', 'finde', 'liste', 'geben', 'gib', 'nennen', 'bitte', 'beispiel'],
    ...['beispiele', 'referenz', 'referenzen', 'fallstudie', 'fallstudien', 'fallbeispiel', 'fallbeispiele'],
    ...['kunde', 'kunden', 'kundenprojekt', 'kundenprojekte', 'firma', 'firmen', 'unternehmen', 'betrieb'],
    ...['betriebe', 'projekt', 'projekte', 'agentur', 'ergebnisse', 'hilfe', 'helfen', 'brauchen', 'brauche'],
    ...['empfehlen', 'arbeit', 'gearbeitet', 'gibt', 'suchen', 'wer', 'tun', 'machen'],
  ],
};
/** Words every agency's questions use of its offer ("which service…"): part of a name at most, never a name alone. */
const offerWords: Record<string, string[]> = {
  en: ['service', 'services'],
  de: ['service', 'services', 'leistung', 'leistungen', 'dienstleistung', 'dienstleistungen'],
};
/**
 * Words that ask what the agency does ("What can you do for us?", "Was bieten Sie an?"): a question
 * of nothing else (and filler) is answered with the services.
 */
const offerQuestionWords: Record<string, string[]> = {
  en: ['do', 'does', 'offer', 'offers', 'offering', 'provide', 'service', 'services', 'help', 'can', 'capabilities'],
  de: ['tun', 'machen', 'bieten', 'bietet', 'anbieten', 'angebot', 'leistung', 'leistungen', 'dienstleistungen'],
};
/** Words that ask for case studies as what is wanted. */
const caseStudyWords: Record<string, string[]> = {
  en: ['studies'],
  de: ['referenzen', 'fallstudien', 'fallbeispiele', 'kundenprojekte', 'referenz', 'fallstudie'],
};

/** A word of a text: as written (lower case, folded as the language folds) and its stem. */
export interface Word {
  text: string;
  stem: string;
}

/** How the ask reads the words of one language. */
export interface Wording {
  readonly analyzer: Analyzer;
  /** Words of a text (letters and digits; "account-based" is two words). */
  wordsOf(text: string): Word[];
  isFiller(word: string): boolean;
  /** Whether a word names a thing only beside another word of the same name ("IT service management"). */
  isWeak(word: string): boolean;
  /** Whether the question names case studies as what it wants. */
  asksForCaseStudies(words: Word[]): boolean;
  /** Whether the question asks what the agency offers and nothing else: its words are that and filler. */
  asksForOffer(words: Word[]): boolean;
  /**
   * The search term for a word: its stem, cut back to the part the word shares with it, so the site
   * search's prefix matching finds every form ("strategy" → "strateg" finds "strategies").
   */
  searchTermOf(word: Word): string;
}

const wordings = new Map<string, Wording>();

/** The reading of words for a content language (BCP 47); one per language, built once. */
export function wordingFor(tag: string): Wording {
  const analyzer = analyzerFor(tag);
  let wording = wordings.get(analyzer.language);
  if (!wording) {
    wording = createWording(analyzer);
    wordings.set(analyzer.language, wording);
  }
  return wording;
}

function createWording(analyzer: Analyzer): Wording {
  const { language } = analyzer;
  const own = new Set((questionWords[language] ?? []).map(analyzer.fold));
  const weak = new Set((offerWords[language] ?? []).map(analyzer.fold));
  const caseStudies = new Set((caseStudyWords[language] ?? []).map((word) => analyzer.stem(analyzer.fold(word))));
  const offer = new Set((offerQuestionWords[language] ?? []).map(analyzer.fold));
  const isFiller = (word: string): boolean => own.has(word) || analyzer.isStopWord(word);
  const wordsOf = (text: string): Word[] =>
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((written) => {
      const word = analyzer.fold(written);
      return { text: word, stem: analyzer.stem(word) };
    });
  return {
    analyzer,
    wordsOf,
    isFiller,
    isWeak: (word) => weak.has(word),
    asksForCaseStudies: (words) => words.some((word) => caseStudies.has(word.stem)),
    asksForOffer: (words) =>
      words.some((word) => offer.has(word.text)) && words.every((word) => offer.has(word.text) || isFiller(word.text)),
    searchTermOf: (word) => {
      let shared = 0;
      while (shared < word.stem.length && word.stem[shared] === word.text[shared]) shared += 1;
      return shared >= 3 ? word.text.slice(0, shared) : word.text;
    },
  };
}

/** Whether an English word is filler (the demo content's language). */
export function isFiller(word: string): boolean {
  return wordingFor('en').isFiller(word);
}
