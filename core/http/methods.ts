/**
 * @module
 * Routing answers that are not an endpoint's own: 405 for a known path asked with the wrong
 * method (with `Allow`, D3), and 404 for a path a pinned version did not have yet (D7).
 */
import type { MiddlewareHandler } from 'hono';
import { SleeveError } from '../errors.ts';
import { versionOf } from './context.ts';
import { hadRoute, ROUTES_ADDED } from './versions.ts';

/** Only for paths added after the oldest pin; every other path needs no gate. */
export function versionGate(path: string): MiddlewareHandler[] {
  if (!(path in ROUTES_ADDED)) return [];
  return [
    (c, next) => {
      const version = versionOf(c);
      if (!hadRoute(version, path)) {
        throw new SleeveError('not_found', `No endpoint at ${path} in version ${version.name}; it arrived in ${ROUTES_ADDED[path]}.`);
      }
      return next();
    },
  ];
}

export function methodNotAllowed(path: string, methods: readonly string[]): MiddlewareHandler {
  const allow = [...new Set(methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))), 'OPTIONS'].join(', ');
  return async (c) => {
    throw new SleeveError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${allow}.`, { headers: { Allow: allow } });
  };
}
