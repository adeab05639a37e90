/**
 * @module
 * Where an absolute URL's path begins: the first `/` after `scheme://`. A `Request`'s URL is
 * already serialised, so this is all the parsing the hot paths need (a `new URL` costs far more).
 * And the path the frame's router routes, which every rule that goes by path reads.
 */
import { getPath } from 'hono/utils/url';

/** The index of `url`'s path, or -1 when it has none (`http://host`). */
export function pathStart(url: string): number {
  return url.indexOf('/', url.indexOf('//') + 2);
}

/**
 * The path the router routes: percent-escapes decoded as Hono decodes them (`/%63over` is
 * `/cover`; an escaped `%` or `/` stays escaped), the query and fragment cut. The frame's router
 * is given this very function (`createFrame`), and every rule that goes by path reads it too
 * (which endpoint a `/batch` entry names, and its version prefix), so no rule judges one path
 * while another is answered (D58).
 */
export function routedPath(request: { readonly url: string }): string {
  return getPath(request as Request);
}
