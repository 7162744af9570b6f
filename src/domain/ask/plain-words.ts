// Words that name an industry or a service but that the case studies also write as plain words:
// "sales" (Sales technology) in "sales ignores our leads", "search" (SEO & AI Search) in "paid
// search", "tools" (Developer tools). Such a word names its thing only in a focused question or in
// its full name; in a longer description of a problem it is a word to rank by, not a filter.
import type { CaseStudy } from '../content/types.ts';
import type { Wording } from './words.ts';

/** A word written by more than this share of the studies it does not name is a plain word. */
const plainShare = 0.05;
/** The studies read, spread over the whole list: enough to estimate a share, bounded for 10 000. */
const sampleSize = 400;

/** Stem → whether a study is one the word names. */
export type Holders = Map<string, (cs: CaseStudy) => boolean>;

/** For each map of stems, the stems a sample of the studies they do not name writes in its text. */
export function plainWordsOf(caseStudies: readonly CaseStudy[], kinds: Holders[], wording: Wording): Set<string>[] {
  const step = Math.max(1, Math.ceil(caseStudies.length / sampleSize));
  const uses = kinds.map(() => new Map<string, number>());
  let read = 0;
  for (let at = 0; at < caseStudies.length; at += step) {
    const cs = caseStudies[at]!;
    read += 1;
    const stems = new Set(wording.wordsOf(`${cs.headlineStat ?? ''} ${cs.summary} ${cs.body}`).map((w) => w.stem));
    for (const stem of stems) {
      kinds.forEach((holders, kind) => {
        const names = holders.get(stem);
        if (names && !names(cs)) uses[kind]!.set(stem, (uses[kind]!.get(stem) ?? 0) + 1);
      });
    }
  }
  return uses.map(
    (counts) => new Set([...counts].filter(([, count]) => count > read * plainShare).map(([stem]) => stem)),
  );
}
