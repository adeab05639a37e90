/**
 * @module
 * The indexed words, for what the index itself does not forgive: a word not in the catalogue is
 * corrected to the most frequent indexed word within one edit (two for words of seven letters
 * or more, a swap of neighbours counting as one), and a last word typed halfway is completed to
 * its most frequent completion. Buckets by first letter keep each lookup to a short scan.
 */

export interface Vocabulary {
  add(term: string): void;
  /** The term itself if indexed, else its correction or completion, else null. */
  resolve(term: string, last: boolean): string | null;
}

/** Optimal-string-alignment distance, giving up once it passes `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [], prev = Array.from({ length: b.length + 1 }, (_, j) => j);
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

export function createVocabulary(): Vocabulary {
  const counts = new Map<string, number>();
  const buckets = new Map<string, string[]>();
  return {
    add(term) {
      const n = counts.get(term);
      if (n !== undefined) {
        counts.set(term, n + 1);
        return;
      }
      counts.set(term, 1);
      const bucket = buckets.get(term[0]!);
      if (bucket) bucket.push(term);
      else buckets.set(term[0]!, [term]);
    },
    resolve(term, last) {
      if (counts.has(term)) return term;
      const max = term.length >= 7 ? 2 : term.length >= 4 ? 1 : 0;
      let best: string | null = null, bestDistance = max + 1, bestCount = 0;
      for (const candidate of buckets.get(term[0]!) ?? []) {
        const completes = last && term.length >= 2 && candidate.startsWith(term);
        const distance = completes ? 0.5 : max > 0 ? editDistance(term, candidate, max) : max + 1;
        const count = counts.get(candidate)!;
        if (distance < bestDistance || (distance === bestDistance && (count > bestCount || (count === bestCount && candidate < best!)))) {
          best = candidate;
          bestDistance = distance;
          bestCount = count;
        }
      }
      return bestDistance <= max || bestDistance === 0.5 ? best : null;
    },
  };
}
