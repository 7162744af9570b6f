// How words are compared in the content's language (site.yaml `language`, BCP 47): which are stop
// words, what their stem is, which letters count as the same for matching, and whether words join
// into compounds that search should take apart. English keeps the Porter stemmer (`stemmer`) and
// no folding, so English questions read as they always have; German uses the Snowball stemmer of
// @orama/stemmers, the `stopword` package's German list, and folds ä, ö, ü and ß so "Maschinenbauer"
// finds "Maschinenbäuer" and "Fachkraefte" is not needed to find "Fachkräfte".
import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as englishStem } from 'stemmer';
import { deu, eng } from 'stopword';

export interface Analyzer {
  /** The primary language subtag the analysis follows ("en", "de"). */
  readonly language: string;
  /** A word as search compares it: lower case and, in German, without umlauts or ß. */
  fold(word: string): string;
  /** The stem of a folded word ("fachkrafte" → "fachkraft"). */
  stem(word: string): string;
  isStopWord(word: string): boolean;
  /** Whether the language writes compounds as one word ("Fachkräftemangel"), for search to split. */
  readonly compounds: boolean;
}

/** ä → a, ö → o, ü → u, ß → ss and any other accent dropped: what a German reader treats as a spelling. */
function foldGerman(word: string): string {
  return word.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '');
}

const english: Analyzer = {
  language: 'en',
  fold: (word) => word.toLowerCase(),
  stem: englishStem,
  isStopWord: (word) => englishStops.has(word),
  compounds: false,
};
const englishStops = new Set(eng);

const germanStops = new Set(deu.map(foldGerman));
const german: Analyzer = {
  language: 'de',
  fold: foldGerman,
  stem: (word) => foldGerman(germanStem(word)),
  isStopWord: (word) => germanStops.has(word),
  compounds: true,
};

const analyzers: Record<string, Analyzer> = { en: english, de: german };

/** The analysis for a language tag ("de-AT" reads as German); a language without one reads as English. */
export function analyzerFor(tag: string): Analyzer {
  return analyzers[tag.toLowerCase().split('-')[0]!] ?? english;
}
