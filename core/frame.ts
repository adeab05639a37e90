/**
 * @module
 * Builds the frame from the route table: one list of layers per endpoint path and version
 * prefix (`http/pipeline.ts`), in the architecture's order: observe (id, log line,
 * metrics, around everything) → CORS headers → version pin and gate (a path its version
 * lacks is a 404 before a preflight or the guard answers) → preflight → body guard → WebSocket
 * refusal → User-Agent → rate limit → params → cache → route. Each layer is built from the
 * declaration when the frame is built, so a request only runs the layers its endpoint needs.
 * One Hono router holds them all, the 405s, and a last catch-all 404 (it survives
 * `app.route()`, where an app's `notFound` does not); one error handler renders every failure
 * in the shape of the request's version. The hit path is composed from the same lists and
 * answers a held hit before the router.
 */
import { Hono, type Context, type Handler } from 'hono';
import type { Deps } from './wiring/deps.ts';
import type { SleeveError } from './errors.ts';
import { cached, noStore, NOT_FOUND_SECONDS, type Cached } from './http/cache/layer.ts';
import { refresher, type Refresher } from './http/cache/refresh.ts';
import { deferrer, type Deferrer } from './http/cache/deferred.ts';
import type { Rerun } from './http/cache/rerun.ts';
import type { RequestScope } from './drivers/kit/index.ts';
import { bodyLimit } from './http/layers/body.ts';
import { cors } from './http/layers/cors.ts';
import { composeHit, hitPath, type HitRoute } from './http/hit/hit-path.ts';
import { fullForm, type Layer } from './http/pipeline.ts';
import { earliest, type VersionInfo } from './http/versions.ts';
import { Outcome } from './http/outcome.ts';
import type { AnyEndpoint, FrameApi } from './http/endpoint.ts';
import { errorResponse, toSleeveError } from './http/errors.ts';
import { endpointFinder } from './http/find-endpoint.ts';
import { routedPath } from './utils/url-path.ts';
import { frameChain, type FrameLayer } from './http/frame-chain.ts';
import { frameState, type FrameState } from './http/frame-state.ts';
import { applyGathered, withGathered, type SleeveBindings, type SleeveEnv } from './http/context.ts';
import { scopeOf, scopes } from './http/layers/scope.ts';
import type { RequestView } from './http/hit/request-view.ts';
import { baseUrlOf } from './shape/urls.ts';
import { methodNotAllowed, versionGate } from './http/layers/methods.ts';
import { observe } from './http/layers/observe.ts';
import { params, paramsOf, type Params } from './http/layers/params.ts';
import { rateLimit, scaledLimit } from './http/layers/rate-limit.ts';
import { generationSpender } from './http/generations.ts';
import { requestIdOf } from './http/request-trace.ts';
import { userAgent } from './http/layers/user-agent.ts';
import { vary, varyNames } from './http/layers/vary.ts';
import { errorVersion, notFound, pinVersion, prefixed, PREFIXES } from './http/layers/version-prefix.ts';
import { refuseWebSocket } from './http/layers/websocket.ts';

const EXPOSED_HEADERS: readonly string[] = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Cache',
  'ETag',
  'Allow',
  'X-Request-Id',
];

/** What live mode runs again in the background: refreshes (`cache/refresh.ts`) and deferred answers (`cache/deferred.ts`). */
interface Background {
  refresh?: Refresher;
  defer?: Deferrer;
}

/** An endpoint's own layers, from its declaration, in the architecture's order; its parameters and cache layers for its reruns. */
function layers(
  endpoint: AnyEndpoint,
  deps: Deps,
  state: FrameState,
  background: Background,
): { list: Layer[]; params: Params; cache?: Cached } {
  const list: Layer[] = [];
  // First, so every answer of the endpoint carries it: its refusals, 304s and held hits too.
  const varies = vary(varyNames(endpoint, deps));
  if (varies) list.push(varies);
  if (!endpoint.public) list.push(userAgent());
  const perMinute = scaledLimit(endpoint.rateLimit, deps.options.rateLimits);
  const { now } = deps.clock;
  const { clients } = deps.options;
  if (perMinute !== undefined) {
    list.push(
      rateLimit({
        bucket: endpoint.path,
        limit: perMinute,
        store: state.counters,
        breaker: state.breaker,
        now,
        clients,
      }),
    );
  }
  const checked = params({ schema: endpoint.params, read: endpoint.readQuery });
  list.push(checked.layer);
  if (endpoint.cache === 'no-store') list.push(noStore());
  else if (endpoint.cache !== undefined) {
    const own = endpoint.cacheKey;
    const keyOf = own ? (params: unknown, request: Request) => own.call(endpoint, params, request, deps) : undefined;
    // Not where an answer costs a model generation (D31): a rerun would draw on a client's allowance.
    const { refresh, defer } = endpoint.generations ? {} : background;
    const cache = cached({
      bucket: endpoint.path,
      policy: endpoint.cache,
      storage: deps.storage,
      breaker: state.breaker,
      now,
      timer: deps.clock.timer,
      inflight: state.inflight,
      hot: state.hot,
      params: checked,
      keyOf,
      byOrigin: deps.options.baseUrl === undefined,
      refresh,
      defer,
    });
    list.push(cache.layer);
    return { list, params: checked, cache };
  }
  return { list, params: checked };
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * A route's JSON answer, built with every gathered header in one plain object (see
 * `addHeaders`), with its text (the cache keeps it as made) and what the route said of it.
 */
function json(c: Context<SleeveEnv>, body: unknown, degraded: string | undefined, brief: number | undefined): Outcome {
  const text = JSON.stringify(body);
  return new Outcome(new Response(text, { headers: withGathered(c, JSON_TYPE) }), { json: text, degraded, brief });
}

/** An error's answer in the request's version, with the error (for the cache and the request's log line) and what was thrown. */
function failedWith(
  c: Context<SleeveEnv>,
  error: SleeveError,
  version: VersionInfo = errorVersion(c),
  thrown?: Error,
): Outcome {
  return new Outcome(errorResponse(error, version, withGathered(c)), { error, thrown });
}

/**
 * A rerun's bindings: its scope, and of its first request's only what its shorter list reads
 * (a `/batch` sub-request's version and batch, the adapter's hold on work past the answer).
 * Not the first request's object itself, which an adapter may own (the Bun server's peer).
 */
function rerunBindings(env: SleeveBindings | undefined, scope: RequestScope): SleeveBindings {
  const out: SleeveBindings = { sleeveRerun: scope };
  if (env?.sleeveVersion !== undefined) out.sleeveVersion = env.sleeveVersion;
  if (env?.sleeveBatch !== undefined) out.sleeveBatch = env.sleeveBatch;
  const hold = env?.waitUntil;
  if (hold !== undefined) out.waitUntil = (work) => hold.call(env, work);
  return out;
}

/** D7: an alias kept after a rename (`/hot-tracks`) is as old as the name it keeps. */
const sinceOf = (endpoint: AnyEndpoint, path: string) => (path === endpoint.path ? endpoint.since : undefined);

/** A prefixed path's first layers: its version, then the 404 of a path that version lacked. */
const pinned = (version: VersionInfo | undefined, path: string, since: string | undefined): Layer[] => [
  ...(version ? [pinVersion(version)] : []),
  ...versionGate(path, since, version),
];

/** The frame's one router, and the `fetch` to serve it with (see `createFrame`). */
export interface Frame {
  /** Complete on its own: `host.route('/music', app)` keeps the JSON 404 and 405 answers. */
  app: Hono<SleeveEnv>;
  /**
   * What `createSleeve` serves, the one way into the frame on every runtime (D70): a held
   * cache hit by the hit path (`hit-path.ts`), anything else by `app`.
   */
  fetch(request: Request, env?: SleeveBindings): Response | Promise<Response>;
  /** The hit path alone (`hit-path.ts`), the first thing `fetch` asks: undefined when it does not answer. */
  hit(request: RequestView, env?: SleeveBindings): Response | Promise<Response> | undefined;
}

/**
 * The frame: every endpoint's layers as one list each (`pipeline.ts`), run by one router, and
 * the hit path composed from the same lists.
 */
export function createFrame(deps: Deps, endpoints: readonly AnyEndpoint[]): Frame {
  // The path every per-path rule reads too (`routedPath`): what is routed is what is judged.
  const app = new Hono<SleeveEnv>({ getPath: routedPath });
  const state = frameState(deps);
  const byPath = new Map<string, AnyEndpoint[]>();
  for (const endpoint of endpoints) {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])])
      byPath.set(path, [...(byPath.get(path) ?? []), endpoint]);
  }
  const frame: FrameApi = {
    dispatch: async (request, env) => app.fetch(request, env),
    endpointAt: endpointFinder(endpoints),
    endpoints,
  };

  // Any failure as the error it is answered as: the frame's error handler and the hit path's.
  const toError = (thrown: unknown, request: RequestView, id: string | undefined) =>
    toSleeveError(thrown, deps.log, request.signal, request.url, id);
  const rendered = (thrown: Error, c: Context<SleeveEnv>) =>
    failedWith(c, toError(thrown, c.req.raw, requestIdOf(c)), errorVersion(c), thrown);
  // What every request meets first, whatever it asks: its id and log line, CORS, the body guard.
  const observer = observe(deps, endpoints);
  const { headers, preflight } = cors({ exposeHeaders: EXPOSED_HEADERS });
  const guard = bodyLimit();
  const hits = new Map<string, HitRoute>();
  // Background refreshes of cached answers (`cache/refresh.ts`), live mode only: elsewhere no
  // upstream budget is spent, so a miss costs nothing worth saving. Deferred answers of answers the
  // budget could not give in time (`cache/deferred.ts`) run the same way, as their client's.
  // Both are requests of their own (`cache/rerun.ts`), routed by the same router to a shorter
  // list: no rate limit, request log or metrics, since a rerun is no client's request.
  // A rerun's scope (whose its calls are) goes down with it, in bindings of its own (`rerunBindings`).
  const rerun: Rerun = (request, env, scope) => app.fetch(request, rerunBindings(env as SleeveBindings, scope));
  const background: Background =
    deps.options.mode === 'live'
      ? {
          refresh: refresher(rerun, deps.clock.now),
          defer: deferrer(rerun, {
            now: deps.clock.now,
            backlogMs: (more) => deps.backlogMs?.(more) ?? 0,
            deferredMs: (more) => deps.deferredMs?.(more) ?? 0,
          }),
        }
      : {};
  if (background.defer) deps.metrics?.watchDeferred(background.defer);
  // Each route is one handler running its whole list (`frame-chain.ts`), not a Hono chain.
  // `gate` (a prefix's pin and, for a path a pinned version did not have yet, its 404) comes
  // right after the observer and CORS headers, before a preflight's 204 or the body guard's
  // 413: a path that did not exist yet gives the same 404 to every method.
  // First of all, every request's scope (`layers/scope.ts`), which every later step receives.
  const scope = scopes(deps);
  const framed = (own: Layer[], gate: Layer[] = []): Layer[] => [
    scope,
    observer,
    headers,
    ...gate,
    preflight,
    guard,
    ...own,
  ];
  const chain = (list: readonly Layer[]) => frameChain(list.map(fullForm), rendered);
  /** The route, or what answers in its place: the end of a list, the full frame's alone. */
  const route = (run: FrameLayer): Layer => ({ kind: 'route', run });
  const { clients, rateLimits } = deps.options;
  for (const endpoint of endpoints) {
    const built = layers(endpoint, deps, state, background);
    const own = [...(endpoint.websocket ? [] : [refuseWebSocket]), ...built.list];
    const spender = generationSpender(endpoint.generations, {
      store: state.counters,
      breaker: state.breaker,
      now: deps.clock.now,
      clients,
      rateLimits,
    });
    const method = endpoint.method ?? 'GET';
    // A held hit is a GET's; a WebSocket endpoint's GET may be an upgrade, which only its route answers.
    const holds = built.cache && method === 'GET' && !endpoint.websocket;
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      const since = sinceOf(endpoint, path);
      const run: FrameLayer = async (c) => {
        // What the route says of its answer, handed up with it (`outcome.ts`).
        let gap: string | undefined;
        let brief: number | undefined;
        const degraded = (reason: string) => {
          gap = reason;
          deps.log.info(`answered without ${reason}`, { path: c.req.path });
        };
        const notFound = () => {
          brief = NOT_FOUND_SECONDS;
        };
        const request = c.req.raw;
        const base = baseUrlOf(deps.options, request);
        const scope = scopeOf(c);
        const out = await endpoint.handle({
          params: paramsOf(c),
          deps,
          request,
          scope,
          base,
          c,
          frame,
          degraded,
          notFound,
          spendGeneration: spender(c),
        });
        if (!(out instanceof Response)) return json(c, out, gap, brief);
        // A route's own answer (an image, a stream, a redirect) takes the gathered headers after all.
        c.res = out;
        applyGathered(c);
        return new Outcome(c.res, { degraded: gap, brief });
      };
      for (const { prefix, version } of PREFIXES) {
        const gate = pinned(version, path, since);
        const list = framed([...own, route(run)], gate);
        const handler = chain(list);
        // A rerun's list: its scope, its version, its parameters, the cache's refresh layer, the route.
        const again =
          holds && background.refresh
            ? chain([scope, ...gate, built.params.layer, route(built.cache!.refresh), route(run)])
            : undefined;
        const served: Handler<SleeveEnv> = again
          ? (c, next) => (c.env?.sleeveRerun ? again : handler)(c, next)
          : handler;
        app.on(method, prefixed(prefix, path), served);
        const hit = holds ? composeHit(endpoint.path, list) : undefined;
        if (hit) for (const at of prefixed(prefix, path)) hits.set(at, hit);
      }
    }
  }
  for (const [path, list] of byPath) {
    const refuse = methodNotAllowed(
      path,
      list.map((e) => e.method ?? 'GET'),
    );
    // The path exists from its first method's arrival; before that, a 404 rather than a 405.
    const since = earliest(list.map((e) => sinceOf(e, path)));
    for (const { prefix, version } of PREFIXES) {
      const handler = chain(framed([route(refuse)], pinned(version, path, since)));
      for (const at of prefixed(prefix, path)) app.all(at, handler);
    }
  }

  const unknown = (c: Context<SleeveEnv>) => {
    const { error, version } = notFound(c, deps.options.basePath);
    return failedWith(c, error, version);
  };
  app.all('*', chain(framed([route(unknown)])));
  app.notFound((c) => unknown(c).res);
  app.onError((thrown, c) => rendered(thrown, c).res);
  const hit = hitPath(hits, {
    now: deps.clock.now,
    clients: deps.options.clients,
    clones: deps.options.hitResponses === 'clones',
    toError,
  });
  return {
    app,
    hit,
    fetch: (request, env) => hit(request, env) ?? app.fetch(request, env),
  };
}
