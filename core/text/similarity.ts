/**
 * @module
 * Name similarity (D15), 0..1: 1 only when a name is the query once folded (`fold.ts`: case,
 * accents, punctuation; either reading of an apostrophe), else Sørensen–Dice over character
 * bigrams averaged with the share of the query's words the name has. Prepared once per
 * ranking (`prepareQuery`) and compared against every candidate's names (`similarityTo`).
 */
import { fold, foldJoined, hasApostrophe } from './fold.ts';
import { hasWord } from './has-word.ts';
import { keptFolds } from './kept-folds.ts';

/**
 * A query folded once, with its character bigrams counted and its words split: what every
 * candidate's names are compared against, prepared once per ranking rather than per name.
 */
export interface PreparedQuery {
  folded: string;
  /** The query with apostrophes joined (`foldJoined`); `folded` itself when it has none. */
  joined: string;
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

export function prepareQuery(query: string): PreparedQuery {
  const folded = fold(query);
  const joined = hasApostrophe(query) ? foldJoined(query) : folded;
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
  return {
    folded,
    joined,
    slots,
    generation,
    counts: Int32Array.from(tally),
    size: Math.max(0, s.length - 1),
    words: folded.split(' ').filter(Boolean),
  };
}

/**
 * One of an item's names: a text, or a title credited to someone (`{ title, by }`), which stands
 * for three names: the title alone, and joined by a space with the credit either side
 * (`artist title`, `title artist`). The three share all their bigrams but the one where the two
 * texts meet, and their words, so they are compared in one walk of each text: a track's or
 * album's names, compared three times before, cost little more than its title. A joined
 * name folds as its folded halves joined (folding never carries across a space), so it is never
 * built.
 */
export type Name = string | { readonly title: string; readonly by: string };

/** Folds of the candidates' names, remembered: the same titles and artists keep coming back. */
const foldKept = keptFolds(fold);
const joinedKept = keptFolds(foldJoined);

/** A name's reading with apostrophes joined, given its fold: the fold itself when it has none. */
function joinedOf(text: string, folded: string): string {
  return hasApostrophe(text) ? joinedKept(text) : folded;
}

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

/** Whether a text, folded (`text`) and joined (`joined`), is the query in any reading of either. */
function isQuery(text: string, joined: string, q: PreparedQuery): boolean {
  return text === q.folded || joined === q.folded || text === q.joined || joined === q.joined;
}

/** A folded text alone (and its joined reading): 1 when it is the query. */
function textSimilarity(text: string, joined: string, q: PreparedQuery): number {
  if (isQuery(text, joined, q)) return 1;
  startWalk(q);
  walk(text, q);
  return nearScore(walked, shared, wordsIn(q, text), q);
}

/** Whether `first second` is `f` (a reading of the query), the joined text never built. */
function joinedIs(first: string, second: string, f: string): boolean {
  return (
    f.length === first.length + 1 + second.length &&
    f.charCodeAt(first.length) === 32 &&
    f.startsWith(first) &&
    f.endsWith(second)
  );
}

/** Whether `title` alone or joined with `by` either side is `f`. */
function pairIs(title: string, by: string, f: string): boolean {
  return title === f || joinedIs(by, title, f) || joinedIs(title, by, f);
}

/** Whether a credited title is the query: any reading of the title, the credit and the query. */
function creditedIs(title: string, titleJoined: string, by: string, byJoined: string, q: PreparedQuery): boolean {
  if (pairIs(title, by, q.folded)) return true;
  if (title === titleJoined && by === byJoined && q.folded === q.joined) return false;
  for (const f of [q.folded, q.joined]) {
    for (const t of [title, titleJoined]) for (const b of [by, byJoined]) if (pairIs(t, b, f)) return true;
  }
  return false;
}

/**
 * The best of a credited title's three names (see `Name`), title and credit folded and joined.
 * A text folds to nothing in both readings or in neither.
 */
function creditedSimilarity(
  title: string,
  titleJoined: string,
  by: string,
  byJoined: string,
  q: PreparedQuery,
): number {
  // A text that folds to nothing leaves the other one alone, as joining would.
  if (by === '') return textSimilarity(title, titleJoined, q);
  if (title === '') return Math.max(textSimilarity(title, titleJoined, q), textSimilarity(by, byJoined, q));
  if (creditedIs(title, titleJoined, by, byJoined, q)) return 1;
  startWalk(q);
  walk(title, q);
  const alone = nearScore(walked, shared, wordsIn(q, title), q);
  walk(by, q);
  // Joined, each order has one bigram more: where the texts meet (folded texts are trimmed).
  const titleFirst = spare(q, title.charCodeAt(title.length - 1), by.charCodeAt(0)) ? 1 : 0;
  const byFirst = spare(q, by.charCodeAt(by.length - 1), title.charCodeAt(0)) ? 1 : 0;
  return Math.max(alone, nearScore(walked + 1, shared + Math.max(titleFirst, byFirst), wordsIn(q, title, by), q));
}

/** Similarity 0..1 of the best of an item's names to a prepared query; 1 only when exact. */
export function similarityTo(names: readonly Name[], q: PreparedQuery): number {
  let best = 0;
  for (const name of names) {
    let score: number;
    if (typeof name === 'string') {
      const text = foldKept(name);
      score = textSimilarity(text, joinedOf(name, text), q);
    } else {
      const title = foldKept(name.title);
      const by = foldKept(name.by);
      score = creditedSimilarity(title, joinedOf(name.title, title), by, joinedOf(name.by, by), q);
    }
    if (score === 1) return 1;
    if (score > best) best = score;
  }
  return best;
}

/** Similarity 0..1 of the best of an item's names (e.g. `title`, `{ title, by: artist }`); 1 only when exact. */
export function similarity(names: readonly Name[], query: string): number {
  return similarityTo(names, prepareQuery(query));
}

/** A lookup by name (`/artist/info?artist=`) accepts only a plausible match, never any hit. */
export const PLAUSIBLE = 0.5;
