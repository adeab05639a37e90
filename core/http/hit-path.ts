/**
 * @module
 * The frame's hit path: a plain GET whose answer the cache already holds fresh in process is
 * answered here, before routing, by one straight function. It does what the frame's layers
 * would do for that request, with their own pieces (the request id, CORS headers, the D2
 * check, the rate limiter's count and 429, the remembered params and cache keys, the cache's
 * answer, the log line and metrics), but without a Hono context, the router and a closure
 * per layer: on Bun and Deno that per-request machinery cost more than the whole answer
 * (issue #13). Everything else, and anything it is not sure of, goes to the full frame before
 * anything is counted: another method, a path written another way, a body or an upgrade, no
 * contact e-mail, a query not validated before, an entry not held fresh.
 */
import type { SleeveError } from '../errors.ts';
import { answerEntry, type Held } from './cache-entry.ts';
import type { Cached } from './cache.ts';
import { clientIpOf } from './client-ip.ts';
import type { SleeveBindings } from './context.ts';
import { errorResponse } from './errors.ts';
import type { Observer } from './observe.ts';
import type { Params } from './params.ts';
import type { RateLimit } from './rate-limit.ts';
import { REQUEST_ID_HEADER, requestId } from './request-id.ts';
import { hasContactEmail } from './user-agent.ts';
import { CURRENT, type VersionInfo } from './versions.ts';

/** One path (bare or under a version prefix) of a cached GET endpoint, with its frame's pieces. */
export interface HitRoute {
  /** The endpoint's declared path: the route of its log line and /metrics. */
  route: string;
  /** The version the path answers as (the current one when bare). */
  version: VersionInfo;
  /** D2: the caller must name a contact e-mail (every endpoint but the public ones). */
  contact: boolean;
  params: Params;
  cache: Cached;
  limit: RateLimit | undefined;
}

export interface HitPathOptions {
  now(): number;
  trustProxy: boolean;
  /** What CORS gives every answer (`corsHeaders`). */
  cors: Readonly<Record<string, string>>;
  record: Observer['record'];
  /** `SleeveOptions.hitResponses`: clone a template per entry instead of a new header object per answer. */
  clones: boolean;
  /** Any failure as the D3 error it is answered as (the frame's own rule, `toSleeveError`). */
  toError(thrown: unknown, request: Request, id: string): SleeveError;
}

type Answer = Response | Promise<Response>;

/** The answer to a request the hit path can give, or undefined: the full frame answers it. */
export type HitPath = (request: Request, env: SleeveBindings | undefined) => Answer | undefined;

export function hitPath(routes: ReadonlyMap<string, HitRoute>, options: HitPathOptions): HitPath {
  const { now, trustProxy, cors, record, toError, clones } = options;
  // With `clones`: each held 200's answer with the headers every request shares (CORS, the
  // entry's), kept while the entry is held. A clone gets the request's own (id, limits) set.
  const templates = new WeakMap<Held, Response>();
  const cloned = (held: Held & { bytes: Uint8Array<ArrayBuffer> }, id: string, limits: Record<string, string> | undefined): Response => {
    let template = templates.get(held);
    if (template === undefined) {
      template = answerEntry(held.entry, 'HIT', { ...cors }, undefined, CURRENT, held.bytes);
      templates.set(held, template);
    }
    const res = template.clone();
    const headers = res.headers;
    headers.set(REQUEST_ID_HEADER, id);
    if (limits) for (const name in limits) headers.set(name, limits[name]!);
    return res;
  };

  /** The request id first and CORS next, as the frame's outer layers give them. */
  const gathered = (id: string): Record<string, string> => {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: id };
    for (const name in cors) headers[name] = cors[name]!;
    return headers;
  };

  /** The held entry's answer, with this request's id and limit headers. */
  const answer = (route: HitRoute, held: Held, headers: Headers, id: string, limits: Record<string, string> | undefined): Response => {
    const ifNoneMatch = headers.get('if-none-match');
    if (clones && ifNoneMatch === null && held.bytes !== undefined) return cloned(held as Held & { bytes: Uint8Array<ArrayBuffer> }, id, limits);
    const out = gathered(id);
    if (limits) for (const name in limits) out[name] = limits[name]!;
    return answerEntry(held.entry, 'HIT', out, ifNoneMatch ?? undefined, route.version, held.bytes);
  };
  /** The rate limiter's 429, or a failure, rendered as the frame's error handler would. */
  const refusal = (route: HitRoute, request: Request, id: string, thrown: unknown): Response =>
    errorResponse(toError(thrown, request, id), route.version, gathered(id));

  return (request, env = {}) => {
    if (request.method !== 'GET' || env.sleeveVersion !== undefined || env.sleeveBatch !== undefined) return undefined;
    const url = request.url;
    // The path exactly as routed: one written another way (escaped, a trailing slash) is not in the map.
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const query = url.indexOf('?', start);
    const route = routes.get(query < 0 ? url.slice(start) : url.slice(start, query));
    if (route === undefined) return undefined;
    const headers = request.headers;
    if (headers.has('content-length') || headers.has('upgrade')) return undefined;
    if (route.contact && !hasContactEmail(headers.get('user-agent') ?? undefined) && !hasContactEmail(headers.get('api-user-agent') ?? undefined)) return undefined;
    const params = route.params.remembered(query < 0 ? '' : url.slice(query));
    if (params === undefined) return undefined;
    const at = now();
    const held = route.cache.hot(url, request, params, at);
    if (held === undefined) return undefined;

    // Answered here from now on.
    const started = record ? performance.now() : 0;
    const id = requestId(headers.get(REQUEST_ID_HEADER) ?? undefined);
    const ip = route.limit || record ? clientIpOf(headers, env, trustProxy) : undefined;
    const recorded = (res: Response, cache: string | null): Response => {
      record?.({ id, method: 'GET', url, route: route.route, status: res.status, started, cache, ip, upstream: 0, sub: false });
      return res;
    };
    let checked: ReturnType<RateLimit['check']>;
    try {
      checked = route.limit?.check(route.version, ip, at);
    } catch (thrown) {
      return recorded(refusal(route, request, id, thrown), null);
    }
    if (checked instanceof Promise) {
      return checked.then(
        (limits) => recorded(answer(route, held, headers, id, limits), 'HIT'),
        (thrown: unknown) => recorded(refusal(route, request, id, thrown), null),
      );
    }
    return recorded(answer(route, held, headers, id, checked), 'HIT');
  };
}
