/**
 * @module
 * Strings a memo keeps without keeping what they were cut from.
 */

/**
 * A copy of `text` that holds no larger string alive. A slice of a request's URL (its query,
 * its path) keeps the whole URL in V8 and JavaScriptCore while the slice is remembered; the
 * concatenation is flattened into a string of its own, of which the result is a slice.
 */
export function detachedString(text: string): string {
  // biome-ignore lint/style/useTemplate: the concatenation itself is the point (see above).
  return (text + ' ').slice(0, -1);
}
