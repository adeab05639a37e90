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

export function matchesAsTyped(names: readonly string[], q: TypedQuery): boolean {
  if (q.words.length === 0) return false;
  const words = new Set(names.flatMap((n) => fold(n).split(' ')));
  const last = q.words.at(-1)!;
  for (let i = 0; i < q.words.length - 1; i++) if (!words.has(q.words[i]!)) return false;
  if (words.has(last)) return true;
  for (const w of words) if (w.startsWith(last)) return true;
  return false;
}
