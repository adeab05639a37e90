/**
 * @module
 * Full-text search over one kind of record. Terms are read as `core/text/terms.ts` reads them
 * (folded: case, accents, punctuation, either reading of an apostrophe; stop words dropped), as
 * the as-typed rule and the ranking read names. Records are numbered most popular first and
 * every word list is kept in that order (`postings.ts`), so each step below meets its matches
 * most popular first and stops at the page asked for. A query is answered in steps, each only when the
 * steps before it found fewer records than asked ("too little"):
 *
 * 1. Every word as typed, the last one whole; then the last one as a prefix (it may be half
 *    typed). Records matching in their main text (title, name) come first.
 * 2. Misspelt words corrected (`vocabulary.ts`), every word again. A word the catalogue knows
 *    (in any index: `TextIndexOptions.known`) is not misspelt and is never corrected.
 * 3. All words but one (as typed, or corrected), for queries of up to MAX_PARTIAL words.
 *
 * Corrections are tried for up to MAX_CORRECTIONS unknown words: more is no typo, and each costs.
 *
 * A query of one or two characters is a prefix only: records with a word starting with it,
 * most popular first.
 *
 * Why an index of its own and not FlexSearch: docs/decisions.md, D33.
 */
import { foldJoined } from '../../../text/fold.ts';
import { queryTerms, searchTerms, shortPrefix } from '../../../text/terms.ts';
import { prefixRange, walk, type Postings, type WordRange } from './postings.ts';
import { createVocabulary } from './vocabulary.ts';

export interface IndexedDoc {
  id: number;
  /** Main text (title, name): matches in it come first. */
  name: string;
  /** Secondary text (artist names); may be empty. */
  extra: string;
  /** Popularity on any scale; only its order matters. */
  popularity: number;
}

export interface TextIndex {
  /** Ids best-first; the same query always answers the same order. */
  search(query: string, limit: number, filter?: (id: number) => boolean): number[];
  /** Whether `term` (folded) is one of this index's words. */
  has(term: string): boolean;
  readonly size: number;
}

export interface TextIndexOptions {
  /**
   * Whether the catalogue knows a word in any of its indexes: such a word is what was meant,
   * not a misspelling, and is never corrected here (`love` is a title word; the artists index
   * has none, but `tove` is no answer to it). Default: this index's own words.
   */
  known?: (term: string) => boolean;
}

function build(sorted: readonly IndexedDoc[], add: (term: string) => void): Postings {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const recordStart = new Int32Array(sorted.length + 1);
  let recordWords = new Int32Array(Math.max(16, sorted.length * 4));
  let used = 0;
  sorted.forEach((doc, ordinal) => {
    // The title's own words are its joined reading (`L'estate` → `lestate`): a record found by
    // the pieces an apostrophe splits (`estate`) ranks with those matching outside the title.
    const inName = new Set(foldJoined(doc.name).split(' '));
    for (const term of new Set(searchTerms(`${doc.name} ${doc.extra}`))) {
      let id = ids.get(term);
      if (id === undefined) ids.set(term, (id = words.push(term) - 1));
      add(term);
      if (used === recordWords.length) {
        const grown = new Int32Array(used * 2);
        grown.set(recordWords);
        recordWords = grown;
      }
      recordWords[used++] = id * 2 + (inName.has(term) ? 1 : 0);
    }
    recordStart[ordinal + 1] = used;
  });
  // Words sorted so that a prefix is a range of ranks; records' words renumbered to ranks.
  const order = words.map((_, i) => i).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
  const rankOf = new Int32Array(words.length);
  for (const [rank, id] of order.entries()) rankOf[id] = rank;
  recordWords = recordWords.slice(0, used);
  const listStart = new Int32Array(words.length + 1);
  for (let i = 0; i < used; i++) {
    const rank = rankOf[recordWords[i]! >> 1]!;
    recordWords[i] = rank * 2 + (recordWords[i]! & 1);
    listStart[rank + 1]!++;
  }
  for (let r = 0; r < words.length; r++) listStart[r + 1] = listStart[r + 1]! + listStart[r]!;
  const fill = listStart.slice(0, words.length);
  const entries = new Int32Array(used);
  for (let ordinal = 0; ordinal < sorted.length; ordinal++) {
    for (let i = recordStart[ordinal]!; i < recordStart[ordinal + 1]!; i++) {
      entries[fill[recordWords[i]! >> 1]!++] = ordinal * 2 + (recordWords[i]! & 1);
    }
  }
  return { size: sorted.length, words: order.map((id) => words[id]!), listStart, entries, recordStart, recordWords };
}

/** How many unknown words a query may have and still be corrected. */
const MAX_CORRECTIONS = 4;

/** Up to how many words a query may drop one of them (one walk per word dropped). */
const MAX_PARTIAL = 8;

/** How many records a filtered search asks its filter about, at most. */
const FILTER_BUDGET = 1000;

export function createTextIndex(docs: Iterable<IndexedDoc>, options: TextIndexOptions = {}): TextIndex {
  const sorted = [...docs].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const ids = sorted.map((d) => d.id);
  const vocabulary = createVocabulary();
  const postings = build(sorted, (term) => vocabulary.add(term));
  vocabulary.seal();
  const rank = new Map(postings.words.map((w, r) => [w, r]));
  const whole = (term: string): WordRange => {
    const r = rank.get(term);
    return r === undefined ? { lo: 0, hi: 0 } : { lo: r, hi: r + 1 };
  };

  const known = options.known ?? ((term: string) => rank.has(term));
  return {
    size: sorted.length,
    has: (term) => rank.has(term),
    search(query, limit, filter) {
      if (limit <= 0) return [];
      const found: number[] = [];
      const seen = new Set<number>();
      // A filter (the artist of `/track/info?artist=`) is asked of at most FILTER_BUDGET records:
      // a query's words may be common, and a filter costs more than a list step.
      let filtered = 0;
      const accept = (ordinal: number): boolean =>
        !seen.has(ordinal) && (!filter || (filtered++ < FILTER_BUDGET && filter(ids[ordinal]!)));
      /** One step: adds what it finds to the answer, unless the steps before found enough. */
      const step = (ranges: readonly WordRange[], namesFirst: boolean): void => {
        const need = limit - found.length;
        if (need <= 0) return;
        for (const ordinal of walk(postings, { ranges, need, accept, namesFirst })) {
          seen.add(ordinal);
          found.push(ordinal);
        }
      };
      const short = shortPrefix(query);
      if (short !== null) {
        step([prefixRange(postings, short)], false);
        return found.map((o) => ids[o]!);
      }
      // Each reading of the query as typed (`queryTerms`: an apostrophe joins words, then breaks them).
      const readings = queryTerms(query);
      const terms = readings[0]!;
      if (terms.length === 0) return [];
      for (const reading of readings) {
        const head = reading.slice(0, -1).map(whole);
        const last = reading.at(-1);
        if (last === undefined) continue;
        step([...head, whole(last)], true);
        step([...head, prefixRange(postings, last)], true);
      }
      if (found.length >= limit) return found.map((o) => ids[o]!);
      // Corrections only for words the catalogue does not know: a known word is never replaced.
      // A query of many unknown words is no typo: past MAX_CORRECTIONS none is corrected (a bound on the work).
      const correcting = terms.filter((t) => !rank.has(t)).length <= MAX_CORRECTIONS;
      const resolved = terms.map((t) =>
        rank.has(t) ? t : correcting && !known(t) ? vocabulary.resolve(t, false) : null,
      );
      if (resolved.some((t, i) => t !== terms[i]))
        step(
          resolved.map((t) => (t === null ? { lo: 0, hi: 0 } : whole(t))),
          true,
        );
      if (terms.length > 1 && terms.length <= MAX_PARTIAL) {
        const best = resolved.map((t, i) => (t === null ? whole(terms[i]!) : whole(t)));
        for (let drop = terms.length - 1; drop >= 0; drop--)
          step(
            best.filter((_, i) => i !== drop),
            true,
          );
      }
      return found.map((o) => ids[o]!);
    },
  };
}
