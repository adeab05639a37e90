/**
 * @module
 * D28 `/roadmap`: the service's versions and what each changed, built from the two places
 * that already decide it, so it cannot drift from what the service does: the version table
 * (`http/versions.ts`: error shape, rate-limit headers, a sentence of changes) and each
 * declared endpoint's `since`. An endpoint added in a version is listed under it with its
 * aliases, which are its names before that version (`/hot-tracks` kept for
 * `/track/hot`); an endpoint declared without `since` is answered under every pin.
 */
import type { AnyEndpoint } from '../http/endpoint.ts';
import { CURRENT, VERSIONS, type VersionInfo } from '../http/versions.ts';
import type { RoadmapBody } from '../schemas/responses/roadmap.ts';

type EndpointEntry = RoadmapBody['everyVersion'][number];

const entry = (endpoint: AnyEndpoint): EndpointEntry => ({
  method: endpoint.method ?? 'GET',
  path: endpoint.path,
  aliases: [...(endpoint.aliases ?? [])],
});

const HEADERS: Record<VersionInfo['rateLimitHeaders'], string[]> = {
  both: [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ],
  'x-only': ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
};

/** Newest first, as a changelog reads. */
export function roadmap(endpoints: readonly AnyEndpoint[]): RoadmapBody {
  return {
    current: CURRENT.name,
    versions: [...VERSIONS].reverse().map((version) => ({
      version: version.name,
      prefix: `/v${version.name}`,
      current: version === CURRENT,
      errorShape: version.errorShape,
      rateLimitHeaders: HEADERS[version.rateLimitHeaders],
      changes: version.changes,
      added: endpoints.filter((e) => e.since === version.name).map(entry),
    })),
    everyVersion: endpoints.filter((e) => e.since === undefined).map(entry),
  };
}
