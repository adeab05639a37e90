/**
 * @module
 * D33: whether an item's names hold the query as it was typed, read as the catalogue's index
 * reads texts (`terms.ts`: folded, either reading of an apostrophe, stop words left out), so
 * the two agree on what matches. Every word of the query must be one of the names' words, the
 * last one possibly only the start of one (it may be half typed); a query of one or two
 * characters must start one of the words. Anything else a source answered it found through a
 * correction or with a word missing, and ranks below (`core/services/search/ranking.ts`). A pure rule
 * on the answer, so it holds for any source: the catalogue's index or Deezer's.
 */
import { hasWord } from './has-word.ts';
import { keptFolds } from './kept-folds.ts';
import { queryTerms, searchTerms, shortPrefix } from './terms.ts';

export interface TypedQuery {
  /** One or two characters: matched as the start of a word, and ranked by popularity alone. */
  short: boolean;
  /** The folded words to find, the last one possibly as a prefix: one list per reading of the query, any of which will do. */
  readings: readonly (readonly string[])[];
}

export function typedQuery(query: string): TypedQuery {
  const short = shortPrefix(query);
  return { short: short !== null, readings: short !== null ? [[short]] : queryTerms(query) };
}

/**
 * A text's words as the index holds them (`searchTerms`: every reading, stop words out), as one
 * folded text: a query's word is a word of this, or starts one, exactly where the index would
 * find it.
 */
function indexedWords(text: string): string {
  return searchTerms(text).join(' ');
}

/** Candidates' texts folded, remembered: the same titles and names keep coming back. */
const foldKept = keptFolds(indexedWords);

/** Whether one of the texts has `word` as a word (or, with `prefix`, as the start of one). */
function holds(texts: readonly string[], word: string, prefix: boolean): boolean {
  for (const text of texts) if (hasWord(foldKept(text), word, prefix)) return true;
  return false;
}

function holdsAll(names: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return false;
  for (let i = 0; i < words.length - 1; i++) if (!holds(names, words[i]!, false)) return false;
  // The last word may be half typed: the start of a word is enough (the whole word is one too).
  return holds(names, words[words.length - 1]!, true);
}

export function matchesAsTyped(names: readonly string[], q: TypedQuery): boolean {
  for (const words of q.readings) if (holdsAll(names, words)) return true;
  return false;
}
