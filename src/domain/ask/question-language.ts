// Which of the site's languages a question is written in, so the ask answers from the pages in it.
// A question is short ("Referenzen Maschinenbau", "strategy for our board"), too short for the share
// of function words the import reads a page's language by; so each word counts for a language when it
// is one of that language's stop words (the search's analysis) or a word of the site's pages in it,
// and not also the other's. The default language wins a tie, and a question in no language of the site.
import type { ContentCatalog } from '../content/catalog.ts';
import { analyzerFor } from '../search/language.ts';

type Languages = Pick<ContentCatalog, 'site' | 'pages'>;

// By the pages list, which a folder loaded again replaces (the live catalog object stays the same).
const vocabularies = new WeakMap<Languages['pages'], Map<string, Set<string>>>();

/** The words (folded as the language's search folds them) of the site's pages in `language`. */
function vocabulary(content: Languages, language: string): Set<string> {
  let byLanguage = vocabularies.get(content.pages);
  if (!byLanguage) vocabularies.set(content.pages, (byLanguage = new Map()));
  let words = byLanguage.get(language);
  if (!words) {
    const fold = analyzerFor(language).fold;
    const own = (page: Languages['pages'][number]): boolean =>
      (page.language ?? content.site.languages[0]) === language;
    const text = content.pages.filter(own).map((page) => `${page.title} ${page.description} ${page.body}`);
    words = new Set(wordsOf(text.join(' ')).map(fold));
    byLanguage.set(language, words);
  }
  return words;
}

const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/** The site language `question` reads as; the default for a site in one language, or when unsure. */
export function questionLanguage(content: Languages, question: string): string {
  const [first, ...others] = content.site.languages;
  if (others.length === 0 || first === undefined) return first ?? content.site.language;
  const words = wordsOf(question);
  const knows = (language: string, word: string): boolean => {
    const analyzer = analyzerFor(language);
    const folded = analyzer.fold(word);
    return analyzer.isStopWord(folded) || vocabulary(content, language).has(folded);
  };
  let best = first;
  let bestScore = 0;
  for (const language of content.site.languages) {
    const rivals = content.site.languages.filter((other) => other !== language);
    const score = words.filter((word) => knows(language, word) && !rivals.some((r) => knows(r, word))).length;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}
