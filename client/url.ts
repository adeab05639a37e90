/**
 * @module
 * From the segments a caller walked (`client.media.images[':kind'][':file']`) and the call's
 * parameters to the URL asked: path parameters filled in from `param`, every other key sent
 * in the query as text, the base URL's own path (a mount like `/music`, a pin like
 * `/v2.5.0`) kept in front.
 */
import type { QueryValue } from './types.ts';

type Params = Record<string, unknown> & { param?: Record<string, QueryValue> };

/** The base URL, checked once: http(s), no query or fragment. */
export function baseOf(baseUrl: string | URL): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `sleeve/client: baseUrl must be an absolute http(s) URL such as "https://music.example.com" (got ${JSON.stringify(String(baseUrl))})`,
    );
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError(`sleeve/client: baseUrl must be http or https (got ${base.protocol})`);
  if (base.search !== '' || base.hash !== '')
    throw new TypeError('sleeve/client: baseUrl must not carry a query or a fragment');
  return base;
}

/** The endpoint's path the segments name: `index` alone is `/`, as in `hc`. */
export function pathOf(segments: readonly string[]): string {
  return segments.length === 1 && segments[0] === 'index' ? '/' : `/${segments.join('/')}`;
}

function filled(segment: string, param: Record<string, QueryValue> | undefined): string {
  if (!segment.startsWith(':')) return segment;
  const name = segment.slice(1);
  const value = param?.[name];
  if (value === undefined || value === '')
    throw new TypeError(`sleeve/client: path parameter ${name} is required ({ param: { ${name}: ... } })`);
  return encodeURIComponent(String(value));
}

export function urlOf(base: URL, segments: readonly string[], params: Params = {}): URL {
  const { param, ...query } = params;
  const path = pathOf(segments) === '/' ? '/' : `/${segments.map((s) => filled(s, param)).join('/')}`;
  const url = new URL(base.href);
  // `http://host` has the path `/`, `http://host/music/` ends in one: the endpoint brings its own.
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  const search = new URLSearchParams();
  // Undefined (and null) mean "not given", as an optional key left out; everything else is text.
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(key, String(value));
  url.search = search.toString();
  return url;
}
