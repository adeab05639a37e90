/**
 * @module
 * D7: the table of versions. Each row says what that release answered: its error shape, its
 * rate-limit header families. Which routes it had is each endpoint's own `since`. Everything
 * version-dependent reads this table; nothing else branches on a version string.
 */

type ErrorShape = 'current' | 'legacy';
type RateLimitHeaders = 'both' | 'x-only';

export interface VersionInfo {
  /** `major.minor.patch`. */
  name: string;
  /** `{ ok:false, error:{...} }` since 3.0.0; `{ "error": "<message>" }` before. */
  errorShape: ErrorShape;
  /** `RateLimit-*` arrived in 3.0.0; older pins send only `X-RateLimit-*`. */
  rateLimitHeaders: RateLimitHeaders;
  /**
   * What the release changed, in a sentence, for `/roadmap`: what no declaration can say (a removed
   * path, a changed behaviour). The paths a release added are each endpoint's `since`, never
   * listed here.
   */
  changes: string;
}

const legacy = (name: string, changes: string): VersionInfo => ({
  name,
  errorShape: 'legacy',
  rateLimitHeaders: 'x-only',
  changes,
});

/** Oldest first; the last row is the current version (`/current` and no prefix). */
export const VERSIONS: readonly VersionInfo[] = [
  legacy(
    '2.1.0',
    'The oldest version a pin can ask for: link resolution, ISRC lookups and the health check arrived here.',
  ),
  legacy('2.1.1', 'Two paths renamed; each old path remains an alias of the new one.'),
  legacy('2.3.1', 'Removed /track/download.'),
  legacy('2.4.0', 'Search across every type at once, batches of requests and artist discographies.'),
  legacy('2.5.0', 'The music assistant, as a conversation and as one-shot questions.'),
  {
    name: '3.0.0',
    errorShape: 'current',
    rateLimitHeaders: 'both',
    changes:
      'Every error in one shape, { ok: false, error: { code, message } }, and the RateLimit-* headers beside X-RateLimit-*.',
  },
];

export const CURRENT: VersionInfo = VERSIONS[VERSIONS.length - 1]!;

const byName = new Map(VERSIONS.map((v) => [v.name, v]));
const order = new Map(VERSIONS.map((v, i) => [v.name, i]));

/** `2.5.0`, `v2.5.0` or `current` → the row, or undefined for an unknown version. */
export function findVersion(label: string): VersionInfo | undefined {
  if (label === 'current') return CURRENT;
  return byName.get(label.startsWith('v') ? label.slice(1) : label);
}

/** Whether `version` is `since` or later (an endpoint's `since`). */
export function isAtLeast(version: VersionInfo, since: string): boolean {
  return order.get(version.name)! >= order.get(since)!;
}

/** The oldest of some `since`s; undefined (always there) wins over any version. */
export function earliest(sinces: readonly (string | undefined)[]): string | undefined {
  if (sinces.includes(undefined)) return undefined;
  return [...sinces].sort((a, b) => order.get(a!)! - order.get(b!)!)[0];
}

export const VERSION_NAMES: readonly string[] = VERSIONS.map((v) => v.name);
