/**
 * @module
 * D15 relevance. `score` is 0..1 and blends name similarity (`core/text/similarity.ts`) with
 * popularity, with one hard rule: an exact name match (folded as `core/text/fold.ts` folds:
 * case, accents, punctuation, either reading of an apostrophe) always outranks a more popular
 * near match. Exact matches score in [0.7, 1], anything else in [0, 0.69], so
 * popularity only orders items within the same band. Pure: drivers' order breaks ties.
 */

import { prepareQuery, similarityTo, type Name } from '../../text/similarity.ts';
import { matchesAsTyped, typedQuery } from '../../text/typed-match.ts';

const EXACT_FLOOR = 0.7;
const EXACT_POPULARITY = 0.3;
const NEAR_SIMILARITY = 0.55;
const NEAR_POPULARITY = 0.14;

/** Popularity 0..1 on a log scale against the most popular candidate: fans follow a long tail. */
export function popularity(value: number, max: number): number {
  return max <= 0 ? 0 : Math.log1p(Math.max(value, 0)) / Math.log1p(max);
}

export function relevance(similarityValue: number, popularityValue: number): number {
  const raw =
    similarityValue === 1
      ? EXACT_FLOOR + EXACT_POPULARITY * popularityValue
      : similarityValue * NEAR_SIMILARITY + popularityValue * NEAR_POPULARITY;
  return Math.round(raw * 10_000) / 10_000;
}

export interface Scored<T> {
  item: T;
  score: number;
}

/** Scores and orders candidates, best first; equal scores keep the driver's order. */
export function rankByRelevance<T>(
  items: readonly T[],
  query: string,
  namesOf: (item: T) => readonly Name[],
  popularityOf: (item: T) => number,
): Scored<T>[] {
  const max = Math.max(0, ...items.map(popularityOf));
  const q = prepareQuery(query);
  return items
    .map((item) => ({ item, score: relevance(similarityTo(namesOf(item), q), popularity(popularityOf(item), max)) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * Bands for search answers (D33). An exact name scores as `relevance` has it (0.7..1); a name
 * that holds the query as typed (`core/text/typed-match.ts`) scores 0.35..0.69; anything found only
 * through a correction or with a word missing scores 0..0.34, below every match as typed. Inside
 * a band the blend above orders, scaled to the band; a query of one or two characters has no
 * useful similarity, so its matches are ordered by popularity alone.
 */
const TYPED_FLOOR = 0.35;
const BAND_SPAN = 0.34;
const NEAR_TOP = NEAR_SIMILARITY * 0.99 + NEAR_POPULARITY;

export function searchRelevance(
  similarityValue: number,
  popularityValue: number,
  asTyped: boolean,
  short: boolean,
): number {
  if (similarityValue === 1) return relevance(1, popularityValue);
  const blend = (short ? 0 : similarityValue * NEAR_SIMILARITY) + popularityValue * NEAR_POPULARITY;
  const raw = (asTyped ? TYPED_FLOOR : 0) + (blend / NEAR_TOP) * BAND_SPAN;
  return Math.round(raw * 10_000) / 10_000;
}

/**
 * `rankByRelevance` in those bands: what the search endpoints answer. `textsOf` gives every text
 * a driver matched the item by (a track's featured artists too), for the band; by default the
 * names.
 */
export function rankSearchHits<T>(
  items: readonly T[],
  query: string,
  namesOf: (item: T) => readonly Name[],
  popularityOf: (item: T) => number,
  textsOf: (item: T) => readonly string[] = (item) =>
    namesOf(item).flatMap((n) => (typeof n === 'string' ? [n] : [n.title, n.by])),
): Scored<T>[] {
  const max = Math.max(0, ...items.map(popularityOf));
  const q = prepareQuery(query);
  const typed = typedQuery(query);
  return items
    .map((item) => {
      const names = namesOf(item);
      const asTyped = matchesAsTyped(textsOf(item), typed);
      return {
        item,
        score: searchRelevance(similarityTo(names, q), popularity(popularityOf(item), max), asTyped, typed.short),
      };
    })
    .sort((a, b) => b.score - a.score);
}
