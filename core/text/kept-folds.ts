/**
 * @module
 * A fold remembered for the texts that keep coming back among search candidates (the same
 * titles and names), bounded. Two generations: when the newer one fills, the older is dropped
 * whole and the newer takes its place, so a text still in use survives the turnover (it is
 * carried over when met again) and nothing is paid per lookup to keep an order. At a million
 * tracks most candidates are new to a smaller memo, and folding them again costs a tenth of a
 * miss.
 */

/**
 * Texts per generation: at most twice this many folds are held, each the text, its fold and a
 * Map entry (measured with a forced GC: 144 bytes at 30 characters), so about 15 MB a memo.
 */
const KEPT_PER_GENERATION = 50_000;
/** Longer texts are folded each time: kept, a memo of 200-character titles would hold 33 MB. */
export const KEPT_TEXT_LENGTH = 64;

export function keptFolds(
  fold: (text: string) => string,
  bound: number = KEPT_PER_GENERATION,
): (text: string) => string {
  let newer = new Map<string, string>();
  let older = new Map<string, string>();
  return (text) => {
    if (text.length > KEPT_TEXT_LENGTH) return fold(text);
    let folded = newer.get(text);
    if (folded !== undefined) return folded;
    folded = older.get(text) ?? fold(text);
    if (newer.size >= bound) {
      older = newer;
      newer = new Map();
    }
    newer.set(text, folded);
    return folded;
  };
}
