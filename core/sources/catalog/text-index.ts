/**
 * @module
 * Full-text search over one kind of record, through FlexSearch, chosen by measurement over
 * MiniSearch and Orama (`bench/search-libraries.ts`, results in `bench/search-libraries.md`):
 * at 100k tracks it answered mixed queries in well under a millisecond at the median where
 * MiniSearch took several, with the smallest index of the three. Terms are folded
 * (case, accents, punctuation) and stop words dropped; misspelt or half-typed words are first
 * resolved against the vocabulary (`vocabulary.ts`). Records are added most popular first, so
 * among equally good matches the better-known comes first (FlexSearch keeps insertion order).
 */
import { Index } from 'flexsearch';
import { searchTerms } from './fold.ts';
import { createVocabulary } from './vocabulary.ts';

export interface IndexedDoc {
  id: number;
  /** Main text (title, name): placed first, where FlexSearch scores matches higher. */
  name: string;
  /** Secondary text (artist names); may be empty. */
  extra: string;
  /** Popularity on any scale; only its order matters. */
  popularity: number;
}

export interface TextIndex {
  /** Ids best-first; the same query always answers the same order. */
  search(query: string, limit: number, filter?: (id: number) => boolean): number[];
  readonly size: number;
}

/** How many candidates a filtered search looks through. */
const FILTERED_POOL = 1000;

export function createTextIndex(docs: Iterable<IndexedDoc>): TextIndex {
  const sorted = [...docs].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  // Terms arrive folded and typos are the vocabulary's job, so FlexSearch only splits: its own
  // Latin encoders cost 2.4x the indexing time for no measured recall (bench/search-libraries.md).
  const index = new Index({ tokenize: 'strict', encode: (text: string) => text.split(' ') });
  const vocabulary = createVocabulary();
  for (const doc of sorted) {
    const terms = searchTerms(`${doc.name} ${doc.extra}`);
    for (const term of terms) vocabulary.add(term);
    index.add(doc.id, terms.join(' '));
  }
  vocabulary.seal();
  return {
    size: sorted.length,
    search(query, limit, filter) {
      const terms = searchTerms(query);
      const resolved = terms.map((t, i) => vocabulary.resolve(t, i === terms.length - 1)).filter((t) => t !== null);
      if (resolved.length === 0 || limit <= 0) return [];
      const ids = index.search(resolved.join(' '), { limit: filter ? Math.max(limit, FILTERED_POOL) : limit, suggest: true }) as number[];
      return (filter ? ids.filter(filter) : ids).slice(0, limit);
    },
  };
}
