/**
 * @module
 * D7: the table of versions. Each row says what that release answered: its error shape, its
 * rate-limit header families, and (through `ROUTES_ADDED`) which routes it had. Everything
 * version-dependent reads this table; nothing else branches on a version string.
 */

export type ErrorShape = 'current' | 'legacy';
export type RateLimitHeaders = 'both' | 'x-only';

export interface VersionInfo {
  /** `major.minor.patch`. */
  name: string;
  /** D3: `{ ok:false, error:{...} }` since 3.0.0; `{ "error": "<message>" }` before. */
  errorShape: ErrorShape;
  /** D7: `RateLimit-*` arrived in 3.0.0; older pins send only `X-RateLimit-*`. */
  rateLimitHeaders: RateLimitHeaders;
}

const legacy = (name: string): VersionInfo => ({ name, errorShape: 'legacy', rateLimitHeaders: 'x-only' });

/** Oldest first; the last row is the current version (`/current` and no prefix). */
export const VERSIONS: readonly VersionInfo[] = [
  legacy('2.1.0'),
  legacy('2.1.1'),
  legacy('2.3.1'),
  legacy('2.4.0'),
  legacy('2.5.0'),
  { name: '3.0.0', errorShape: 'current', rateLimitHeaders: 'both' },
];

export const CURRENT: VersionInfo = VERSIONS[VERSIONS.length - 1]!;

/**
 * D7 / spec §9.6: the release that added a path. Paths not listed are older than every pin
 * we serve (2.1.0 is the oldest), so every version has them. `/hot-tracks` and `/share-card`
 * stay as aliases after the 2.1.1 rename, so they are not listed.
 */
export const ROUTES_ADDED: Readonly<Record<string, string>> = {
  '/resolve': '2.1.0',
  '/track/isrc': '2.1.0',
  '/healthz': '2.1.0',
  '/track/hot': '2.1.1',
  '/share/card': '2.1.1',
  '/search/all': '2.4.0',
  '/batch': '2.4.0',
  '/artist/discography': '2.4.0',
  '/chat': '2.5.0',
  '/assistant': '2.5.0',
};

const byName = new Map(VERSIONS.map((v) => [v.name, v]));
const order = new Map(VERSIONS.map((v, i) => [v.name, i]));

/** `2.5.0`, `v2.5.0` or `current` → the row, or undefined for an unknown version. */
export function findVersion(label: string): VersionInfo | undefined {
  if (label === 'current') return CURRENT;
  return byName.get(label.startsWith('v') ? label.slice(1) : label);
}

/** Whether `version` answered `path` (a canonical path or an alias, without prefix). */
export function hadRoute(version: VersionInfo, path: string): boolean {
  const added = ROUTES_ADDED[path];
  return added === undefined || order.get(version.name)! >= order.get(added)!;
}

export const VERSION_NAMES: readonly string[] = VERSIONS.map((v) => v.name);
