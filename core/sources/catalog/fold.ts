/**
 * @module
 * Text folding shared by search and filters: case, accents and punctuation do not matter
 * (D15), so `Zoé's  Café!` and `zoes cafe` fold alike.
 */

const PLAIN = /^[A-Za-z0-9 ]*$/;

export function fold(text: string): string {
  // Most names are plain ASCII: skip the Unicode work (a third of indexing time at 1M tracks).
  if (PLAIN.test(text)) return text.toLowerCase().replace(/ {2,}/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `needle` occurs in `haystack` as whole words, both folded. */
export function containsWords(haystack: string, needle: string): boolean {
  if (needle === '') return false;
  return ` ${haystack} `.includes(` ${needle} `);
}

/** Words too common to discriminate: left out of search terms (unless a query has nothing else). */
const STOPWORDS = new Set(['the', 'a', 'an', 'of', 'and', 'to', 'in', 'on', 'at', 'for', 'la', 'le', 'el', 'les', 'de']);

/** Folded search terms of a text, without stop words. */
export function searchTerms(text: string): string[] {
  const all = fold(text).split(' ').filter((t) => t !== '');
  const kept = all.filter((t) => !STOPWORDS.has(t));
  return kept.length > 0 ? kept : all;
}

/** D33: a query this short (folded) is the start of a word only: too short to correct or to compare. */
export const SHORT_QUERY = 2;

/** The folded query when it is short (one or two characters, one word), else null. */
export function shortPrefix(query: string): string | null {
  const folded = fold(query);
  return folded.length > 0 && folded.length <= SHORT_QUERY && !folded.includes(' ') ? folded : null;
}
