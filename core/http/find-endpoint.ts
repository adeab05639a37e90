/**
 * @module
 * Which declared endpoint answers a path (canonical or alias, without version prefix): for
 * `/batch`'s batchability check, and for tests that check each answer against its declaration.
 */
import type { AnyEndpoint } from './endpoint.ts';

/** The finder over a route table, literal paths first, then `:param` ones (`/media/images/:kind/:file`). */
export function endpointFinder(endpoints: readonly AnyEndpoint[]): (path: string) => AnyEndpoint | undefined {
  const literal = new Map<string, AnyEndpoint>();
  const patterns: { pattern: RegExp; endpoint: AnyEndpoint }[] = [];
  for (const endpoint of endpoints) {
    const paths: string[] = [endpoint.path, ...(endpoint.aliases ?? [])];
    for (const path of paths) {
      if (!path.includes('/:')) {
        if (!literal.has(path)) literal.set(path, endpoint);
        continue;
      }
      const source = path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      patterns.push({ pattern: new RegExp(`^${source}$`), endpoint });
    }
  }
  return (path) => literal.get(path) ?? patterns.find((p) => p.pattern.test(path))?.endpoint;
}
