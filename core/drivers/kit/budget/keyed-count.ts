/**
 * @module
 * Counts by key and in all, a key dropped when its count is back to zero, so the map holds
 * only keys in use: what a bound per client and in all needs (the budget's deferred answer
 * waiters, the deferred answers themselves).
 */
export interface KeyedCount {
  add(key: string): void;
  remove(key: string): void;
  of(key: string): number;
  readonly total: number;
}

export function keyedCount(): KeyedCount {
  const counts = new Map<string, number>();
  let total = 0;
  return {
    add(key) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total++;
    },
    remove(key) {
      const left = (counts.get(key) ?? 0) - 1;
      if (left < 0) return;
      total--;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
    of: (key) => counts.get(key) ?? 0,
    get total() {
      return total;
    },
  };
}
