/**
 * @module
 * The frame's hit path: a plain GET whose answer the cache already holds fresh in process is
 * answered here, before routing, by one straight function composed from the route's own layer
 * list (`pipeline.ts`): it reads each layer's one declaration, as the full frame's form is
 * derived from it (`fullForm`), so every header and rule is the layer's own, written once.
 * In the list's order: the observer's id (first header) and record (once answered), CORS's
 * headers, a prefix's version, the questions of the layers that act only when (a preflight, a
 * declared body, an upgrade, no contact e-mail: a request any of them holds for is left to the
 * full frame), the rate limit's count, and the cache's held entry. What it leaves out is a Hono context, the
 * router and a closure per layer: on Bun and Deno that per-request machinery cost more than
 * the whole answer. Everything it is not sure of goes to the full frame before
 * anything is counted: another method, a path written another way, a request a check declines,
 * a URL the frame has not answered before (its query never validated), an entry not held
 * fresh. It is core's own: every runtime enters through `fetch`, which asks it first, and
 * no adapter knows of it (D70).
 */
import { SleeveError } from '../../errors.ts';
import { answerEntry, CONTENT_LENGTH, entryParts, type Held } from '../cache/entry.ts';
import { clientAddressOf } from '../conn/client-ip.ts';
import type { ClientAddressing } from '../../wiring/client-addressing.ts';
import { clientKey } from '../conn/client-key.ts';
import type { SleeveBindings } from '../context.ts';
import { errorResponse } from '../errors.ts';
import type { Answered, Count, Given, Layer, LayerOf, Look, Observer } from '../pipeline.ts';
import { REQUEST_ID_HEADER } from '../layers/request-id.ts';
import type { RequestView } from './request-view.ts';
import { pathStart } from '../../utils/url-path.ts';
import { REMEMBERED_URL_LENGTH } from '../query-memo.ts';
import { setBounded } from '../../utils/bounded-map.ts';
import { CURRENT, isAtLeast, type VersionInfo } from '../versions.ts';

/** Where the request id and the count's headers go among the layers' own (`HitRoute.gives`). */
const ID = 0;
const COUNT = 1;
/** What a held 404's line says (`entryParts` makes the same code when it answers one). */
const HELD_NOT_FOUND = new SleeveError('not_found', 'Not found.');
/** URLs the hit path remembers with their path (the most recent). */
const REMEMBERED_URLS = 1024;

/** One path (bare or under a version prefix) of a cached GET endpoint: its layers as a held hit meets them, composed. */
export interface HitRoute {
  /** The endpoint's declared path: the route of its log line and /metrics. */
  route: string;
  /** The version the path answers as (the current one when bare). */
  version: VersionInfo;
  /** The `when` of each layer that acts only when: one that holds leaves the request to the full frame. */
  checks: LayerOf<'when'>['when'][];
  /** The answer's headers in the layers' order: a layer's own, the id, the count's. */
  gives: (typeof ID | typeof COUNT | Readonly<Record<string, string>>)[];
  id: Observer['id'];
  record: Observer['record'];
  count: Count | undefined;
  look: Look;
}

/**
 * A route's layers as the hit path runs them, or undefined when it cannot: the route (or what
 * answers in its place) before any layer that holds answers, a version gate its version does
 * not pass, or no layer that holds answers. Layers after the one that holds are never reached.
 */
export function composeHit(route: string, layers: readonly Layer[]): HitRoute | undefined {
  let version = CURRENT;
  const checks: HitRoute['checks'] = [];
  const gives: HitRoute['gives'] = [];
  let observer: Observer | undefined;
  let count: HitRoute['count'];
  for (const layer of layers) {
    switch (layer.kind) {
      case 'readies':
        break;
      case 'when':
        checks.push(layer.when);
        break;
      case 'before':
        // The version is the route's own (its pin, before this): the gate acts on every request or none.
        if (!isAtLeast(version, layer.since)) return undefined;
        break;
      case 'headers':
        gives.push(layer.headers);
        break;
      case 'version':
        version = layer.version;
        break;
      case 'observe':
        observer = layer.observer;
        gives.push(ID);
        break;
      case 'count':
        if (count) throw new Error(`${route}: two layers count its requests`);
        count = layer.count;
        gives.push(COUNT);
        break;
      case 'hold':
        if (!observer) throw new Error(`${route}: the hit path needs the observer's id before the cache`);
        return { route, version, checks, gives, id: observer.id, record: observer.record, count, look: layer.look };
      case 'route':
        return undefined;
    }
  }
  return undefined;
}

export interface HitPathOptions {
  now(): number;
  /** How the client is told (`conn/client-ip.ts`). */
  clients: ClientAddressing;
  /** `SleeveOptions.hitResponses`: clone a template per entry instead of a new header object per answer. */
  clones: boolean;
  /** Any failure as the error it is answered as (the frame's own rule, `toSleeveError`). */
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

/** A path of the map, with the templates its held answers are made from. */
interface Path {
  route: HitRoute;
  /** Responses cloned per answer (`clones`). */
  templates: WeakMap<Held, Template>;
  /** Header objects copied per answer (`objects`). */
  headers: WeakMap<Held, HeadersTemplate>;
}

/**
 * A held 200's headers on a path, every name in its answer's order, and the rate-limit values
 * they were made with: an answer is a copy with its own id and changed counts set. Copying an
 * object whose every name is in place costs a hit a fraction of adding the names one by one,
 * each a new shape of a fresh object (measured with callgrind: docs/performance.md).
 */
interface HeadersTemplate {
  headers: Record<string, string>;
  values: Given;
}

/** The answer's headers, in the order its layers give them (`HitRoute.gives`). */
function gathered(route: HitRoute, id: string, limits?: Given): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const part of route.gives) {
    if (part === ID) headers[REQUEST_ID_HEADER] = id;
    else if (part === COUNT) {
      if (limits) for (const name in limits) headers[name] = limits[name]!;
    } else for (const name in part) headers[name] = part[name]!;
  }
  return headers;
}

/** An entry's answer made afresh: a 200, a 304 or a held 404, with every header gathered anew. */
const fresh = (path: Path, held: Held, ifNoneMatch: string | null, id: string, limits: Given): Response =>
  answerEntry(
    held.entry,
    'HIT',
    gathered(path.route, id, limits),
    ifNoneMatch ?? undefined,
    path.route.version,
    held.bytes,
  );

/**
 * With `clones`: per path, each held 200's first answer is kept as a template while the entry
 * is held, and later ones are its clones with their own id and counts set. Bun's headers
 * replace a value they hold much faster than they add a name (measured: 6 added rate-limit
 * headers cost ~2 µs a hit), so the template holds every name, and a value equal to the
 * template's (the limit, the window's end) is not set again.
 */
function cloned(path: Path, held: Held, id: string, limits: Given): Response {
  let template = path.templates.get(held);
  if (template === undefined) {
    template = { response: fresh(path, held, null, id, limits), values: { ...limits } };
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
}

/**
 * Without: a held 200 (with the counts its template was made with, or none on an unlimited
 * path) is answered with a copy of its template's header object, in a Response made of that
 * object and the held bytes, which the Node server writes as they are (its names in the
 * frame's order after the length).
 *
 * The length `entryParts` gives is the template's first name (named first, its value then
 * spread in): `@hono/node-server` looks through an answer's names for a length, lower-casing
 * each as long as `Content-Length`, `Transfer-Encoding` or `Trailer` (three on a limited path),
 * and without one asks Node whether one was set; that cost a hit some 2.5k instructions
 * (callgrind). Told it first, it reads one name and stops.
 */
function copied(path: Path, held: Held, bytes: Uint8Array<ArrayBuffer>, id: string, limits: Given): Response {
  let template = path.headers.get(held);
  if (template === undefined) {
    const parts = entryParts(held.entry, 'HIT', gathered(path.route, id, limits), undefined, bytes);
    if (parts instanceof SleeveError) return fresh(path, held, null, id, limits);
    template = { headers: { [CONTENT_LENGTH]: '', ...parts.headers }, values: limits };
    path.headers.set(held, template);
  }
  const headers = { ...template.headers };
  headers[REQUEST_ID_HEADER] = id;
  if (limits) {
    const { values } = template;
    for (const name in limits) if (limits[name] !== values?.[name]) headers[name] = limits[name]!;
  }
  return new Response(bytes, { status: held.entry.status, headers });
}

/** A held entry's answer (a 200, a 304 or a held 404), with this request's id and limit headers. */
function entryAnswer(
  path: Path,
  held: Held,
  ifNoneMatch: string | null,
  id: string,
  limits: Given,
  clones: boolean,
): Response {
  const { bytes } = held;
  if (ifNoneMatch !== null || bytes === undefined) return fresh(path, held, ifNoneMatch, id, limits);
  if (clones)
    return limits !== undefined || path.route.count === undefined
      ? cloned(path, held, id, limits)
      : fresh(path, held, null, id, limits);
  return (limits !== undefined) === (path.route.count !== undefined)
    ? copied(path, held, bytes, id, limits)
    : fresh(path, held, null, id, limits);
}

/**
 * The hit path: what `createSleeve`'s `fetch` asks first. Undefined when it leaves the request
 * to the full frame (before counting anything).
 */
export function hitPath(
  routes: ReadonlyMap<string, HitRoute>,
  options: HitPathOptions,
): (request: RequestView, env: SleeveBindings | undefined) => Response | Promise<Response> | undefined {
  const { now, clients, toError, clones } = options;
  const paths = new Map<string, Path>();
  for (const [path, route] of routes) paths.set(path, { route, templates: new WeakMap(), headers: new WeakMap() });
  /** The path exactly as routed: one written another way (escaped, a trailing slash) is not in the map. */
  const pathOf = (url: string): Path | undefined => {
    const start = pathStart(url);
    const query = url.indexOf('?', start);
    return paths.get(query < 0 ? url.slice(start) : url.slice(start, query));
  };
  // URLs the cache layer knew, with their path: a hot URL is then looked up whole, its string
  // hashed once for this map and the cache layer's (V8 keeps a string's hash), no path cut from it.
  const seen = new Map<string, Path>();

  /** The answer, once its line is written and its figures counted (when either is kept). */
  const recorded = (
    res: Response,
    cache: string | null,
    url: string,
    route: HitRoute,
    id: string,
    ip: string | undefined,
    started: number,
    arrived: number,
    error?: SleeveError,
  ): Response => {
    route.record?.({
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
      error,
    } satisfies Answered);
    return res;
  };
  /** The refusal's answer, and its line saying its error. */
  const refused = (
    route: HitRoute,
    request: RequestView,
    thrown: unknown,
    url: string,
    id: string,
    ip: string | undefined,
    started: number,
    arrived: number,
  ): Response => {
    const error = toError(thrown, request, id);
    const answer = errorResponse(error, route.version, gathered(route, id));
    return recorded(answer, null, url, route, id, ip, started, arrived, error);
  };
  /** A held entry's answer, recorded: a held 404's line says its code, as the full frame's does. */
  const answered = (
    path: Path,
    entry: Held,
    url: string,
    headers: RequestView['headers'],
    id: string,
    limits: Given,
    ip: string | undefined,
    started: number,
    arrived: number,
  ): Response =>
    recorded(
      entryAnswer(path, entry, headers.get('if-none-match'), id, limits, clones),
      'HIT',
      url,
      path.route,
      id,
      ip,
      started,
      arrived,
      entry.entry.body === undefined ? HELD_NOT_FOUND : undefined,
    );

  return (request, env = {}) => {
    // A `/batch` sub-request is its batch's: the full frame answers it in the batch's version and trace.
    if (request.method !== 'GET' || env.sleeveVersion !== undefined || env.sleeveBatch !== undefined) return undefined;
    const url = request.url;
    const recent = seen.get(url);
    const path = recent ?? pathOf(url);
    if (path === undefined) return undefined;
    const { route } = path;
    const headers = request.headers;
    for (const when of route.checks) if (when(request)) return undefined;
    const time = now();
    const held = route.look(url, request, time);
    if (held === undefined) return undefined;
    if (recent === undefined && url.length <= REMEMBERED_URL_LENGTH) setBounded(seen, url, path, REMEMBERED_URLS);

    // Answered here from now on.
    const record = route.record;
    const started = record ? performance.now() : 0;
    const id = route.id(headers);
    // The line writes the whole address; the count keys by the client's network (`clientKey`).
    const ip = route.count || record ? clientAddressOf(headers, env, clients) : undefined;
    const key = ip === undefined || route.count === undefined ? ip : clientKey(ip, clients.ipv6Prefix);
    let checked: Given | Promise<Given>;
    try {
      checked = route.count?.(route.version, key, time);
    } catch (thrown) {
      return refused(route, request, thrown, url, id, ip, started, time);
    }
    if (checked instanceof Promise) {
      return checked.then(
        (limits) => answered(path, held, url, headers, id, limits, ip, started, time),
        (thrown: unknown) => refused(route, request, thrown, url, id, ip, started, time),
      );
    }
    return answered(path, held, url, headers, id, checked, ip, started, time);
  };
}
