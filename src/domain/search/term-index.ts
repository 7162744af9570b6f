// A compact BM25 index: MiniSearch's radix tree (SearchableMap) finds the exact, prefix and fuzzy
// terms, and postings live in typed arrays. It scores as MiniSearch does (same tokenizer, BM25
// parameters, field boosts and prefix/fuzzy weights) but sums into reused arrays instead of building
// an object per matching document: MiniSearch took 4-7 ms for a word in 5 700 of 10 000 studies,
// most of it allocating and sorting per-document results (bench/search.ts). Add-only.
// Beyond MiniSearch: a language may fold letters (German ä → a), match compound words by their last
// part and split a compound the index does not hold into parts it does (compounds.ts), and a query
// term may bring related words that count as it, for less (the ask's related words).
import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { CompoundParts } from './compounds.ts';
import type { Analyzer } from './language.ts';
import { TopK } from './top-k.ts';

const tokenize: (text: string) => string[] = MiniSearch.getDefault('tokenize');
const processTerm: (term: string) => string = MiniSearch.getDefault('processTerm');
// MiniSearch's defaults: BM25+ parameters and the weight of a prefix or fuzzy (derived) match.
const k = 1.2,
  b = 0.7,
  d = 0.5,
  prefixWeight = 0.375,
  fuzzyWeight = 0.45;
/** What a part of a split compound counts for: "Fachkräftemangel" is not quite "Mangel". */
const compoundPartWeight = 0.6;
/** Field number in the low 3 bits of a posting, document number above. */
const fieldBits = 3;

interface Postings {
  /** (document << fieldBits) | field, in the order documents were added. */
  entries: Uint32Array;
  tfs: Uint16Array;
  size: number;
  /** How many documents hold the term in each field (the BM25 document frequency). */
  perField: Uint32Array;
}

/** The index terms of a text: MiniSearch's default tokenizer, lower-cased (and folded, when `fold` is given). */
export function termsOf(text: string, fold?: (term: string) => string): string[] {
  return tokenize(text)
    .map((token) => (fold ? fold(processTerm(token)) : processTerm(token)))
    .filter((term) => term);
}

/** A word that counts as a query term, for `weight` of what the term itself counts. */
export interface RelatedTerm {
  term: string;
  weight: number;
}

export interface TermQuery {
  terms: string[];
  /** Matches longer terms starting with the query term. */
  prefix: (term: string) => boolean;
  /** Edit distance for a term with no exact or prefix match (0: none). */
  fuzzy: (term: string) => number;
  /** Only documents passing this count and rank. */
  accept: (doc: number) => boolean;
  limit: number;
  /** Words that also count as a term (exact or as a prefix), each for its weight. */
  related?: (term: string) => readonly RelatedTerm[] | undefined;
  /** Rank every document matching any term (by score × terms matched), even when some match all. */
  anyTerm?: boolean;
}

export interface RankedDoc {
  doc: number;
  score: number;
}

export interface TermResult {
  /** The best `limit` documents, best first. */
  ranked: RankedDoc[];
  /** Every document that counted (passed `accept` and matched as ranking requires), before the limit. */
  total: number;
}

export class TermIndex {
  readonly #boosts: number[];
  readonly #tree = new SearchableMap<Postings>();
  readonly #byTerm = new Map<string, Postings>();
  readonly #fieldLengths: number[] = [];
  readonly #lengthSums: number[];
  #docs = 0;
  // Per-search scratch, one slot per document, reused so a search allocates nothing per match.
  #score = new Float64Array(0);
  #matched = new Uint16Array(0);
  #seen = new Float64Array(0);
  #stamp = 0;
  readonly #touched: number[] = [];
  readonly #fold: ((term: string) => string) | undefined;
  /** Compound words by their stems' last parts, for a language that writes compounds. */
  readonly #compounds: CompoundParts<Postings> | undefined;
  /** The postings one query term has scored, so a term reached twice (a prefix and a related word) counts once. */
  readonly #scored = new Set<Postings>();

  /** `boosts[i]` weighs field i; at most 8 fields. `analyzer`: fold terms and handle compounds as the language does. */
  constructor(boosts: number[], analyzer?: Analyzer) {
    if (boosts.length > 1 << fieldBits) throw new Error('TermIndex: at most 8 fields');
    this.#boosts = boosts;
    this.#lengthSums = boosts.map(() => 0);
    if (analyzer && analyzer.language !== 'en') this.#fold = analyzer.fold;
    if (analyzer?.compounds) this.#compounds = new CompoundParts(analyzer.stem);
  }

  get size(): number {
    return this.#docs;
  }

  /** Adds one document (its fields in constructor order); returns its number. */
  add(fields: string[]): number {
    const doc = this.#docs++;
    for (let field = 0; field < this.#boosts.length; field += 1) {
      const tokens = tokenize(fields[field] ?? '');
      // MiniSearch's field length: distinct tokens before lower-casing.
      const length = new Set(tokens).size;
      this.#fieldLengths.push(length);
      this.#lengthSums[field]! += length;
      const counts = new Map<string, number>();
      for (const token of tokens) {
        const term = this.#fold ? this.#fold(processTerm(token)) : processTerm(token);
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, tf] of counts) this.#append(term, (doc << fieldBits) | field, Math.min(tf, 0xffff), field);
    }
    return doc;
  }

  /** Documents matching every term rank first (all of them, when any does), by BM25 × terms matched. */
  search(query: TermQuery): TermResult {
    const terms = [...new Set(query.terms)];
    this.#ensureScratch();
    for (const term of terms) this.#scoreTerm(term, query);
    const score = this.#score,
      matched = this.#matched,
      touched = this.#touched;
    let allTerms = false;
    for (const doc of touched) {
      score[doc]! *= matched[doc]!;
      if (!allTerms && !query.anyTerm && matched[doc] === terms.length && query.accept(doc)) allTerms = true;
    }
    // The heap keeps the best `limit`; the count covers every match, so callers need no second pass.
    const top = new TopK(query.limit, score);
    let total = 0;
    for (const doc of touched) {
      if ((!allTerms || matched[doc] === terms.length) && query.accept(doc)) {
        top.offer(doc);
        total += 1;
      }
    }
    const ranked = top.sorted().map((doc) => ({ doc, score: score[doc]! }));
    for (const doc of touched) {
      score[doc] = 0;
      matched[doc] = 0;
    }
    touched.length = 0;
    return { ranked, total };
  }

  #append(term: string, entry: number, tf: number, field: number): void {
    let postings = this.#byTerm.get(term);
    if (!postings) {
      postings = {
        entries: new Uint32Array(2),
        tfs: new Uint16Array(2),
        size: 0,
        perField: new Uint32Array(this.#boosts.length),
      };
      this.#byTerm.set(term, postings);
      this.#tree.set(term, postings);
      this.#compounds?.add(term, postings);
    } else if (postings.size === postings.entries.length) {
      const entries = new Uint32Array(postings.size * 2),
        tfs = new Uint16Array(postings.size * 2);
      entries.set(postings.entries);
      tfs.set(postings.tfs);
      postings.entries = entries;
      postings.tfs = tfs;
    }
    postings.entries[postings.size] = entry;
    postings.tfs[postings.size] = tf;
    postings.size += 1;
    postings.perField[field]! += 1;
  }

  /**
   * Exact match, longer terms with its prefix, compounds ending in it, related words; only when none
   * of these exists, the parts of a compound the index holds, and failing that terms one typo away.
   */
  #scoreTerm(term: string, query: TermQuery): void {
    let found = this.#scoreWord(term, query, 1);
    for (const { term: other, weight } of query.related?.(term) ?? []) this.#scoreWord(other, query, weight);
    if (!found && this.#compounds) {
      for (const part of this.#compounds.split(term, (head) => this.#holds(head))) {
        found = this.#scoreWord(part, query, compoundPartWeight) || found;
        for (const { term: other, weight } of query.related?.(part) ?? [])
          this.#scoreWord(other, query, compoundPartWeight * weight);
      }
    }
    const distance = found ? 0 : query.fuzzy(term);
    if (distance > 0) {
      for (const [near, [postings, edits]] of this.#tree.fuzzyGet(term, distance)) {
        if (edits > 0) this.#addPostings(postings, (fuzzyWeight * near.length) / (near.length + edits));
      }
    }
    this.#scored.clear();
    this.#stamp += 1;
  }

  /** Scores a word's exact, prefix and compound matches at `weight`; whether it matched any. */
  #scoreWord(term: string, query: TermQuery, weight: number): boolean {
    const exact = this.#byTerm.get(term);
    if (exact) this.#addPostings(exact, weight);
    let found = exact !== undefined;
    if (query.prefix(term)) {
      for (const [longer, postings] of this.#tree.atPrefix(term)) {
        if (longer === term) continue;
        this.#addPostings(
          postings,
          (weight * prefixWeight * longer.length) / (longer.length + 0.3 * (longer.length - term.length)),
        );
        found = true;
      }
    }
    for (const [longer, postings] of this.#compounds?.endingIn(term) ?? []) {
      this.#addPostings(postings, (weight * prefixWeight * term.length) / longer.length);
      found = true;
    }
    return found;
  }

  /** Whether the index holds the term or a longer one starting with it. */
  #holds(term: string): boolean {
    if (this.#byTerm.has(term)) return true;
    for (const _ of this.#tree.atPrefix(term).keys()) return true;
    return false;
  }

  #addPostings(postings: Postings, weight: number): void {
    if (this.#scored.has(postings)) return;
    this.#scored.add(postings);
    const fields = this.#boosts.length,
      docs = this.#docs;
    const idfWeight: number[] = [],
      lengthFactor: number[] = [];
    for (let field = 0; field < fields; field += 1) {
      const n = postings.perField[field]!;
      idfWeight.push(weight * this.#boosts[field]! * Math.log(1 + (docs - n + 0.5) / (n + 0.5)));
      lengthFactor.push((k * b * docs) / (this.#lengthSums[field]! || 1));
    }
    const score = this.#score,
      matched = this.#matched,
      seen = this.#seen,
      stamp = this.#stamp,
      lengths = this.#fieldLengths;
    const { entries, tfs, size } = postings;
    for (let i = 0; i < size; i += 1) {
      const entry = entries[i]!,
        doc = entry >>> fieldBits,
        field = entry & ((1 << fieldBits) - 1),
        tf = tfs[i]!;
      const length = lengths[doc * fields + field]!;
      score[doc]! += idfWeight[field]! * (d + (tf * (k + 1)) / (tf + k * (1 - b) + lengthFactor[field]! * length));
      if (seen[doc] !== stamp) {
        seen[doc] = stamp;
        if (matched[doc] === 0) this.#touched.push(doc);
        matched[doc]! += 1;
      }
    }
  }

  #ensureScratch(): void {
    if (this.#score.length >= this.#docs) return;
    this.#score = new Float64Array(this.#docs);
    this.#matched = new Uint16Array(this.#docs);
    this.#seen = new Float64Array(this.#docs).fill(-1);
  }
}
