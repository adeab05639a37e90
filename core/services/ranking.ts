/**
 * @module
 * D15 relevance. `score` is 0..1 and blends name similarity with popularity, with one hard
 * rule: an exact name match (case, accents and punctuation folded) always outranks a more
 * popular near match. Exact matches score in [0.7, 1], anything else in [0, 0.69], so
 * popularity only orders items within the same band. Pure: sources' order breaks ties.
 */

const EXACT_FLOOR = 0.7;
const EXACT_POPULARITY = 0.3;
const NEAR_SIMILARITY = 0.55;
const NEAR_POPULARITY = 0.14;

/** Case, accents and punctuation folded; `Beyoncé – Halo!` and `beyonce halo` are equal. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const s = text.replace(/ /g, '');
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Sørensen–Dice over character bigrams: robust to typos and word order. */
function dice(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let sizes = 0;
  let shared = 0;
  for (const n of x.values()) sizes += n;
  for (const [g, n] of y) {
    sizes += n;
    shared += Math.min(n, x.get(g) ?? 0);
  }
  return sizes === 0 ? 0 : (2 * shared) / sizes;
}

/** Share of the query's words found in the name: rewards names that contain the query. */
function wordRecall(name: string, query: string): number {
  const words = new Set(name.split(' '));
  const wanted = query.split(' ').filter(Boolean);
  return wanted.length === 0 ? 0 : wanted.filter((w) => words.has(w)).length / wanted.length;
}

/** Similarity 0..1 of the best of an item's names (e.g. `title`, `artist title`); 1 only when exact. */
export function similarity(names: readonly string[], query: string): number {
  const q = fold(query);
  let best = 0;
  for (const raw of names) {
    const name = fold(raw);
    if (name === q) return 1;
    best = Math.max(best, Math.min(0.99, (dice(name, q) + wordRecall(name, q)) / 2));
  }
  return best;
}

/** Popularity 0..1 on a log scale against the most popular candidate: fans follow a long tail. */
export function popularity(value: number, max: number): number {
  return max <= 0 ? 0 : Math.log1p(Math.max(value, 0)) / Math.log1p(max);
}

export function relevance(similarityValue: number, popularityValue: number): number {
  const raw = similarityValue === 1
    ? EXACT_FLOOR + EXACT_POPULARITY * popularityValue
    : similarityValue * NEAR_SIMILARITY + popularityValue * NEAR_POPULARITY;
  return Math.round(raw * 10_000) / 10_000;
}

export interface Scored<T> {
  item: T;
  score: number;
}

/** Scores and orders candidates, best first; equal scores keep the source's order. */
export function rankByRelevance<T>(
  items: readonly T[], query: string, namesOf: (item: T) => readonly string[], popularityOf: (item: T) => number,
): Scored<T>[] {
  const max = Math.max(0, ...items.map(popularityOf));
  return items
    .map((item) => ({ item, score: relevance(similarity(namesOf(item), query), popularity(popularityOf(item), max)) }))
    .sort((a, b) => b.score - a.score);
}

/** A lookup by name (`/artist/info?artist=`) accepts only a plausible match, never any hit. */
export const PLAUSIBLE = 0.5;
