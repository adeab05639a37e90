/**
 * @module
 * D33: whether an item's names hold the query as it was typed, folded as catalogue search folds
 * (case, accents, apostrophes, punctuation; stop words left out). Every word of the query must
 * be one of the names' words, the last one possibly only the start of one (it may be half
 * typed); a query of one or two characters must start one of the words. Anything else a source
 * answered it found through a correction or with a word missing, and ranks below (`ranking.ts`).
 * A pure rule on the answer, so it holds for any source: the catalogue's index or Deezer's.
 */
import { fold, searchTerms, shortPrefix } from '../sources/catalog/fold.ts';

export interface TypedQuery {
  /** One or two characters: matched as the start of a word, and ranked by popularity alone. */
  short: boolean;
  /** The folded words to find, the last one possibly as a prefix. */
  words: readonly string[];
}

export function typedQuery(query: string): TypedQuery {
  const short = shortPrefix(query);
  return { short: short !== null, words: short !== null ? [short] : searchTerms(query) };
}

/** Texts' folded words seen lately, bounded: the same titles and names keep coming back among candidates. */
const KEPT_TEXTS = 20_000;
const kept = new Map<string, readonly string[]>();

function wordsOf(text: string): readonly string[] {
  let words = kept.get(text);
  if (words === undefined) {
    // Dropping them all at the bound is cruder than LRU order but costs nothing per hit.
    if (kept.size >= KEPT_TEXTS) kept.clear();
    words = fold(text).split(' ');
    kept.set(text, words);
  }
  return words;
}

/** Whether one of the texts has `word` as a word (or, with `prefix`, as the start of one). */
function holds(texts: readonly string[], word: string, prefix: boolean): boolean {
  for (const text of texts) {
    for (const w of wordsOf(text)) if (prefix ? w.startsWith(word) : w === word) return true;
  }
  return false;
}

export function matchesAsTyped(names: readonly string[], q: TypedQuery): boolean {
  const { words } = q;
  if (words.length === 0) return false;
  for (let i = 0; i < words.length - 1; i++) if (!holds(names, words[i]!, false)) return false;
  // The last word may be half typed: the start of a word is enough (the whole word is one too).
  return holds(names, words[words.length - 1]!, true);
}
