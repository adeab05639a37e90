/**
 * @module
 * Word lookup in folded text: folded texts are words joined by single spaces, so a word is
 * found where it starts the text or follows a space, without splitting the text.
 */

/**
 * Whether the folded `text` has `word` (no spaces) as one of its words (or, with `prefix`, as
 * the start of one): found after a space or at the start, and, whole, before a space or at the
 * end.
 */
export function hasWord(text: string, word: string, prefix: boolean): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at !== 0 && text.charCodeAt(at - 1) !== 32) continue;
    const end = at + word.length;
    if (prefix || end === text.length || text.charCodeAt(end) === 32) return true;
  }
  return false;
}
