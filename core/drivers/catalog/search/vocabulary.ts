/**
 * @module
 * The indexed words, for what the index itself does not forgive: a word not in the catalogue is
 * corrected to the most frequent indexed word within one edit (two for words of seven letters
 * or more, a swap of neighbours counting as one), and a last word typed halfway is completed to
 * its most frequent completion. Candidates for a correction come from shared letter triples, so
 * a lookup compares a few hundred words, not the whole vocabulary; the triples' lists are kept
 * per word length, so a lookup reads only the words of a length within reach (at 1M tracks a
 * common triple's list holds tens of thousands of words, mostly of other lengths).
 */

export interface Vocabulary {
  add(term: string): void;
  /** The term itself if indexed, else its completion (last word only) or correction, else null. */
  resolve(term: string, last: boolean): string | null;
  /** Done adding: prepare the lookups now rather than on the first search. */
  seal(): void;
}

/** Rows of the distance table, reused: a correction compares dozens of words, each a fresh table otherwise. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)] as const;

/** Optimal-string-alignment distance, giving up once it passes `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  // The row before last, the last, and the one being filled, rotated after each letter of `a`.
  let [prev2, prev, row] = rows;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    row[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    const oldest = prev2;
    prev2 = prev;
    prev = row;
    row = oldest;
  }
  return prev[n]!;
}

/** Letter triples of `^term$`: a word and its misspelling share most of them. */
function trigrams(term: string): string[] {
  const padded = `^${term}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

/**
 * The letters a word has, one bit each (code unit mod 32: letters sharing a bit only let more
 * words through). An edit changes at most two of them (a swap none), so two words whose sets
 * differ by more than `2 * d` letters are not within d: checked in a few steps before the
 * distance itself, it spares most comparisons when no close word exists.
 */
function letters(term: string): number {
  let mask = 0;
  for (let i = 0; i < term.length; i++) mask |= 1 << (term.charCodeAt(i) & 31);
  return mask;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function createVocabulary(): Vocabulary {
  const counts = new Map<string, number>();
  const terms: string[] = [];
  /** Triple → its words by length (`[length]`, holes where none): one lookup per triple, no key built per length. */
  const grams = new Map<string, number[][]>();
  /** Each term's `letters`, by term id. */
  let masks = new Int32Array(1024);
  let sorted: string[] | undefined;
  let shared = new Uint16Array(0);

  const complete = (prefix: string): string | null => {
    sorted ??= [...terms].sort();
    let lo = 0,
      hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    let best: string | null = null;
    // The 500 nearest completions are plenty to find a frequent one, and bound the work.
    for (let i = lo; i < Math.min(sorted.length, lo + 500) && sorted[i]!.startsWith(prefix); i++) {
      if (best === null || counts.get(sorted[i]!)! > counts.get(best)!) best = sorted[i]!;
    }
    return best;
  };

  const correct = (term: string, max: number): string | null => {
    if (shared.length < terms.length) shared = new Uint16Array(terms.length);
    const own = trigrams(term);
    const touched: number[] = [];
    for (const g of own) {
      const byLength = grams.get(g);
      if (byLength === undefined) continue;
      for (let length = Math.max(0, term.length - max); length <= term.length + max; length++) {
        for (const id of byLength[length] ?? []) {
          const seen = shared[id]!;
          shared[id] = seen + 1;
          if (seen === 0) touched.push(id);
        }
      }
    }
    // Each edit changes at most three triples (a swap four): a word sharing fewer than
    // `own.length - 4 * d` cannot be within d. Words are tried most shared triples first, so a
    // close word is met early and then bounds the rest (at 1M tracks a seven-letter typo has
    // some 16,000 words of reach to compare otherwise). The answer is the same as trying all.
    const byShared: number[][] = Array.from({ length: own.length + 1 }, () => []);
    for (const id of touched) {
      byShared[Math.min(shared[id]!, own.length)]!.push(id);
      shared[id] = 0;
    }
    const ownLetters = letters(term);
    let best: string | null = null,
      bestDistance = max + 1,
      bestCount = 0;
    for (let n = own.length; n >= Math.max(1, own.length - 4 * Math.min(max, bestDistance)); n--) {
      for (const id of byShared[n]!) {
        const candidate = terms[id]!;
        const reach = Math.min(max, bestDistance);
        if (Math.abs(candidate.length - term.length) > reach || bitCount(masks[id]! ^ ownLetters) > 2 * reach) continue;
        const distance = editDistance(term, candidate, reach);
        if (distance > reach) continue;
        const count = counts.get(candidate)!;
        if (
          distance < bestDistance ||
          (distance === bestDistance && (count > bestCount || (count === bestCount && candidate < best!)))
        ) {
          best = candidate;
          bestDistance = distance;
          bestCount = count;
        }
      }
    }
    return bestDistance <= max ? best : null;
  };

  return {
    add(term) {
      const n = counts.get(term);
      if (n !== undefined) {
        counts.set(term, n + 1);
        return;
      }
      counts.set(term, 1);
      sorted = undefined;
      const id = terms.push(term) - 1;
      if (id === masks.length) {
        const grown = new Int32Array(id * 2);
        grown.set(masks);
        masks = grown;
      }
      masks[id] = letters(term);
      for (const g of trigrams(term)) {
        let byLength = grams.get(g);
        if (byLength === undefined) grams.set(g, (byLength = []));
        (byLength[term.length] ??= []).push(id);
      }
    },
    resolve(term, last) {
      if (counts.has(term)) return term;
      const completion = last && term.length >= 2 ? complete(term) : null;
      if (completion) return completion;
      const max = term.length >= 7 ? 2 : term.length >= 4 ? 1 : 0;
      return max > 0 ? correct(term, max) : null;
    },
    seal() {
      sorted ??= [...terms].sort();
    },
  };
}
