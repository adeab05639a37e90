/**
 * @module
 * Full-text search over one kind of record, through MiniSearch (the measured comparison of
 * libraries is `bench/search-libraries.ts`). Terms are folded (case, accents, punctuation); words of four
 * letters or more tolerate one typo (seven or more: two, so a swap of letters), and the last word matches as a prefix (search as you
 * type). Popularity is a mild boost, so among equal matches the better-known comes first.
 */
import MiniSearch from 'minisearch';
import { fold } from './fold.ts';

export interface IndexedDoc {
  id: number;
  /** Main text (title, name); weighs double. */
  name: string;
  /** Secondary text (artist names); may be empty. */
  extra: string;
  /** Popularity on any scale; only its order matters. */
  popularity: number;
}

export interface TextIndex {
  /** Ids best-first; ties by id, so the same query always answers the same order. */
  search(query: string, limit: number, filter?: (id: number) => boolean): number[];
  readonly size: number;
}

const tokenize = (text: string): string[] => fold(text).split(' ').filter((t) => t !== '');

export function createTextIndex(docs: Iterable<IndexedDoc>): TextIndex {
  const boost = new Map<number, number>();
  const index = new MiniSearch<IndexedDoc>({
    fields: ['name', 'extra'],
    storeFields: [],
    tokenize,
    processTerm: (term) => term,
  });
  let batch: IndexedDoc[] = [];
  for (const doc of docs) {
    boost.set(doc.id, 1 + Math.log10(1 + Math.max(0, doc.popularity)) / 20);
    batch.push(doc);
    if (batch.length === 10_000) {
      index.addAll(batch);
      batch = [];
    }
  }
  index.addAll(batch);
  const run = (query: string, combineWith: 'AND' | 'OR', filter?: (id: number) => boolean) =>
    index.search(query, {
      combineWith,
      boost: { name: 2 },
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : 0),
      maxFuzzy: 2,
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
      boostDocument: (id: number) => boost.get(id) ?? 1,
      filter: filter ? (result) => filter(result.id as number) : undefined,
    });
  return {
    size: index.documentCount,
    search(query, limit, filter) {
      if (tokenize(query).length === 0) return [];
      let results = run(query, 'AND', filter);
      if (results.length === 0) results = run(query, 'OR', filter);
      results.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
      return results.slice(0, limit).map((r) => r.id as number);
    },
  };
}
