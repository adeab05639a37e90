/**
 * @module
 * Where an absolute URL's path begins: the first `/` after `scheme://`. A `Request`'s URL is
 * already serialised, so this is all the parsing the hot paths need (a `new URL` costs far more).
 */

/** The index of `url`'s path, or -1 when it has none (`http://host`). */
export function pathStart(url: string): number {
  return url.indexOf('/', url.indexOf('//') + 2);
}
