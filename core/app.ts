/**
 * @module
 * Builds the Hono app from the route table. Each endpoint is registered under its path and
 * aliases behind the frame, in the architecture's order: version prefix → CORS → User-Agent
 * → rate limit → params → cache (read) → route → cache (write). Each layer is built from the
 * declaration when the app is built, so a request only runs the layers its endpoint needs.
 * One error handler renders every failure (D3) in the shape of the request's version (D7).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { Deps } from './deps.ts';
import { SleeveError } from './errors.ts';
import { cached, noStore } from './http/cache.ts';
import { versionOf } from './http/context.ts';
import { cors } from './http/cors.ts';
import { markDegraded } from './http/degraded.ts';
import type { Endpoint } from './http/endpoint.ts';
import { errorResponse, toSleeveError } from './http/errors.ts';
import type { FrameApi } from './http/frame-api.ts';
import { frameState, type FrameState } from './http/frame.ts';
import { methodNotAllowed, versionGate } from './http/methods.ts';
import { params, paramsOf } from './http/params.ts';
import { rateLimit, scaledLimit } from './http/rate-limit.ts';
import { isPublicPath, userAgent } from './http/user-agent.ts';
import { versionPrefix } from './http/version-prefix.ts';

export const EXPOSED_HEADERS: readonly string[] = [
  'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-RateLimit-Limit', 'X-RateLimit-Remaining',
  'X-RateLimit-Reset', 'Retry-After', 'X-Cache', 'ETag', 'Allow',
];

/** The layers an endpoint needs, from its declaration, in the architecture's order. */
function layers(endpoint: Endpoint<any>, deps: Deps, state: FrameState): MiddlewareHandler[] {
  const out: MiddlewareHandler[] = [];
  if (!endpoint.public && !isPublicPath(endpoint.path)) out.push(userAgent());
  const limit = scaledLimit(endpoint.rateLimit, deps.options.rateLimits);
  if (limit !== undefined) {
    const { now } = deps;
    out.push(rateLimit({ bucket: endpoint.path, limit, store: state.counters, breaker: state.breaker, now, trustProxy: deps.options.trustProxy }));
  }
  out.push(params({ schema: endpoint.params, read: endpoint.readQuery }));
  if (endpoint.cache === 'no-store') out.push(noStore());
  else if (endpoint.cache !== undefined) {
    const own = endpoint.cacheKey;
    const keyOf = own ? (params: unknown, request: Request) => own.call(endpoint, params, request, deps) : undefined;
    out.push(cached({ bucket: endpoint.path, policy: endpoint.cache, storage: deps.storage, breaker: state.breaker, now: deps.now, inflight: state.inflight, hot: state.hot, keyOf, byOrigin: deps.options.baseUrl === undefined }));
  }
  return out;
}

/** Hono's overloads want a non-empty tuple; our chains always end in a handler. */
const handlers = (list: MiddlewareHandler[]) => list as [MiddlewareHandler, ...MiddlewareHandler[]];

export function createApp(deps: Deps, endpoints: readonly Endpoint<any>[]): Hono {
  const app = new Hono();
  const state = frameState(deps);
  const byPath = new Map<string, Endpoint<any>[]>();
  for (const endpoint of endpoints) {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) byPath.set(path, [...(byPath.get(path) ?? []), endpoint]);
  }
  const frame: FrameApi = {
    dispatch: async (request, env) => app.fetch(request, env),
    endpointAt: (path) => byPath.get(path)?.[0],
  };

  // CORS before the prefix too, so even an unknown version's 404 is readable from a browser;
  // a prefixed request passes it twice (outer and re-dispatched), setting the same headers.
  app.use('*', cors({ exposeHeaders: EXPOSED_HEADERS }));
  app.use('*', versionPrefix({ dispatch: frame.dispatch }));
  for (const endpoint of endpoints) {
    const chain = layers(endpoint, deps, state);
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      const run: MiddlewareHandler = async (c) => {
        const degraded = (reason: string) => {
          markDegraded(c, reason);
          deps.log.info(`answered without ${reason}`, { path: c.req.path });
        };
        const out = await endpoint.handle({ params: paramsOf(c), deps, request: c.req.raw, c, frame, degraded });
        return out instanceof Response ? out : c.json(out as object);
      };
      app.on(endpoint.method ?? 'GET', [path], ...handlers([...versionGate(path), ...chain, run]));
    }
  }
  for (const [path, list] of byPath) {
    app.all(path, ...handlers([...versionGate(path), methodNotAllowed(path, list.map((e) => e.method ?? 'GET'))]));
  }

  app.notFound((c) => errorResponse(new SleeveError('not_found', `No endpoint at ${c.req.path}. See /errors and /openapi.json.`), versionOf(c)));
  app.onError((thrown, c) => errorResponse(toSleeveError(thrown, deps.log, c.req.raw.signal), versionOf(c)));
  return app;
}
