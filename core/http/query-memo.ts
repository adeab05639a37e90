/**
 * @module
 * The frame remembers work that is a pure function of a request's raw query string (validated
 * params, cache keys) and keeps recently answered entries. These are what those memos
 * share: how the raw query and origin are cut from a URL, and how long a remembered one may be.
 * The memos are bounded maps (`utils/bounded-map.ts`) holding detached strings
 * (`utils/detached-string.ts`).
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
