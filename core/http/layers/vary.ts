/**
 * @module
 * D62: an answer says which request headers it depends on (`Vary`), so a shared cache in front
 * (nginx, a CDN) keeps one copy for each of their values rather than handing one client's answer
 * to another. Without a configured base URL, links in answers are built from the request's
 * `Host`, and nginx's default cache key holds the name of the upstream, not the client's `Host`.
 * An endpoint names its own (`/track/hot` the edge's country headers, `/` its `Accept`). The names
 * are known when the frame is built, so a held hit carries them as one more template header.
 */
import type { AnyEndpoint } from '../endpoint.ts';
import type { Deps } from '../../wiring/deps.ts';
import type { Layer } from '../pipeline.ts';

/**
 * The request headers an endpoint's answers depend on: its own, then `Host` when links come from
 * it (no `baseUrl`) on any answer a cache may keep (all but `no-store`'s). Error answers carry
 * them too: harmless, and a 304 or a held 404 then says what its 200 says.
 */
export function varyNames(endpoint: AnyEndpoint, deps: Pick<Deps, 'options'>): string[] {
  const names = [...(endpoint.vary?.(deps) ?? [])];
  if (deps.options.baseUrl === undefined && endpoint.cache !== 'no-store') names.push('Host');
  return names;
}

/** One `Vary` header on every answer of the endpoint, hits and 304s included; no layer when it varies with nothing. */
export function vary(names: readonly string[]): Layer | undefined {
  if (names.length === 0) return undefined;
  // One object for every answer: the layers' given headers never change (`addHeaders`).
  return { kind: 'headers', headers: { Vary: names.join(', ') } };
}
