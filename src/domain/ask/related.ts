// The ask's semantic signal: words buyers use for the same thing ("rivals" for "competitors",
// "Lehrstelle" for "Ausbildungsplatz"), from the product's word lists for the content's language
// and the groups the content declares. A question word brings the other words of its groups into
// the search, each counting for part of what the word itself counts, so the ranking blends the
// words the question wrote with the words it meant. Nothing is fetched and no model runs.
import type { ContentCatalog } from '../content/catalog.ts';
import type { RelatedTerm } from '../search/term-index.ts';
import { relatedGroups } from './related/groups.ts';
import { wordingFor, type Wording } from './words.ts';

/** What a related word counts for against the word the question wrote. */
export const relatedWeight = 0.5;

export type RelatedWords = (term: string) => readonly RelatedTerm[] | undefined;

const ofContent = new WeakMap<Pick<ContentCatalog, 'site' | 'synonyms'>, RelatedWords>();

/** The related words of a content's language and its synonyms.yaml, built once per content: the ask and the case-study search share them. */
export function relatedWordsOf(content: Pick<ContentCatalog, 'site' | 'synonyms'>): RelatedWords {
  let related = ofContent.get(content);
  if (!related) ofContent.set(content, (related = relatedWords(wordingFor(content.site.language), content.synonyms)));
  return related;
}

/** The related words of each search term, from the language's groups and the content's own. */
function relatedWords(wording: Wording, declared: readonly (readonly string[])[] = []): RelatedWords {
  const byTerm = new Map<string, Set<string>>();
  for (const group of [...relatedGroups(wording.analyzer.language), ...declared]) {
    const terms = group.flatMap((member) => {
      const words = wording.wordsOf(member).filter((w) => !wording.isFiller(w.text));
      // A phrase ("security chief") relates through its last word, the one it is about.
      const last = words.at(-1);
      return last ? [wording.searchTermOf(last)] : [];
    });
    for (const term of terms) {
      const others = byTerm.get(term) ?? new Set();
      for (const other of terms) if (other !== term) others.add(other);
      byTerm.set(term, others);
    }
  }
  const related = new Map(
    [...byTerm].map(([term, others]) => [term, [...others].map((other) => ({ term: other, weight: relatedWeight }))]),
  );
  // A term may come as the search term of a word ("develop") or as a part of a compound ("fachkrafte"): both find it by stem.
  const { stem } = wording.analyzer;
  for (const [term, others] of [...related]) if (!related.has(stem(term))) related.set(stem(term), others);
  return (term) => related.get(term) ?? related.get(stem(term));
}
