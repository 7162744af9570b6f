// German (and other languages') compounds for search: "Ersatzteilshop" is a kind of "Shop", and
// "Fachkräftemangel" is "Fachkräfte" + "Mangel". The index keeps its terms by their stems read
// backwards, so a query word finds the compounds that end in it (a prefix lookup on the reversed
// stems), and a query word the index does not hold is split into parts it does hold: the index's
// own vocabulary decides, no dictionary.
import SearchableMap from 'minisearch/SearchableMap';

/** Shortest part of a compound that counts as a word of its own. */
const minPart = 4;
/** Letters German puts between the parts of a compound ("Verpackung·s·industrie", "Kunde·n·portal"). */
const linkers = ['s', 'es', 'n', 'en', 'e'];

const reversed = (text: string): string => [...text].reverse().join('');

export class CompoundParts<T> {
  readonly #stem: (word: string) => string;
  /** Reversed stem → the terms with that stem and their values. */
  readonly #byEnding = new SearchableMap<[string, T][]>();

  constructor(stem: (word: string) => string) {
    this.#stem = stem;
  }

  /** Records an index term (once per distinct term). */
  add(term: string, value: T): void {
    if (term.length < minPart * 2) return;
    const key = reversed(this.#stem(term));
    const entries = this.#byEnding.get(key);
    if (entries) entries.push([term, value]);
    else this.#byEnding.set(key, [[term, value]]);
  }

  /** The compounds whose stem ends in the word's stem after a first part of its own ("teile" → "ersatzteile"). */
  *endingIn(word: string): Generator<[string, T]> {
    const stem = this.#stem(word);
    if (stem.length < minPart) return;
    for (const [key, entries] of this.#byEnding.atPrefix(reversed(stem))) {
      if (key.length - stem.length >= minPart - 1) yield* entries;
    }
  }

  /**
   * The parts of a compound the index does not hold: the split whose first and last parts it holds
   * (as words, prefixes or compound endings), or else the one part it holds best: as a word or
   * prefix rather than only as the end of another compound ("Präzision·s·teile" holds "steile", not
   * a word), then the longest. None when no split finds a part.
   */
  split(word: string, holds: (part: string) => boolean): string[] {
    const ends = (part: string): boolean => !this.endingIn(part).next().done;
    let best: string | undefined,
      bestRank = 0;
    for (let at = word.length - minPart; at >= minPart; at -= 1) {
      const tail = word.slice(at);
      const heads = [
        word.slice(0, at),
        ...linkers.filter((l) => word.endsWith(l, at)).map((l) => word.slice(0, at - l.length)),
      ].filter((part) => part.length >= minPart);
      const head = heads.find(holds) ?? heads.find(ends);
      const tailHeld = holds(tail) || ends(tail);
      if (head && tailHeld) return [head, tail];
      for (const part of [head, tailHeld ? tail : undefined]) {
        if (!part) continue;
        // A part the index holds as a word or prefix ranks above any it holds only as a compound's end.
        const rank = (holds(part) ? 1000 : 0) + part.length;
        if (rank > bestRank) [best, bestRank] = [part, rank];
      }
    }
    return best ? [best] : [];
  }
}
