/**
 * Corrections got faster (the edit distance on reused typed rows): this keeps the vocabulary it
 * replaced and proves both resolve every word alike, on the generated catalogue's words
 * misspelt every way, and on arbitrary short words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../../core/text/terms.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { createVocabulary, editDistance, type Vocabulary } from '../../../../core/drivers/catalog/search/vocabulary.ts';

/** The implementation before the change, verbatim. */
const before = (() => {
  /** Optimal-string-alignment distance, giving up once it passes `max`. */
  function editDistance(a: string, b: string, max: number): number {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    let prev2: number[] = [],
      prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
        row.push(d);
        best = Math.min(best, d);
      }
      if (best > max) return max + 1;
      prev2 = prev;
      prev = row;
    }
    return prev[b.length]!;
  }

  /** Letter triples of `^term$`: a word and its misspelling share most of them. */
  function trigrams(term: string): string[] {
    const padded = `^${term}$`;
    const out: string[] = [];
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
    return out;
  }

  function createVocabulary(): Vocabulary {
    const counts = new Map<string, number>();
    const terms: string[] = [];
    const grams = new Map<string, number[]>();
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
        for (const id of grams.get(g) ?? []) {
          const seen = shared[id]!;
          shared[id] = seen + 1;
          if (seen === 0) touched.push(id);
        }
      }
      // Each edit changes at most three triples (a swap four): fewer shared ones cannot be within reach.
      const needed = Math.max(1, own.length - 4 * max);
      let best: string | null = null,
        bestDistance = max + 1,
        bestCount = 0;
      for (const id of touched) {
        const candidate = terms[id]!;
        if (shared[id]! >= needed && Math.abs(candidate.length - term.length) <= max) {
          const distance = editDistance(term, candidate, max);
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
        shared[id] = 0;
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
        for (const g of trigrams(term)) {
          const list = grams.get(g);
          if (list) list.push(id);
          else grams.set(g, [id]);
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
  return { editDistance, createVocabulary };
})();

const data = generateCatalog({ tracks: 3000, seed: 'vocabulary-equivalence' });
const words = [...data.artists.map((a) => a.name), ...data.tracks.map((t) => t.title)].flatMap((n) => searchTerms(n));
const [now, then] = [createVocabulary(), before.createVocabulary()];
for (const w of words) now.add(w), then.add(w);
now.seal();
then.seal();

/** A word misspelt every way a typist does: a letter dropped, doubled, replaced, two swapped, a prefix. */
function misspellings(word: string, n: number): string[] {
  const i = n % Math.max(1, word.length);
  return [
    word.slice(0, i) + word.slice(i + 1),
    word.slice(0, i) + word[i] + word.slice(i),
    `${word.slice(0, i)}e${word.slice(i + 1)}`,
    word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2),
    word.slice(0, 1 + i),
    `${word}s`,
    `x${word}`,
  ];
}

describe('catalogue vocabulary: the faster corrections resolve exactly as before', () => {
  it('resolves misspelt and half-typed catalogue words alike', () => {
    const sample = [...new Set(words)].filter((_, n) => n % 3 === 0);
    for (const [n, word] of sample.entries()) {
      for (const typed of misspellings(word, n)) {
        for (const last of [false, true]) expect(now.resolve(typed, last)).toBe(then.resolve(typed, last));
      }
    }
  });

  it('agrees on arbitrary words and distances', () => {
    const word = fc.stringMatching(/^[a-zé0-9]{0,10}$/);
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), fc.boolean(), (a, b, max, last) => {
        expect(editDistance(a, b, max)).toBe(before.editDistance(a, b, max));
        expect(now.resolve(a, last)).toBe(then.resolve(a, last));
      }),
      { numRuns: 5000 },
    );
  });
});
