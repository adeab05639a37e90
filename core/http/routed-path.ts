/**
 * @module
 * The path the router routes: percent-escapes decoded as Hono decodes them (`/%63over` is
 * `/cover`; an escaped `%`, `/` or `?` stays escaped), the query and fragment cut. The frame's
 * router is given this very function (`createFrame`), and every rule that goes by path reads it
 * too (which endpoint a `/batch` entry names, its version prefix), so no rule judges one path
 * while another is answered (D58).
 */
import { getPath } from 'hono/utils/url';

/** The routed path of a request, or of anything with its absolute `url`. */
export function routedPath(request: { readonly url: string }): string {
  return getPath(request as Request);
}
