/**
 * @module
 * The response headers the frame sends (rate limits, cache, `Allow` and `Retry-After`),
 * described once in `components/headers` and referenced by name. Which rate-limit headers
 * exist is asked of the rate-limit layer itself, so the document lists what is sent.
 */
import type { AnyEndpoint } from '../http/endpoint.ts';
import { limitHeaders } from '../http/layers/rate-limit.ts';
import { CURRENT } from '../http/versions.ts';
import type { JsonSchema, Ref } from './types.ts';

const integer: JsonSchema = { type: 'integer', minimum: 0 };
const text: JsonSchema = { type: 'string' };

export const HEADERS: Record<string, { description: string; schema: JsonSchema }> = {
  'RateLimit-Limit': {
    description:
      "Requests this client may make to this endpoint per minute; on a freshly generated AI answer, the hourly budget's.",
    schema: integer,
  },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: integer },
  'RateLimit-Reset': { description: 'Seconds until the minute resets.', schema: integer },
  'X-RateLimit-Limit': {
    description: 'As RateLimit-Limit; the only family sent to version pins below 3.0.0.',
    schema: integer,
  },
  'X-RateLimit-Remaining': { description: 'As RateLimit-Remaining.', schema: integer },
  'X-RateLimit-Reset': { description: 'When the minute resets, in Unix seconds.', schema: integer },
  'Retry-After': { description: 'Seconds to wait before asking again.', schema: integer },
  'X-Cache': {
    description: '`HIT`, `MISS`, or `STALE` (an expired answer served because the upstream failed).',
    schema: { type: 'string', enum: ['HIT', 'MISS', 'STALE'] },
  },
  ETag: { description: "The answer's version; send it back as `If-None-Match` for a 304.", schema: text },
  'Cache-Control': {
    description: '`public, max-age=<lifetime>` on cached answers, `no-store` on answers never kept.',
    schema: text,
  },
  Allow: { description: 'The methods this path answers.', schema: text },
};

export function headerRefs(names: readonly string[]): Record<string, Ref> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** The rate-limit headers every limited answer carries (the current version's families). */
export const LIMIT_HEADERS: readonly string[] = Object.keys(limitHeaders(CURRENT, 1, 1, 0, 0));

/** The headers of an endpoint's successful answer, from its declared limit and cache policy. */
export function successHeaders(endpoint: AnyEndpoint, limit: number | undefined): string[] {
  const names = limit === undefined ? [] : [...LIMIT_HEADERS];
  if (endpoint.cache === 'no-store') names.push('Cache-Control');
  else if (endpoint.cache !== undefined) names.push('X-Cache', 'ETag', 'Cache-Control');
  return names;
}
