/**
 * @module
 * The client object: a Proxy that records the path segments a caller walks through
 * (`client.track.hot`) and answers `$get`, `$post` and `$url` at the end, as Hono's `hc` does.
 * It knows no endpoint: which paths and methods exist is the types' business (`types.ts`),
 * so the runtime stays a few hundred bytes whatever the route table holds.
 */
import { send, type Sender } from './call.ts';
import { pathOf, urlOf } from './url.ts';
import type { CallOptions } from './types.ts';

type Params = Parameters<typeof urlOf>[2];

export function branch(sender: Sender, base: URL, segments: readonly string[]): unknown {
  const path = () => pathOf(segments);
  const methods: Record<string, unknown> = {
    $get: (params?: Params, options?: CallOptions) =>
      send(sender, 'GET', urlOf(base, segments, params), path(), undefined, options),
    $post: (body: unknown, options?: CallOptions) => send(sender, 'POST', urlOf(base, segments), path(), body, options),
    $url: (params?: Params) => urlOf(base, segments, params),
  };
  return new Proxy(
    {},
    {
      get(_target, key) {
        // Symbols (inspection, iteration) and `then` are not segments: `await client.track` must
        // not look like a promise.
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (segments.length > 0 && Object.hasOwn(methods, key)) return methods[key];
        return branch(sender, base, [...segments, key]);
      },
    },
  );
}
