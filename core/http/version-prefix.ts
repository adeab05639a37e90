/**
 * @module
 * D7: `/v<major>.<minor>.<patch>/…` and `/current/…`. The prefix is a route of the app itself:
 * its handler strips the prefix and dispatches the rest through the same app, with the version
 * recorded in the bindings. So `sleeve.app` alone is complete: an embedder can `mount` or
 * `route` it and pinned paths still work, and every layer after this one sees plain paths.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { baseRoutePath } from 'hono/route';
import { SleeveError } from '../errors.ts';
import { bindings, type SleeveBindings } from './context.ts';
import { findVersion, VERSION_NAMES } from './versions.ts';

/** Anything that looks like a version attempt (`/v2`, `/v9.9.9`), so a typo gets the version list. */
export const VERSION_PREFIX: RegExp = /^\/(v[0-9][^/]*|current)(?=\/|$)/;
const CANDIDATE = /\/(v[0-9]|current(\/|$))/;

export interface VersionPrefixOptions {
  /** Runs a request through the whole app (the app's own `fetch`). */
  dispatch(request: Request, env: SleeveBindings): Response | Promise<Response>;
}

interface PrefixedBindings extends SleeveBindings {
  /** Set when a prefix chose the version, so a second prefix (`/v2.5.0/v2.4.0/…`) is refused. */
  sleevePrefixed?: boolean;
}

/**
 * A middleware rather than a `/:version/*` route: a parameter route at the root makes Hono
 * fall back from its RegExpRouter to the slower TrieRouter for every request.
 */
export function versionPrefix(options: VersionPrefixOptions): MiddlewareHandler {
  const strip = async (c: Context, base: string, label: string): Promise<Response> => {
    const version = findVersion(label);
    const env = bindings(c) as PrefixedBindings;
    if (!version || env.sleevePrefixed) {
      const message = version ? 'Only one version prefix is allowed.' : `Unknown version ${label}.`;
      throw new SleeveError('not_found', `${message} Versions: ${VERSION_NAMES.join(', ')}; /current follows the newest.`, {
        extra: { versions: VERSION_NAMES },
      });
    }
    // Cut from the raw (still percent-encoded) path, so the rest reaches the app unchanged.
    const url = new URL(c.req.url);
    const rawPath = base && url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    url.pathname = rawPath.slice(label.length + 1) || '/';
    const raw = c.req.raw;
    const body = raw.method === 'GET' || raw.method === 'HEAD' ? undefined : await raw.arrayBuffer();
    const request = new Request(url, { method: raw.method, headers: raw.headers, body, signal: raw.signal });
    const inner: PrefixedBindings = { ...env, sleeveVersion: version.name, sleevePrefixed: true };
    return options.dispatch(request, inner);
  };
  return (c, next) => {
    // Most paths hold no version-like segment at all: decide that without allocating.
    if (!CANDIDATE.test(c.req.path)) return next();
    // Under `route('/music', app)` the path still holds the host's base before the prefix.
    const base = baseRoutePath(c).replace(/\/$/, '');
    const path = base && c.req.path.startsWith(base) ? c.req.path.slice(base.length) : c.req.path;
    const match = VERSION_PREFIX.exec(path);
    return match ? strip(c, base, match[1]!) : next();
  };
}
