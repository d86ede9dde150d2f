/**
 * Fuzzy name matching, built once per catalog: the most similar record for a mistyped,
 * pluralised or reordered name. The words of every record's name and creature are indexed
 * (folded to a rough singular) with a padded-bigram index of that vocabulary, so a query word
 * reaches its near words by counting shared bigrams (a word within `k` edits shares all but `2k`
 * of its `length + 1` bigrams, counted with their repeats) and checking only those, instead of
 * walking every term of the catalog as the general search index did. Only records holding a
 * matched word are scored.
 *
 * The checks are bounded: a query word compares at most {@link MAX_EDIT_CHECKS_PER_WORD} words
 * (those sharing the most bigrams first) and a lookup at most {@link MAX_EDIT_CHECKS_PER_LOOKUP}
 * (a repeated word is compared once), so a crafted name ("kaka lolo …", words of few distinct
 * letter pairs, which bigrams prune badly) costs no more than an ordinary one. Only such a name
 * can reach the bounds; what lies past them is a weaker typo match, left out.
 *
 * The score is MiniSearch's, term for term (BM25 per field with its k, b and d; weight 1 for the
 * exact word, 0.375 for a prefix and 0.45 for a typo, shrinking with the letters that differ;
 * boosts name 2, creature 1; the sum times the number of query words matched), so a lookup finds
 * the same record as the MiniSearch query it replaces, without that query's cost.
 */

import { boundedEditDistance } from "../util/editDistance.js";

/** Edits a query word may carry: laxer than search, as a swapped pair of letters costs two. */
export function nameEdits(term: string): number {
  return term.length >= 4 ? 2 : term.length === 3 ? 1 : 0;
}

/** Where MiniSearch's default tokenizer splits a text: spaces and punctuation. */
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

/** Words a query word compares by edit distance at most (those sharing the most bigrams first). */
export const MAX_EDIT_CHECKS_PER_WORD = 512;
/** Words one lookup compares by edit distance at most, over all its query words. */
export const MAX_EDIT_CHECKS_PER_LOOKUP = 2048;

/** Padded bigrams (`^a`, `ab`, ..., `z$`) with how often each occurs: `length + 1` in all. */
function bigrams(word: string): Map<string, number> {
  const padded = `^${word}$`;
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < padded.length; i++) {
    const gram = padded.slice(i, i + 2);
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

/**
 * Work done by every name index of this process, for the tests that bound it: `editChecks`
 * counts the words a lookup compared with its query word by edit distance (its candidates).
 * Not part of the public API.
 */
export const nameIndexWork = { editChecks: 0 };

const FIELD_BOOST = [2, 1] as const; // name, creature
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** MiniSearch's BM25+ parameters. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** The words holding one bigram: parallel lists of word and how often the bigram occurs in it. */
interface GramPostings {
  words: number[];
  counts: number[];
}

/** A word's records in one field: parallel lists of record and term frequency. */
interface Postings {
  records: number[];
  frequencies: number[];
}

/** A name index over records given as `{ name, creature }`, by position. */
export class NameIndex {
  readonly #words: string[] = [];
  readonly #wordIds = new Map<string, number>();
  /** Per word, per field (0 name, 1 creature). */
  readonly #postings: [Postings | undefined, Postings | undefined][] = [];
  /** Word ids in string order, for prefix ranges. */
  readonly #sorted: number[];
  readonly #byBigram = new Map<string, GramPostings>();
  /** Word ids by length, for a query word whose bigrams cannot prune. */
  readonly #byLength: number[][] = [];
  /** Per field, per record: distinct raw tokens (MiniSearch's field length). */
  readonly #fieldLength: [number[], number[]] = [[], []];
  readonly #averageLength: [number, number] = [0, 0];
  readonly #count: number;
  readonly #scratch: Int32Array;
  /** The words a lookup's bigrams reached (reused), and every word's length. */
  readonly #touched: Int32Array;
  readonly #lengths: Int32Array;
  /** Per-record accumulators of one lookup, reset after it: no allocation per lookup. */
  readonly #termScore: Float64Array;
  readonly #total: Float64Array;
  readonly #matched: Int32Array;
  readonly #touchedTerm: number[] = [];
  readonly #touchedTotal: number[] = [];

  /**
   * @param sources each record's name and creature as given (`""` for none)
   * @param fold folds a token as the search index folds it (lower case, rough singular)
   */
  constructor(
    sources: readonly { name: string; creature: string }[],
    readonly fold: (word: string) => string,
  ) {
    this.#count = sources.length;
    sources.forEach((source, record) => {
      [source.name, source.creature].forEach((text, field) => {
        const raw = text.split(SPLIT);
        const length = new Set(raw).size;
        this.#fieldLength[field]!.push(length);
        // The running average, computed as MiniSearch does, so scores agree to the last bit.
        this.#averageLength[field as 0 | 1] = (this.#averageLength[field]! * record + length) / (record + 1);
        for (const token of raw) {
          const word = fold(token);
          if (word) this.#add(this.#wordId(word), field as 0 | 1, record);
        }
      });
    });
    this.#sorted = this.#words.map((_, i) => i).sort((a, b) => (this.#words[a]! < this.#words[b]! ? -1 : 1));
    this.#scratch = new Int32Array(this.#words.length);
    this.#touched = new Int32Array(this.#words.length);
    this.#lengths = Int32Array.from(this.#words, (word) => word.length);
    this.#termScore = new Float64Array(sources.length);
    this.#total = new Float64Array(sources.length);
    this.#matched = new Int32Array(sources.length);
  }

  #add(word: number, field: 0 | 1, record: number): void {
    const postings = (this.#postings[word]![field] ??= { records: [], frequencies: [] });
    const last = postings.records.length - 1;
    if (postings.records[last] === record) postings.frequencies[last]! += 1;
    else {
      postings.records.push(record);
      postings.frequencies.push(1);
    }
  }

  #wordId(word: string): number {
    let id = this.#wordIds.get(word);
    if (id === undefined) {
      id = this.#words.length;
      this.#words.push(word);
      this.#wordIds.set(word, id);
      this.#postings.push([undefined, undefined]);
      for (const [gram, count] of bigrams(word)) {
        let postings = this.#byBigram.get(gram);
        if (!postings) this.#byBigram.set(gram, (postings = { words: [], counts: [] }));
        postings.words.push(id);
        postings.counts.push(count);
      }
      (this.#byLength[word.length] ??= []).push(id);
    }
    return id;
  }

  /** Words that start with `q` (not `q` itself). */
  #prefixed(q: string): number[] {
    let lo = 0;
    let hi = this.#sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#words[this.#sorted[mid]!]! < q) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.#sorted.length; i++) {
      const word = this.#words[this.#sorted[i]!]!;
      if (!word.startsWith(q)) break;
      if (word !== q) out.push(this.#sorted[i]!);
    }
    return out;
  }

  /**
   * Words within `k` edits of `q` (not `q` itself), with their distance, from at most `limit`
   * candidates; `checks` counts the candidates compared.
   */
  #near(q: string, k: number, limit: number, checks: { made: number }): [number, number][] {
    const out: [number, number][] = [];
    for (const id of this.#candidates(q, k)) {
      const word = this.#words[id]!;
      if (word === q) continue;
      if (limit-- <= 0) break;
      checks.made++;
      nameIndexWork.editChecks++;
      const d = boundedEditDistance(q, word, k);
      if (d <= k) out.push([id, d]);
    }
    return out;
  }

  /**
   * The words that may lie within `k` edits of `q`, most shared bigrams first: an edit changes
   * at most two of the `length + 1` padded bigrams, so a near word shares all but `2k` of them
   * (counted with repeats: "kaka" has `ka` twice). When that leaves nothing to require, the
   * words of a near length.
   */
  #candidates(q: string, k: number): number[] {
    const threshold = q.length + 1 - 2 * k;
    if (threshold <= 0) {
      const out: number[] = [];
      for (let length = Math.max(0, q.length - k); length <= q.length + k; length++)
        out.push(...(this.#byLength[length] ?? []));
      return out;
    }
    // Counted in reused arrays and kept apart by length before anything is sorted: a common
    // bigram reaches thousands of words, and this runs on every fuzzy lookup.
    const shared = this.#scratch;
    const touched = this.#touched;
    const lengths = this.#lengths;
    let count = 0;
    for (const [gram, times] of bigrams(q)) {
      const postings = this.#byBigram.get(gram);
      if (!postings) continue;
      const { words, counts } = postings;
      for (let i = 0; i < words.length; i++) {
        const id = words[i]!;
        if (shared[id] === 0) touched[count++] = id;
        shared[id]! += times < counts[i]! ? times : counts[i]!;
      }
    }
    const passed: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = touched[i]!;
      if (shared[id]! >= threshold && Math.abs(lengths[id]! - q.length) <= k) passed.push(id);
    }
    passed.sort((a, b) => shared[b]! - shared[a]! || a - b);
    for (let i = 0; i < count; i++) shared[touched[i]!] = 0;
    return passed;
  }

  /** Adds one matched word's BM25 score, per field, to the current query word's scores. */
  #score(word: number, weight: number): void {
    const scores = this.#termScore;
    for (const field of [0, 1] as const) {
      const postings = this.#postings[word]![field];
      if (!postings) continue;
      const matching = postings.records.length;
      const idf = Math.log(1 + (this.#count - matching + 0.5) / (matching + 0.5));
      const average = this.#averageLength[field];
      const lengths = this.#fieldLength[field];
      for (let i = 0; i < matching; i++) {
        const record = postings.records[i]!;
        const tf = postings.frequencies[i]!;
        const norm = tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[record]!) / average);
        const score = weight * FIELD_BOOST[field] * (idf * (BM25.d + (tf * (BM25.k + 1)) / norm));
        if (scores[record] === 0) this.#touchedTerm.push(record);
        scores[record]! += score;
      }
    }
  }

  /**
   * Scores `query` into the accumulators (MiniSearch's score: the sum over matched words, times
   * the number of query words matched); the records scored are left in `#touchedTotal`.
   */
  #accumulate(query: string): void {
    const seen = new Set<string>();
    // A repeated word is compared once: its near words are kept for the lookup.
    const nearOf = new Map<string, [number, number][]>();
    const checks = { made: 0 };
    for (const token of query.split(SPLIT)) {
      const q = this.fold(token);
      if (!q) continue;
      // A repeated word adds its score again but is one word matched, as in MiniSearch.
      const repeated = seen.has(q);
      seen.add(q);
      const exact = this.#wordIds.get(q);
      if (exact !== undefined) this.#score(exact, 1);
      const prefixed = new Set<number>();
      for (const id of this.#prefixed(q)) {
        prefixed.add(id);
        const length = this.#words[id]!.length;
        this.#score(id, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - q.length)));
      }
      const k = nameEdits(q);
      // A word that is both a prefix and a near word counts once, as a prefix.
      if (k > 0) {
        let near = nearOf.get(q);
        if (!near) {
          const limit = Math.min(MAX_EDIT_CHECKS_PER_WORD, MAX_EDIT_CHECKS_PER_LOOKUP - checks.made);
          nearOf.set(q, (near = this.#near(q, k, limit, checks)));
        }
        for (const [id, d] of near) {
          if (prefixed.has(id)) continue;
          const length = this.#words[id]!.length;
          this.#score(id, (FUZZY_WEIGHT * length) / (length + d));
        }
      }
      for (const record of this.#touchedTerm) {
        if (this.#matched[record] === 0) this.#touchedTotal.push(record);
        this.#total[record]! += this.#termScore[record]!;
        if (!repeated) this.#matched[record]! += 1;
        this.#termScore[record] = 0;
      }
      this.#touchedTerm.length = 0;
    }
  }

  /** Empties the accumulators for the next lookup. */
  #reset(): void {
    for (const record of this.#touchedTotal) {
      this.#total[record] = 0;
      this.#matched[record] = 0;
    }
    this.#touchedTotal.length = 0;
  }

  /** Every record near `query` with its score (the records `find` chooses among). */
  scores(query: string): Map<number, number> {
    this.#accumulate(query);
    const out = new Map<number, number>();
    for (const record of this.#touchedTotal) out.set(record, this.#total[record]! * this.#matched[record]!);
    this.#reset();
    return out;
  }

  /**
   * The best record for `query` (lower-cased, suffix removed), or `undefined` when no word is
   * near. `rank` orders records of equal score (the catalog's name order).
   */
  find(query: string, rank: (record: number) => number): number | undefined {
    this.#accumulate(query);
    let winner: number | undefined;
    let winnerScore = 0;
    for (const record of this.#touchedTotal) {
      // Records matching more of the query's words count more, as MiniSearch's results do.
      const final = this.#total[record]! * this.#matched[record]!;
      if (winner === undefined || final > winnerScore || (final === winnerScore && rank(record) < rank(winner))) {
        winner = record;
        winnerScore = final;
      }
    }
    this.#reset();
    return winner;
  }
}
