/**
 * @module
 * D2: CORS open on every route. Preflight (any OPTIONS) is answered here with 204; every other
 * response gets `Access-Control-Allow-Origin: *` and exposes the headers clients need to read
 * (limits, cache state, ETag). No credentials are ever involved, so `*` is safe.
 */
import { withGathered } from '../context.ts';
import type { Layer } from '../pipeline.ts';

export interface CorsOptions {
  /** Response headers a browser script may read. */
  exposeHeaders: readonly string[];
  /** Methods announced in a preflight answer. */
  methods?: readonly string[];
}

/** What every answer but a preflight carries. */
function corsHeaders(exposeHeaders: readonly string[]): Readonly<Record<string, string>> {
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': exposeHeaders.join(', ') };
}

export interface Cors {
  headers: Layer;
  preflight: Layer;
}

/**
 * Two layers, so a layer can sit between them (the version gate): the first gives every answer
 * its headers (the gate's 404 to a preflight included), the second answers a preflight (any
 * OPTIONS) with 204.
 */
export function cors(options: CorsOptions): Cors {
  const always = corsHeaders(options.exposeHeaders);
  const methods = (options.methods ?? ['GET', 'HEAD', 'POST', 'OPTIONS']).join(', ');
  return {
    // The very object on every answer, a held hit's too.
    headers: { kind: 'headers', headers: always },
    preflight: {
      kind: 'when',
      when: (request) => request.method === 'OPTIONS',
      act: (c) =>
        Promise.resolve(
          new Response(null, {
            status: 204,
            headers: withGathered(c, {
              'Access-Control-Allow-Methods': methods,
              // What the browser asks to send is allowed as asked; a preflight that names nothing
              // (some clients) gets the headers Sleeve reads, Api-User-Agent included.
              'Access-Control-Allow-Headers':
                c.req.header('access-control-request-headers') ??
                'Content-Type, User-Agent, Api-User-Agent, If-None-Match',
              'Access-Control-Max-Age': '86400',
            }),
          }),
        ),
    },
  };
}
