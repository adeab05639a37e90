/**
 * @module
 * The upstreams the replay server mounts, each under its own prefix (`/deezer`, ...). Adding
 * an upstream is one line here and one file beside it.
 */
import { deezerUpstream } from './deezer.ts';
import type { Upstream } from './upstream.ts';

export type UpstreamName = 'deezer';

export const UPSTREAMS: Readonly<Record<UpstreamName, () => Upstream>> = {
  deezer: deezerUpstream,
};

export function isUpstream(prefix: string): prefix is UpstreamName {
  return Object.hasOwn(UPSTREAMS, prefix);
}
