/**
 * @module
 * Search terms (D33): the folded words a text is found by and a query looks for, stop words
 * left out. The catalogue's index and the as-typed rule both read texts here, so they find the
 * same things.
 */
import { foldJoined, readings } from './fold.ts';

/** Words too common to discriminate: left out of search terms (unless a text has nothing else). */
const STOPWORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'to',
  'in',
  'on',
  'at',
  'for',
  'la',
  'le',
  'el',
  'les',
  'de',
]);

function withoutStopwords(words: readonly string[]): string[] {
  const kept = words.filter((t) => !STOPWORDS.has(t));
  return kept.length > 0 ? kept : [...words];
}

const wordsOf = (folded: string): string[] => folded.split(' ').filter((t) => t !== '');

/**
 * Every word a text is found by, stop words out: the words of each of its readings, so
 * `It's Only Love` is found by `it`, `s` and `its` (the first reading's words first).
 */
export function searchTerms(text: string): string[] {
  const all = readings(text);
  return withoutStopwords(all.length === 1 ? wordsOf(all[0]!) : [...new Set(all.flatMap(wordsOf))]);
}

/**
 * What a query looks for: each of its readings' words in order, stop words out, the reading
 * with apostrophes joined first. A text holds the query when it holds every word of one
 * reading.
 */
export function queryTerms(query: string): string[][] {
  const all = readings(query);
  const out = [withoutStopwords(wordsOf(all.at(-1)!))];
  if (all.length > 1) out.push(withoutStopwords(wordsOf(all[0]!)));
  return out;
}

/** Whether `needle` occurs in `haystack` as whole words, both folded. */
export function containsWords(haystack: string, needle: string): boolean {
  if (needle === '') return false;
  return ` ${haystack} `.includes(` ${needle} `);
}

/** Whether `text` holds `needle`'s words in a row, both as typed, in any reading of each: `Destiny's Child` holds `destinys child`. */
export function holdsWords(text: string, needle: string): boolean {
  const wanted = readings(needle);
  return readings(text).some((r) => wanted.some((w) => containsWords(r, w)));
}

/** A query this short (folded) is the start of a word only: too short to correct or to compare. */
const SHORT_QUERY = 2;

/** The folded query when it is short (one or two characters, one word; apostrophes joined), else null. */
export function shortPrefix(query: string): string | null {
  const folded = foldJoined(query);
  return folded.length > 0 && folded.length <= SHORT_QUERY && !folded.includes(' ') ? folded : null;
}
