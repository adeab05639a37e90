/**
 * @module
 * An insertion-ordered `Map` kept to a bound, the oldest entry out first: the memos of the frame,
 * the node adapter and the cache hold what they remember in one.
 */

/** Sets `key` in an insertion-ordered map of at most `max` entries, the oldest out first. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * `setBounded`, also bounded by what its values cost (`sizeOf`, in bytes): the oldest go until
 * the new value fits within `maxBytes`. A value larger than that is not kept, and the one it
 * replaces goes too, so an older answer is never served in its place. The total is summed
 * afresh (a few hundred entries, on a miss), so nothing beside the map has to stay in step.
 */
export function setBoundedBytes<K, V>(
  map: Map<K, V>,
  key: K,
  value: V,
  max: number,
  maxBytes: number,
  sizeOf: (value: V) => number,
): void {
  map.delete(key);
  let total = sizeOf(value);
  if (total > maxBytes) return;
  for (const held of map.values()) total += sizeOf(held);
  for (const [oldest, held] of map) {
    if (map.size < max && total <= maxBytes) break;
    total -= sizeOf(held);
    map.delete(oldest);
  }
  map.set(key, value);
}
