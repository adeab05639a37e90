/**
 * @module
 * The fold (D15): case, accents and punctuation do not matter when names are compared, so
 * `Beyoncé – HALO!` and `beyonce halo` are equal. `&` reads `and`. Search, the catalogue's
 * index, the as-typed rule and every driver that compares names fold here, so what one
 * calls a match the others do too.
 *
 * An apostrophe is punctuation, but people type `It's` as `it's`, `It’s`, `its` and `it s`:
 * a text with one has two readings, the apostrophe as a break (`it s`, what `fold` gives) and
 * as nothing (`its`, `foldJoined`). Names match when any reading of one is a reading of the
 * other (`readings`).
 */

const PLAIN = /^[A-Za-z0-9 ]*$/;
const ASCII = /^[\x00-\x7f]*$/;
/** Apostrophes as typed: straight, curly, backtick, the modifier letter, the acute accent. */
const APOSTROPHES = /['’‘`ʼ´]/g;
const HAS_APOSTROPHE = /['’‘`ʼ´]/;

/** Case, accents and punctuation folded, `&` as `and`, words joined by single spaces: `it's` → `it s`. */
export function fold(text: string): string {
  // Most names are letters, digits and spaces alone: a third of the catalogue's indexing time
  // at 1M tracks went to folding them the long way.
  if (PLAIN.test(text)) return text.toLowerCase().replace(/ {2,}/g, ' ').trim();
  // ASCII has nothing to decompose and no letters or digits beyond a-z and 0-9, so this is the
  // same answer without the Unicode work: most names are ASCII, and search folds every one.
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether a text has an apostrophe, so a second reading (`foldJoined`). */
export function hasApostrophe(text: string): boolean {
  return HAS_APOSTROPHE.test(text);
}

/** The fold with apostrophes read as nothing, so a word's halves join: `It’s` → `its`. */
export function foldJoined(text: string): string {
  return fold(text.replace(APOSTROPHES, ''));
}

/** A text's readings: its fold, then, when it has an apostrophe that joins words, `foldJoined`. */
export function readings(text: string): readonly string[] {
  const spaced = fold(text);
  if (!hasApostrophe(text)) return [spaced];
  const joined = foldJoined(text);
  return joined === spaced ? [spaced] : [spaced, joined];
}

/** The fold without spaces, for names written with or without them: a handle `daftpunk`, a slug. */
export function foldCompact(text: string): string {
  return fold(text).replace(/ /g, '');
}
