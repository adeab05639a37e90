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
import { keptFolds } from './kept-folds.ts';

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

/** Candidates' texts folded as search folds them, remembered: the same titles and names keep coming back. */
const foldKept = keptFolds(fold);

/**
 * Whether the folded `text` has `word` (no spaces) as one of its words (or, with `prefix`, as
 * the start of one): found after a space or at the start, and, whole, before a space or at the
 * end. Folded texts are words joined by single spaces, so nothing is split.
 */
export function hasWord(text: string, word: string, prefix: boolean): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at !== 0 && text.charCodeAt(at - 1) !== 32) continue;
    const end = at + word.length;
    if (prefix || end === text.length || text.charCodeAt(end) === 32) return true;
  }
  return false;
}

/** Whether one of the texts has `word` as a word (or, with `prefix`, as the start of one). */
function holds(texts: readonly string[], word: string, prefix: boolean): boolean {
  for (const text of texts) if (hasWord(foldKept(text), word, prefix)) return true;
  return false;
}

export function matchesAsTyped(names: readonly string[], q: TypedQuery): boolean {
  const { words } = q;
  if (words.length === 0) return false;
  for (let i = 0; i < words.length - 1; i++) if (!holds(names, words[i]!, false)) return false;
  // The last word may be half typed: the start of a word is enough (the whole word is one too).
  return holds(names, words[words.length - 1]!, true);
}
