/**
 * @module
 * The frame remembers work that is a pure function of a request's raw query string (validated
 * params, cache keys) and keeps recently answered entries. These are the pieces those memos
 * share: how the raw query and origin are cut from a URL, and one bounded, oldest-out map.
 */
import { pathStart } from '../utils/url-path.ts';

/** Query strings longer than this are not remembered, so a memo's size stays bounded. */
export const REMEMBERED_QUERY_LENGTH: number = 512;
/** Whole URLs longer than this are not remembered (a remembered query behind a long origin and path). */
export const REMEMBERED_URL_LENGTH: number = 1024;

/** `?a=1&b=2` of a URL as given (still percent-encoded), or '' when it has none. */
export function rawSearch(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start);
}

/** `http://host:port` of an absolute URL; a Request's `url` is already normalised. */
export function originOf(url: string): string {
  const path = pathStart(url);
  return path < 0 ? url : url.slice(0, path);
}

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

/**
 * A copy of `text` that holds no larger string alive. A slice of a request's URL (its query,
 * its path) keeps the whole URL in V8 and JavaScriptCore while the slice is remembered; the
 * concatenation is flattened into a string of its own, of which the result is a slice.
 */
export function ownCopy(text: string): string {
  // biome-ignore lint/style/useTemplate: the concatenation itself is the point (see above).
  return (text + ' ').slice(0, -1);
}
