/**
 * @module
 * Routing answers that are not an endpoint's own: 405 for a known path asked with the wrong
 * method (with `Allow`, D3), and 404 for a path a pinned version did not have yet (D7).
 */
import type { MiddlewareHandler } from 'hono';
import { SleeveError } from '../errors.ts';
import { versionOf, type SleeveEnv } from './context.ts';
import { findVersion, isAtLeast } from './versions.ts';

/**
 * Only for a path added after the oldest pin (its endpoint's `since`); others need no gate.
 * Aliases kept after a rename (`/hot-tracks`) are as old as the name they keep, so no gate.
 */
export function versionGate(path: string, since: string | undefined): MiddlewareHandler<SleeveEnv>[] {
  if (since === undefined) return [];
  if (findVersion(since) === undefined)
    throw new Error(`${path}: since ${since} is not a version in core/http/versions.ts`);
  return [
    (c, next) => {
      const version = versionOf(c);
      if (!isAtLeast(version, since)) {
        throw new SleeveError(
          'not_found',
          `No endpoint at ${path} in version ${version.name}; it arrived in ${since}.`,
        );
      }
      return next();
    },
  ];
}

export function methodNotAllowed(path: string, methods: readonly string[]): MiddlewareHandler<SleeveEnv> {
  const allow = [...new Set(methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))), 'OPTIONS'].join(', ');
  return async (c) => {
    throw new SleeveError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${allow}.`, {
      headers: { Allow: allow },
    });
  };
}
