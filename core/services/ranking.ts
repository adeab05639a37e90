/**
 * @module
 * D15 relevance. `score` is 0..1 and blends name similarity with popularity, with one hard
 * rule: an exact name match (case, accents and punctuation folded) always outranks a more
 * popular near match. Exact matches score in [0.7, 1], anything else in [0, 0.69], so
 * popularity only orders items within the same band. Pure: sources' order breaks ties.
 */

import { keptFolds } from './kept-folds.ts';
import { hasWord, matchesAsTyped, typedQuery } from './typed-match.ts';

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
 * One of an item's names: a text, or a title credited to someone (`{ title, by }`), which stands
 * for three names: the title alone, and joined by a space with the credit either side
 * (`artist title`, `title artist`). The three share all their bigrams but the one where the two
 * texts meet, and their words, so they are compared in one walk of each text: a track's or
 * album's names, compared three times before, cost little more than its title (#13). A joined
 * name folds as its folded halves joined (folding never carries across a space), so it is never
 * built.
 */
export type Name = string | { readonly title: string; readonly by: string };

/** Folds of the candidates' names, remembered: the same titles and artists keep coming back. */
const foldKept = keptFolds(fold);

/** Per-slot use while one name is compared; grown as queries need, cleared for each name. */
let used = new Int32Array(64);
/** What `walk` has counted since the last `startWalk`: bigrams, and those the query shares. */
let walked = 0;
let shared = 0;

/** The query's slot for the bigram `a b` (UTF-16 code units), or -1 when it has none. */
function slotOf(q: PreparedQuery, a: number, b: number): number {
  if (q.generation === generation && a < 128 && b < 128) {
    const at = a * 128 + b;
    return asciiStamp[at] === generation ? asciiSlot[at]! : -1;
  }
  return q.slots.get(a * 65536 + b) ?? -1;
}

/** Whether the query still has an unmatched bigram `a b`, after what was walked. */
function spare(q: PreparedQuery, a: number, b: number): boolean {
  const slot = slotOf(q, a, b);
  return slot !== -1 && used[slot]! < q.counts[slot]!;
}

function startWalk(q: PreparedQuery): void {
  if (used.length < q.counts.length) used = new Int32Array(q.counts.length);
  else used.fill(0, 0, q.counts.length);
  walked = 0;
  shared = 0;
}

/**
 * Adds a folded text's bigrams (spaces left out) to the walk. Shared bigrams count as often as
 * both texts have them, so a bigram matches only while the query still has one of its kind
 * unmatched; that count does not depend on the order texts are walked in.
 */
function walk(text: string, q: PreparedQuery): void {
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) continue;
    if (previous !== -1) {
      walked++;
      const slot = slotOf(q, previous, c);
      if (slot !== -1 && used[slot]! < q.counts[slot]!) {
        used[slot]!++;
        shared++;
      }
    }
    previous = c;
  }
}

/** How many of the query's words are words of `text`, or of `other` when given. */
function wordsIn(q: PreparedQuery, text: string, other = ''): number {
  let found = 0;
  for (const w of q.words) if (hasWord(text, w, false) || (other !== '' && hasWord(other, w, false))) found++;
  return found;
}

/**
 * A name's similarity short of exact: Sørensen–Dice over character bigrams (robust to typos and
 * word order) averaged with the share of the query's words it has, which rewards names that
 * contain the query.
 */
function nearScore(bigrams: number, matched: number, wordsFound: number, q: PreparedQuery): number {
  const sizes = bigrams + q.size;
  const dice = sizes === 0 ? 0 : (2 * matched) / sizes;
  const recall = q.words.length === 0 ? 0 : wordsFound / q.words.length;
  return Math.min(0.99, (dice + recall) / 2);
}

/** A folded text alone: 1 when it is the folded query. */
function textSimilarity(text: string, q: PreparedQuery): number {
  if (text === q.folded) return 1;
  startWalk(q);
  walk(text, q);
  return nearScore(walked, shared, wordsIn(q, text), q);
}

/** Whether `first second` is the folded query, the joined text never built. */
function joinedIs(first: string, second: string, q: PreparedQuery): boolean {
  const f = q.folded;
  return f.length === first.length + 1 + second.length && f.charCodeAt(first.length) === 32 && f.startsWith(first) && f.endsWith(second);
}

/** The best of a credited title's three names (see `Name`), title and credit folded. */
function creditedSimilarity(title: string, by: string, q: PreparedQuery): number {
  // A text that folds to nothing leaves the other one alone, as joining would.
  if (by === '') return textSimilarity(title, q);
  if (title === '') return Math.max(textSimilarity(title, q), textSimilarity(by, q));
  if (title === q.folded || joinedIs(by, title, q) || joinedIs(title, by, q)) return 1;
  startWalk(q);
  walk(title, q);
  const alone = nearScore(walked, shared, wordsIn(q, title), q);
  walk(by, q);
  // Joined, each order has one bigram more: where the texts meet (folded texts are trimmed).
  const titleFirst = spare(q, title.charCodeAt(title.length - 1), by.charCodeAt(0)) ? 1 : 0;
  const byFirst = spare(q, by.charCodeAt(by.length - 1), title.charCodeAt(0)) ? 1 : 0;
  return Math.max(alone, nearScore(walked + 1, shared + Math.max(titleFirst, byFirst), wordsIn(q, title, by), q));
}

function similarityTo(names: readonly Name[], q: PreparedQuery): number {
  let best = 0;
  for (const name of names) {
    const score = typeof name === 'string' ? textSimilarity(foldKept(name), q) : creditedSimilarity(foldKept(name.title), foldKept(name.by), q);
    if (score === 1) return 1;
    if (score > best) best = score;
  }
  return best;
}

/** Similarity 0..1 of the best of an item's names (e.g. `title`, `{ title, by: artist }`); 1 only when exact. */
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
  textsOf: (item: T) => readonly string[] = (item) => namesOf(item).flatMap((n) => (typeof n === 'string' ? [n] : [n.title, n.by])),
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
