/**
 * @module
 * Which endpoint a request was for, as its declared path: the `route` of the request log and
 * the label of /metrics. Aliases and version prefixes name their endpoint (`/hot-tracks` and
 * `/v2.5.0/track/hot` are `/track/hot`); a path no endpoint has, or an unknown version, is
 * `unmatched`, so the set of labels is the route table and never grows with what callers ask.
 * Found from the path, not from Hono's matched routes, so no layer has to record it.
 */
import type { Context } from 'hono';
import type { Endpoint } from '../endpoint.ts';
import { detachedString } from '../../utils/detached-string.ts';
import { setBounded } from '../../utils/bounded-map.ts';
import { splitPrefix } from './version-prefix.ts';
import { findVersion } from '../versions.ts';

export const UNMATCHED = 'unmatched';

/** Paths remembered with their label (at most this many, of at most 512 characters). */
const REMEMBERED = 256;

/** A declared path with parameters (`/media/images/:kind/:file`) as a whole-path pattern. */
function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}

/** The labeller of one route table: `(c) => '/track/hot'`. */
export function routeLabels(endpoints: readonly Endpoint<any>[]): (c: Context) => string {
  const exact = new Map<string, string>();
  const patterns: [RegExp, string][] = [];
  for (const endpoint of endpoints) {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      if (/[:*]/.test(path)) patterns.push([patternOf(path), endpoint.path]);
      else exact.set(path, endpoint.path);
    }
  }
  const find = (c: Context): string => {
    // Under `host.route('/music', app)` the path still holds the host's base: cut like routing does.
    const { label, rest } = splitPrefix(c);
    if (label !== undefined && findVersion(label) === undefined) return UNMATCHED;
    return exact.get(rest) ?? patterns.find(([pattern]) => pattern.test(rest))?.[1] ?? UNMATCHED;
  };
  // The label is a function of the path (for a given app), so hot paths are looked up once.
  const known = new Map<string, string>();
  return (c) => {
    const path = c.req.path;
    let label = known.get(path);
    if (label === undefined) {
      label = find(c);
      if (path.length <= 512) setBounded(known, detachedString(path), label, REMEMBERED);
    }
    return label;
  };
}
