/**
 * @module
 * Routing answers that are not an endpoint's own: 405 for a known path asked with the wrong
 * method (with `Allow`), and 404 for a path a pinned version did not have yet.
 */
import { SleeveError } from '../../errors.ts';
import { versionOf } from '../context.ts';
import type { FrameLayer } from '../frame-chain.ts';
import type { Layer } from '../pipeline.ts';
import { findVersion, isAtLeast, type VersionInfo } from '../versions.ts';

/**
 * Only for a path added after the oldest pin (its endpoint's `since`); others need no gate.
 * Aliases kept after a rename (`/hot-tracks`) are as old as the name they keep, so no gate.
 * Under a version prefix (`pinned`) that has the path, none either. It acts on a request
 * answered as an older version: always under an older prefix (whose path then has no hit
 * path), on a bare path only for a `/batch` sub-request of an older batch.
 */
export function versionGate(path: string, since: string | undefined, pinned: VersionInfo | undefined): Layer[] {
  if (since === undefined) return [];
  if (findVersion(since) === undefined)
    throw new Error(`${path}: since ${since} is not a version in core/http/versions.ts`);
  if (pinned && isAtLeast(pinned, since)) return [];
  const act: FrameLayer = (c) => {
    throw new SleeveError(
      'not_found',
      `No endpoint at ${path} in version ${versionOf(c).name}; it arrived in ${since}.`,
    );
  };
  return [{ kind: 'before', since, act }];
}

export function methodNotAllowed(path: string, methods: readonly string[]): FrameLayer {
  const allow = [...new Set(methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))), 'OPTIONS'].join(', ');
  return async (c) => {
    throw new SleeveError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${allow}.`, {
      headers: { Allow: allow },
    });
  };
}
