/**
 * @module
 * The frame's hit path: a plain GET whose answer the cache already holds fresh in process is
 * answered here, before routing, by one straight function. It does what the frame's layers
 * would do for that request by calling the very functions those layers call, each rule written
 * once: the request id (`requestIdFrom`), CORS headers (the CORS layer's `always`), the D2
 * check (`namesContact`), the client (`clientIpOf`) and the rate limiter's count and 429
 * (`RateLimit.check`), the cache key remembered for the URL and the cache's answer
 * (`Cached.hot`, `answerEntry`), the error rule (`toError`), the log line and metrics
 * (`Observer.record`). What it leaves out is a Hono context, the router and a closure per
 * layer: on Bun and Deno that per-request machinery cost more than the whole answer (issue #13).
 * Everything else, and anything it is not sure of, goes to the full frame before anything is
 * counted: another method, a path written another way, a body or an upgrade, no contact
 * e-mail, a URL the frame has not answered before (its query never validated), an entry not
 * held fresh. It answers as web Responses (`hitPath`), or as their parts (`hitParts`), which
 * the Node adapter writes to the socket itself, without a Request or a Response (issue #24).
 */
import { SleeveError } from '../errors.ts';
import type { AnswerParts } from './answer-parts.ts';
import { answerEntry, entryParts, type Held } from './cache/entry.ts';
import type { Cached } from './cache/layer.ts';
import { clientIpOf } from './client-ip.ts';
import type { SleeveBindings } from './context.ts';
import { errorParts, errorResponse } from './errors.ts';
import type { Observer } from './observe.ts';
import type { Params } from './params.ts';
import type { RateLimit } from './rate-limit.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.ts';
import type { RequestView } from './request-view.ts';
import { pathStart } from '../url-path.ts';
import { namesContact } from './user-agent.ts';
import type { VersionInfo } from './versions.ts';

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
  /** What CORS gives every answer: the CORS layer's own object (`cors().always`). */
  cors: Readonly<Record<string, string>>;
  record: Observer['record'];
  /** `SleeveOptions.hitResponses`: clone a template per entry instead of a new header object per answer. */
  clones: boolean;
  /** Any failure as the D3 error it is answered as (the frame's own rule, `toSleeveError`). */
  toError(thrown: unknown, request: RequestView, id: string): SleeveError;
}

/**
 * A held entry's first answer on a path, and the rate-limit values it was made with. On a
 * limited path only answers with counts are cloned: while a shared counter store is down,
 * answers carry no counts (the limiter lets them through), so they are made afresh, not cloned
 * with a template's old ones.
 */
interface Template {
  response: Response;
  values: Record<string, string>;
}

/** The answer to a request the hit path can give, or undefined: the full frame answers it. */
export type HitPath = (
  request: RequestView,
  env: SleeveBindings | undefined,
) => Response | Promise<Response> | undefined;

/** The same answers as parts, for a server that writes them itself (the Node adapter's `adapters/node/hits.ts`). */
export type HitPartsPath = (
  request: RequestView,
  env: SleeveBindings | undefined,
) => AnswerParts | Promise<AnswerParts> | undefined;

/** A path of the map, with the templates its held answers are cloned from (`clones`). */
interface Path {
  route: HitRoute;
  templates: WeakMap<Held, Template>;
}

/** How answers are made: as web Responses (`hitPath`) or as parts (`hitParts`). */
interface Answers<T> {
  /** A held entry's answer (a 200, a 304 or a held 404), with this request's id and limit headers. */
  entry(path: Path, held: Held, ifNoneMatch: string | null, id: string, limits: Record<string, string> | undefined): T;
  /** The limiter's 429, or a failure, rendered as the frame's error handler would. */
  refusal(route: HitRoute, error: SleeveError, id: string): T;
}

/** The request id first, CORS next, then the limit's headers, as the frame's layers give them. */
const gatherer =
  (cors: Readonly<Record<string, string>>) =>
  (id: string, limits?: Record<string, string>): Record<string, string> => {
    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: id };
    for (const name in cors) headers[name] = cors[name]!;
    if (limits) for (const name in limits) headers[name] = limits[name]!;
    return headers;
  };

/** The hit path answering with web Responses: what `createSleeve`'s `fetch` asks first. */
export function hitPath(routes: ReadonlyMap<string, HitRoute>, options: HitPathOptions): HitPath {
  const gathered = gatherer(options.cors);
  // With `clones`: per path, each held 200's first answer is kept as a template while the
  // entry is held, and later ones are its clones with their own id and counts set. Bun's
  // headers replace a value they hold much faster than they add a name (measured: 6 added
  // rate-limit headers cost ~2 µs a hit), so the template holds every name, and a value equal
  // to the template's (the limit, the window's end) is not set again.
  const cloned = (path: Path, held: Held, id: string, limits: Record<string, string> | undefined): Response => {
    let template = path.templates.get(held);
    if (template === undefined) {
      template = {
        response: answerEntry(held.entry, 'HIT', gathered(id, limits), undefined, path.route.version, held.bytes),
        values: { ...limits },
      };
      path.templates.set(held, template);
    }
    const res = template.response.clone();
    const headers = res.headers;
    headers.set(REQUEST_ID_HEADER, id);
    if (limits) {
      const { values } = template;
      for (const name in limits) if (limits[name] !== values[name]) headers.set(name, limits[name]!);
    }
    return res;
  };
  return answering<Response>(routes, options, {
    entry: (path, held, ifNoneMatch, id, limits) =>
      options.clones &&
      ifNoneMatch === null &&
      held.bytes !== undefined &&
      (limits !== undefined || path.route.limit === undefined)
        ? cloned(path, held, id, limits)
        : answerEntry(
            held.entry,
            'HIT',
            gathered(id, limits),
            ifNoneMatch ?? undefined,
            path.route.version,
            held.bytes,
          ),
    refusal: (route, error, id) => errorResponse(error, route.version, gathered(id)),
  });
}

/** The hit path answering with parts: the same decisions, counts, headers and bodies as `hitPath`. */
export function hitParts(routes: ReadonlyMap<string, HitRoute>, options: HitPathOptions): HitPartsPath {
  const gathered = gatherer(options.cors);
  return answering<AnswerParts>(routes, options, {
    entry: (path, held, ifNoneMatch, id, limits) => {
      const headers = gathered(id, limits);
      const parts = entryParts(held.entry, 'HIT', headers, ifNoneMatch ?? undefined, held.bytes);
      return parts instanceof SleeveError ? errorParts(parts, path.route.version, headers) : parts;
    },
    refusal: (route, error, id) => errorParts(error, route.version, gathered(id)),
  });
}

function answering<T extends { status: number }>(
  routes: ReadonlyMap<string, HitRoute>,
  options: HitPathOptions,
  answers: Answers<T>,
) {
  const { now, trustProxy, record, toError } = options;
  const paths = new Map<string, Path>();
  for (const [path, route] of routes) paths.set(path, { route, templates: new WeakMap() });

  /** The answer, once its line is written and its figures counted (when either is kept). */
  const recorded = (
    res: T,
    cache: string | null,
    url: string,
    route: HitRoute,
    id: string,
    ip: string | undefined,
    started: number,
    arrived: number,
  ): T => {
    record?.({
      id,
      method: 'GET',
      url,
      route: route.route,
      status: res.status,
      started,
      arrived,
      cache,
      ip,
      upstream: 0,
      sub: false,
    });
    return res;
  };
  const refused = (route: HitRoute, request: RequestView, id: string, thrown: unknown): T =>
    answers.refusal(route, toError(thrown, request, id), id);

  return (request: RequestView, env: SleeveBindings = {}): T | Promise<T> | undefined => {
    if (request.method !== 'GET' || env.sleeveVersion !== undefined || env.sleeveBatch !== undefined) return undefined;
    const url = request.url;
    // The path exactly as routed: one written another way (escaped, a trailing slash) is not in the map.
    const start = pathStart(url);
    const query = url.indexOf('?', start);
    const path = paths.get(query < 0 ? url.slice(start) : url.slice(start, query));
    if (path === undefined) return undefined;
    const { route } = path;
    const headers = request.headers;
    if (headers.has('content-length') || headers.has('upgrade')) return undefined;
    if (route.contact && !namesContact(headers)) return undefined;
    const time = now();
    const held = route.cache.hot(url, request, route.params, time);
    if (held === undefined) return undefined;

    // Answered here from now on.
    const started = record ? performance.now() : 0;
    const id = requestIdFrom(headers);
    const ip = route.limit || record ? clientIpOf(headers, env, trustProxy) : undefined;
    let checked: ReturnType<RateLimit['check']>;
    try {
      checked = route.limit?.check(route.version, ip, time);
    } catch (thrown) {
      return recorded(refused(route, request, id, thrown), null, url, route, id, ip, started, time);
    }
    if (checked instanceof Promise) {
      return checked.then(
        (limits) =>
          recorded(
            answers.entry(path, held, headers.get('if-none-match'), id, limits),
            'HIT',
            url,
            route,
            id,
            ip,
            started,
            time,
          ),
        (thrown: unknown) => recorded(refused(route, request, id, thrown), null, url, route, id, ip, started, time),
      );
    }
    return recorded(
      answers.entry(path, held, headers.get('if-none-match'), id, checked),
      'HIT',
      url,
      route,
      id,
      ip,
      started,
      time,
    );
  };
}
