/**
 * @module
 * D7: `/v<major>.<minor>.<patch>/…` and `/current/…`. Each prefix is part of ordinary routes:
 * `createFrame` registers every path once more under each prefix, behind a one-line middleware
 * that records the version. So the router matches the decoded path (`/v%32.5.0/healthz` is
 * `/v2.5.0/healthz`), the request is never copied (its body is never read, any method goes
 * through, a WebSocket upgrade keeps the adapter's `env`), and `sleeve.app` stays complete:
 * an embedder can `mount` or `route` it and pinned paths still work.
 *
 * Not a `/:version/*` route: a parameter route at the root makes Hono fall back from its
 * RegExpRouter to the slower TrieRouter for every request. Static routes keep the fast path.
 */
import type { Context } from 'hono';
import { basePath } from 'hono/route';
import { pathAsSent } from '../mount.ts';
import { SleeveError } from '../../errors.ts';
import { versionOf } from '../context.ts';
import type { Layer } from '../pipeline.ts';
import { CURRENT, findVersion, VERSION_NAMES, VERSIONS, type VersionInfo } from '../versions.ts';

/** Anything that looks like a version attempt (`/v2`, `/v9.9.9`), so a typo gets the version list. */
export const VERSION_PREFIX: RegExp = /^\/(v[0-9][^/]*|current)(?=\/|$)/;

export interface Prefix {
  /** `''` (no prefix), `/current` or `/v2.5.0`. */
  prefix: string;
  /** The version the prefix chooses; undefined for no prefix (current, or a batch's version). */
  version: VersionInfo | undefined;
}

/** Every way a path can be asked: bare, `/current`, and one per row of the version table. */
export const PREFIXES: readonly Prefix[] = [
  { prefix: '', version: undefined },
  { prefix: '/current', version: CURRENT },
  ...VERSIONS.map((version) => ({ prefix: `/v${version.name}`, version })),
];

/** The paths a route is registered under for a prefix (the root `/` is also the bare prefix). */
export function prefixed(prefix: string, path: string): string[] {
  if (prefix === '') return [path];
  return path === '/' ? [prefix, `${prefix}/`] : [`${prefix}${path}`];
}

/** The first layer of a prefixed route: later layers (and the error handler) read the version. */
export function pinVersion(version: VersionInfo): Layer {
  return { kind: 'version', version };
}

function versionsError(message: string): SleeveError {
  return new SleeveError(
    'not_found',
    `${message} Versions: ${VERSION_NAMES.join(', ')}; /current follows the newest.`,
    {
      extra: { versions: VERSION_NAMES },
    },
  );
}

/** The path below the host's base, and its version-like first segment if it has one. */
export function splitPrefix(c: Context): { path: string; label?: string; rest: string } {
  // Under `route('/music', app)` the path still holds the host's base before the prefix.
  const base = basePath(c).replace(/\/$/, '');
  const path = base && c.req.path.startsWith(base) ? c.req.path.slice(base.length) || '/' : c.req.path;
  const match = VERSION_PREFIX.exec(path);
  return match ? { path, label: match[1]!, rest: path.slice(match[0].length) || '/' } : { path, rest: path };
}

/**
 * The version to render an error in. Usually the one the route recorded; a layer that runs
 * before any route (the body guard) or no route at all (404) reads the prefix from the path.
 */
export function errorVersion(c: Context): VersionInfo {
  const { label } = splitPrefix(c);
  return (label === undefined ? undefined : findVersion(label)) ?? versionOf(c);
}

/**
 * The 404 for a path no route matched, and the version to render it in. A version-like first
 * segment explains itself: an unknown version or a second prefix lists the versions; a
 * known version with an unknown rest answers in that version's shape.
 */
export function notFound(c: Context, mountedAt = ''): { error: SleeveError; version: VersionInfo } {
  const { path, label, rest } = splitPrefix(c);
  const version = label === undefined ? versionOf(c) : findVersion(label);
  if (!version) return { error: versionsError(`Unknown version ${label}.`), version: CURRENT };
  if (label !== undefined && VERSION_PREFIX.test(rest))
    return { error: versionsError('Only one version prefix is allowed.'), version };
  // As the client sent it (the host's and Sleeve's `basePath` kept), or below the version asked for.
  const sent = pathAsSent(mountedAt, c.req.path);
  // The pages it points to are under the same prefix as the path (D45): `/music/errors`.
  const base = sent.endsWith(path) ? sent.slice(0, sent.length - path.length) : '';
  const error = new SleeveError(
    'not_found',
    `No endpoint at ${label === undefined ? sent : rest}. See ${base}/errors and ${base}/openapi.json.`,
  );
  return { error, version };
}
