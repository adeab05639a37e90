/**
 * @module
 * An endpoint's policy (rate limit, cache lifetime, version, batchability, aliases) in a few
 * words, the same in `/openapi.json` descriptions and in `/llms.txt`. The limit is the one
 * this deployment enforces: the declaration's figure scaled by `rateLimits`.
 */
import type { AnyEndpoint, CachePolicy } from '../http/endpoint.ts';
import { isBatchable } from '../http/endpoint.ts';
import { scaledLimit } from '../http/layers/rate-limit.ts';
import { generationPhrase } from '../http/generations.ts';
import { VERSIONS } from '../http/versions.ts';

/** The limit this deployment applies to the endpoint, per minute per client; undefined: none. */
export function effectiveLimit(endpoint: AnyEndpoint, rateLimits: number | 'off'): number | undefined {
  return scaledLimit(endpoint.rateLimit, rateLimits);
}

/** The first version with this path; absent `since` means every version has it. */
export function sinceOf(endpoint: AnyEndpoint): string {
  return endpoint.since ?? VERSIONS[0]!.name;
}

function rateLimitPhrase(limit: number | undefined): string {
  return limit === undefined ? 'not rate limited' : `${limit} requests per minute per client`;
}

/** `30 minutes`, `1 hour`, `45 seconds`: the largest unit that divides the lifetime. */
function lifetime(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([size]) => seconds % size === 0 && seconds >= size) ?? [1, 'second'];
  const n = seconds / size;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}

function cachePhrase(policy: CachePolicy | undefined): string {
  if (policy === undefined) return 'not cached by the service';
  if (policy === 'no-store') return 'never cached';
  if (policy === 'forever') return 'cached indefinitely';
  return `cached ${lifetime(policy)}`;
}

function sincePhrase(endpoint: AnyEndpoint): string {
  const since = sinceOf(endpoint);
  return since === VERSIONS[0]!.name ? 'in every version' : `since ${since} (older version pins answer 404)`;
}

function batchPhrase(endpoint: AnyEndpoint): string {
  return isBatchable(endpoint) ? 'batchable' : 'not batchable';
}

/** The policy in one sentence: `30 requests per minute per client, cached 30 minutes, since 2.1.1 (…), batchable.` */
export function policySentence(endpoint: AnyEndpoint, rateLimits: number | 'off', aiPerHour: number): string {
  // An hourly budget of model calls, after the per-minute limit it comes on top of.
  const budget = endpoint.generations ? generationPhrase(endpoint.generations, rateLimits, aiPerHour) : undefined;
  const parts = [
    rateLimitPhrase(effectiveLimit(endpoint, rateLimits)),
    ...(budget ? [budget] : []),
    cachePhrase(endpoint.cache),
    sincePhrase(endpoint),
    batchPhrase(endpoint),
  ];
  const sentence = parts.join(', ');
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}
