/**
 * @module
 * D15 relevance. `score` is 0..1 and blends name similarity with popularity, with one hard
 * rule: an exact name match (case, accents and punctuation folded) always outranks a more
 * popular near match. Exact matches score in [0.7, 1], anything else in [0, 0.69], so
 * popularity only orders items within the same band. Pure: sources' order breaks ties.
 */

import { matchesAsTyped, typedQuery } from './typed-match.ts';

const EXACT_FLOOR = 0.7;
const EXACT_POPULARITY = 0.3;
const NEAR_SIMILARITY = 0.55;
const NEAR_POPULARITY = 0.14;

const ASCII = /^[\x00-\x7f]*$/;

/** Case, accents and punctuation folded; `Beyoncé – Halo!` and `beyonce halo` are equal. */
export function fold(text: string): string {
  // ASCII has nothing to decompose and no letters or digits beyond a-z and 0-9, so this is the
  // same answer without the Unicode work: most names are ASCII, and ranking folds every one.
  if (ASCII.test(text)) return text.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A query folded once, with its character bigrams counted and its words split: what every
 * candidate's names are compared against, prepared once per ranking rather than per name.
 */
interface PreparedQuery {
  folded: string;
  /** Bigram (two UTF-16 code units as one number) → its slot in `counts`. */
  slots: Map<number, number>;
  /** Which filling of the ASCII table holds this query's bigrams (see `asciiSlot`). */
  generation: number;
  /** How often the query has each bigram. */
  counts: Int32Array;
  /** How many bigrams the query has, repeats included. */
  size: number;
  words: string[];
}

/**
 * The latest prepared query's bigrams of two ASCII characters, at `first * 128 + second`: its
 * slot, valid where the stamp is that query's generation. A name's bigrams are looked up
 * thousands of times per ranking and an array beats a map; one shared table, stamped rather
 * than cleared or allocated per query. A query prepared earlier falls back to its own map.
 */
const ASCII_BIGRAMS = 128 * 128;
const asciiStamp = new Uint32Array(ASCII_BIGRAMS);
const asciiSlot = new Int32Array(ASCII_BIGRAMS);
let generation = 0;

function prepare(query: string): PreparedQuery {
  const folded = fold(query);
  const s = folded.replace(/ /g, '');
  const slots = new Map<number, number>();
  const tally: number[] = [];
  if (generation === 0xffffffff) {
    asciiStamp.fill(0);
    generation = 0;
  }
  generation++;
  for (let i = 0; i < s.length - 1; i++) {
    const [a, b] = [s.charCodeAt(i), s.charCodeAt(i + 1)];
    const g = a * 65536 + b;
    let slot = slots.get(g);
    if (slot === undefined) slots.set(g, (slot = tally.push(1) - 1));
    else tally[slot]!++;
    if (a < 128 && b < 128) {
      asciiStamp[a * 128 + b] = generation;
      asciiSlot[a * 128 + b] = slot;
    }
  }
  return { folded, slots, generation, counts: Int32Array.from(tally), size: Math.max(0, s.length - 1), words: folded.split(' ').filter(Boolean) };
}

/**
 * One of an item's names: a text, or two texts meant joined by a space (`artist title`). A pair
 * folds as its two folded halves joined (folding never carries across a space), so the halves'
 * folds are reused and the joined text is never built.
 */
export type Name = string | readonly [string, string];

/** Folds seen lately, bounded: the same titles and artists keep coming back among candidates. */
const KEPT_FOLDS = 20_000;
const folds = new Map<string, string>();

function foldKept(text: string): string {
  let folded = folds.get(text);
  if (folded === undefined) {
    // Dropping them all at the bound is cruder than LRU order but costs nothing per hit.
    if (folds.size >= KEPT_FOLDS) folds.clear();
    folded = fold(text);
    folds.set(text, folded);
  }
  return folded;
}

/** Per-slot use while one name is compared; grown as queries need, cleared after each name. */
let used = new Int32Array(64);

/**
 * Sørensen–Dice over character bigrams (spaces left out): robust to typos and word order.
 * Shared bigrams count as often as both texts have them, so a name's bigram matches only while
 * the query still has one of its kind unmatched. A name comes as its folded halves (`second`
 * empty for a single text).
 */
function dice(first: string, second: string, q: PreparedQuery): number {
  const { slots, counts } = q;
  const latest = q.generation === generation;
  if (used.length < counts.length) used = new Int32Array(counts.length);
  const taken = used;
  let size = 0;
  let shared = 0;
  let previous = -1;
  // The halves walked as one text: the space that would join them is skipped like the others.
  for (let half = 0; half < 2; half++) {
    const text = half === 0 ? first : second;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 32) continue;
      if (previous !== -1) {
        size++;
        const at = previous * 128 + c;
        const slot = latest && previous < 128 && c < 128 ? (asciiStamp[at] === generation ? asciiSlot[at]! : -1) : (slots.get(previous * 65536 + c) ?? -1);
        if (slot !== -1 && taken[slot]! < counts[slot]!) {
          taken[slot]!++;
          shared++;
        }
      }
      previous = c;
    }
  }
  for (let slot = 0; slot < counts.length; slot++) taken[slot] = 0;
  const sizes = size + q.size;
  return sizes === 0 ? 0 : (2 * shared) / sizes;
}

/** Whether `word` (no spaces) is one of the words of the folded `text`: found with a space or an end either side. */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || text.charCodeAt(at - 1) === 32) && (end === text.length || text.charCodeAt(end) === 32)) return true;
  }
  return false;
}

/** Share of the query's words found in the name (its folded halves): rewards names that contain the query. */
function wordRecall(first: string, second: string, q: PreparedQuery): number {
  if (q.words.length === 0) return 0;
  let found = 0;
  for (const w of q.words) if (hasWord(first, w) || hasWord(second, w)) found++;
  return found / q.words.length;
}

/** Whether `first second` (or `first` alone when `second` is empty) is the folded query. */
function isQuery(first: string, second: string, q: PreparedQuery): boolean {
  if (second === '') return first === q.folded;
  const f = q.folded;
  return f.length === first.length + 1 + second.length && f.charCodeAt(first.length) === 32 && f.startsWith(first) && f.endsWith(second);
}

function similarityTo(names: readonly Name[], q: PreparedQuery): number {
  let best = 0;
  for (const name of names) {
    let first = foldKept(typeof name === 'string' ? name : name[0]);
    let second = typeof name === 'string' ? '' : foldKept(name[1]);
    // A pair's halves join with one space unless one of them folds to nothing.
    if (first === '') {
      first = second;
      second = '';
    }
    if (isQuery(first, second, q)) return 1;
    best = Math.max(best, Math.min(0.99, (dice(first, second, q) + wordRecall(first, second, q)) / 2));
  }
  return best;
}

/** Similarity 0..1 of the best of an item's names (e.g. `title`, `[artist, title]`); 1 only when exact. */
export function similarity(names: readonly Name[], query: string): number {
  return similarityTo(names, prepare(query));
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
  items: readonly T[], query: string, namesOf: (item: T) => readonly Name[], popularityOf: (item: T) => number,
): Scored<T>[] {
  const max = Math.max(0, ...items.map(popularityOf));
  const q = prepare(query);
  return items
    .map((item) => ({ item, score: relevance(similarityTo(namesOf(item), q), popularity(popularityOf(item), max)) }))
    .sort((a, b) => b.score - a.score);
}

/**
 * D33 bands for search answers. An exact name scores as `relevance` has it (0.7..1); a name
 * that holds the query as typed (`typed-match.ts`) scores 0.35..0.69; anything found only
 * through a correction or with a word missing scores 0..0.34, below every match as typed. Inside
 * a band the D15 blend orders, scaled to the band; a query of one or two characters has no
 * useful similarity, so its matches are ordered by popularity alone.
 */
const TYPED_FLOOR = 0.35;
const BAND_SPAN = 0.34;
const NEAR_TOP = NEAR_SIMILARITY * 0.99 + NEAR_POPULARITY;

export function searchRelevance(similarityValue: number, popularityValue: number, asTyped: boolean, short: boolean): number {
  if (similarityValue === 1) return relevance(1, popularityValue);
  const blend = (short ? 0 : similarityValue * NEAR_SIMILARITY) + popularityValue * NEAR_POPULARITY;
  const raw = (asTyped ? TYPED_FLOOR : 0) + (blend / NEAR_TOP) * BAND_SPAN;
  return Math.round(raw * 10_000) / 10_000;
}

/**
 * `rankByRelevance` in D33's bands: what the search endpoints answer. `textsOf` gives every text
 * a source matched the item by (a track's featured artists too), for the band; by default the
 * names.
 */
export function rankSearchHits<T>(
  items: readonly T[], query: string, namesOf: (item: T) => readonly Name[], popularityOf: (item: T) => number,
  textsOf: (item: T) => readonly string[] = (item) => namesOf(item).flatMap((n) => (typeof n === 'string' ? [n] : [...n])),
): Scored<T>[] {
  const max = Math.max(0, ...items.map(popularityOf));
  const q = prepare(query);
  const typed = typedQuery(query);
  return items
    .map((item) => {
      const names = namesOf(item);
      const asTyped = matchesAsTyped(textsOf(item), typed);
      return { item, score: searchRelevance(similarityTo(names, q), popularity(popularityOf(item), max), asTyped, typed.short) };
    })
    .sort((a, b) => b.score - a.score);
}

/** A lookup by name (`/artist/info?artist=`) accepts only a plausible match, never any hit. */
export const PLAUSIBLE = 0.5;
