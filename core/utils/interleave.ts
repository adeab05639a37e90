/** @module Taking lists in turns, so no one list crowds the front of the result. */

/** Round-robin over lists: the first of each, then the second of each, ... */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T);
  return out;
}
