/**
 * @module
 * One declaration per endpoint: everything about it lives in its `defineEndpoint` call. The
 * frame reads the policy (User-Agent exemption, version it arrived in, rate limit, cache
 * lifetime, batchability, parameter schema); `/openapi.json`, `/llms.txt`, the docs page and
 * the typed client read the description (summary, parameters, example, response schema).
 * A new endpoint is one declaration added to `core/routes/index.ts`, and nothing else.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { Deps } from '../wiring/deps.ts';
import type { SleeveBindings, SleeveEnv } from './context.ts';
import type { GenerationBudget } from './generations.ts';
import type { RequestView } from './hit/request-view.ts';
import type { RequestScope } from '../drivers/kit/index.ts';

/** Seconds to keep an answer, `forever` (kept indefinitely), or `no-store` (never cached). */
export type CachePolicy = number | 'forever' | 'no-store';

/** A query schema: valibot over the record of query strings. */
export type ParamsSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/** An answer that is not JSON (an image, a redirect, a stream): described, never validated. */
export interface MediaAnswer {
  /** The content types it may carry (`image/svg+xml`), empty for a bodiless redirect. */
  media: readonly string[];
  /** 200 unless it is a redirect (302) or a protocol switch (101). */
  status?: 200 | 302 | 101;
  description: string;
  /**
   * What an unknown item answers, when that is not the JSON error 404: the pictures' placeholder
   * SVG, which an `<img>` can show. `/openapi.json` lists it as the 404.
   */
  notFound?: { media: readonly string[]; description: string };
}

/** What a 2xx answer holds: a JSON body checked by its schema, or a described medium. */
export type Answer = v.GenericSchema<any, any> | MediaAnswer;

/** The JSON body type an answer declares; a medium is a whole `Response`. */
export type BodyOf<A> = A extends v.GenericSchema<any, infer O> ? O : Response;

/** The validated parameters a schema yields; no schema, no parameters. */
type ParamsOf<S> = S extends v.GenericSchema<any, infer O> ? O : Record<string, never>;

export interface EndpointContext<P> {
  /** The parameters, already validated and typed by the endpoint's schema. */
  params: P;
  deps: Deps;
  request: Request;
  /**
   * Whose request this is and how long its upstream calls may take (`kit/scope.ts`): pass it to
   * every driver call (`{ scope }`); its `signal` is the request's abort.
   */
  scope: RequestScope;
  /** Where links in answers point: `SLEEVE_BASE_URL`, or this request's origin and mount path. */
  base: string;
  /** The Hono context, for the rare endpoint that needs headers or the raw query. */
  c: Context<SleeveEnv>;
  /** The app itself, for `/batch` and the self-description (set by `createFrame`). */
  frame: FrameApi;
  /** Says the answer left something out because an upstream failed: logged, and not cached. */
  degraded(reason: string): void;
  /** Says the answer is a not-found told in a 200: cached only as long as a 404. */
  notFound(): void;
  /**
   * Draws one from the endpoint's `generations` budget, called just before a model is;
   * past the budget it throws the 429. Does nothing for an endpoint without one.
   */
  spendGeneration(): void | Promise<void>;
}

/**
 * What the frame lends an endpoint that needs the app itself: `/batch` dispatches its
 * sub-requests through every layer, exactly as direct calls, and must know which paths exist;
 * the self-description (`/openapi.json`, `/llms.txt`, `/`) reads the whole route table. It
 * lives here, beside the context that carries it, because it names the endpoints in turn.
 */
export interface FrameApi {
  /** Runs a request through the whole app (version prefix, limits, cache, route). */
  dispatch(request: Request, env: SleeveBindings): Promise<Response>;
  /** The endpoint answering `path` (canonical or alias, without version prefix), if any. */
  endpointAt(path: string): AnyEndpoint | undefined;
  /** The route table the app was built from: what `/openapi.json` and `/llms.txt` describe. */
  endpoints: readonly AnyEndpoint[];
}

type MaybePromise<T> = T | Promise<T>;

/** The methods an endpoint may take (HEAD follows GET, OPTIONS is the CORS layer's). */
export type Method = 'GET' | 'POST';

/** A request body's schema (`/batch`'s); the handler reads and checks the body itself. */
export type BodySchema = v.GenericSchema<any, any>;

export interface Endpoint<
  S extends ParamsSchema | undefined = any,
  A extends Answer = any,
  Path extends `/${string}` = `/${string}`,
  M extends Method = Method,
  B extends BodySchema | undefined = BodySchema | undefined,
> {
  /** The canonical path, e.g. `/track/hot`. Rate-limit buckets and cache keys use it. */
  path: Path;
  /** Other paths answering the same (`/hot-tracks` for `/track/hot`); they share bucket and cache. */
  aliases?: readonly `/${string}`[];
  /** Default GET. Kept in the type (like `path`, `params`, `body`) for the typed client. */
  method?: M;
  /** One line saying what it answers: the OpenAPI summary, the `/llms.txt` line. */
  summary: string;
  /** More, when a caller needs it: rules, defaults, how it fails. Markdown. */
  description?: string;
  /**
   * Rules no parameter's schema can state (which links `/resolve` reads, the headers a stream
   * needs), each published as a `Rule:` line after those of the query's own checks. No period.
   */
  rules?: readonly string[];
  /**
   * Listed by the self-description (`/openapi.json`, `/llms.txt`); default true. False only for
   * a path that is no operation of the API but a spelling of one sent on: `/docs/`, a redirect
   * to `/docs`. It is answered as declared all the same.
   */
  described?: boolean;
  /** D2: answered without a User-Agent (health, docs, images: an `<img>` sends no e-mail). */
  public?: boolean;
  /**
   * Polled by an operator's tools, not asked by clients: the probes, `/metrics`, the status
   * page and its feed. Their requests are told apart from clients' traffic (the request log,
   * the status page's figures). Default false.
   */
  monitoring?: boolean;
  /** D7: the release that added this path; older pins answer 404. Absent: always there. */
  since?: string;
  /** Whether `/batch` may carry it: false for images, streams and /batch itself. Default true for GET. */
  batchable?: boolean;
  /** Takes WebSocket handshakes; on every other endpoint a handshake is a 400. */
  websocket?: boolean;
  /** Requests per minute per client IP; absent means unlimited. */
  rateLimit?: number;
  /**
   * The hourly budget of model calls (D31: `/chat` 50 messages, `/ai/*` 10 fresh
   * generations), drawn by the handler's `spendGeneration()`, so cached answers never count.
   */
  generations?: GenerationBudget;
  /** How long the frame keeps the answer; absent means it is not cached but may be stored by clients. */
  cache?: CachePolicy;
  /**
   * Whether an upstream's failure can become this endpoint's answer (502, 503, 504), as
   * `/openapi.json` lists it. Default true; false for what the service answers alone, and for
   * `/healthz`, which reports failing upstreams in its own body.
   */
  upstream?: boolean;
  /**
   * The cache key part for these params, when the default (the validated params exactly as the
   * handler reads them, D58) is wrong for the endpoint: `/resolve`, keyed on the source, type and
   * id a link names (its answer echoes the platform's spelling of the link, never the caller's),
   * or `/track/hot`, whose answer also depends on the caller's edge country header. It must tell
   * apart every two requests the handler answers differently.
   */
  cacheKey?(params: ParamsOf<S>, request: RequestView, deps: Deps): string;
  /**
   * The request headers besides `Host` its answers depend on, sent as `Vary` on every answer
   * (D62; `Host` the frame adds itself when links come from it): `/track/hot`'s edge country
   * headers, `/`'s `Accept`. Asked once, when the frame is built.
   */
  vary?(deps: Pick<Deps, 'options'>): readonly string[];
  /**
   * Reads the query itself, for the rare endpoint whose callers write it their own way (the
   * cover proxy's chat-bot callers send raw `&` and `%`); default: the strict reader.
   */
  readQuery?(url: string): Record<string, string>;
  /** Valibot schema over the query record; its bounds and defaults are published too. */
  params?: S;
  /** The body a POST takes, for the docs and the client (the handler reads and checks it). */
  body?: B;
  /**
   * A working query for the docs' "try it", `/llms.txt`, the client tests and generated
   * clients: a value for every parameter (path ones too), which together, and the required
   * ones alone, answer 2xx in demo mode (or the 503 `not_configured` where only live mode
   * can answer). `/openapi.json` publishes each as its parameter's `example`.
   */
  example?: Readonly<Record<string, string>>;
  /** A working body, when the endpoint takes one: published as the request body's `example`, under the same rules. */
  bodyExample?: B extends v.GenericSchema<any, any> ? v.InferInput<B> : never;
  /** The 2xx answer: a strict JSON schema (checked on every answer in the tests) or a medium. */
  response: A;
  /**
   * The statuses a JSON answer is sent with, each with when, for the rare endpoint that
   * answers its body with more than a 200: `/healthz`'s 503. `/openapi.json` lists each with
   * the answer's schema. Absent: 200 alone.
   */
  statuses?: Readonly<Record<number, string>>;
  /** Returns the JSON body its `response` declares, or a whole Response (images, streams). */
  handle(ctx: EndpointContext<ParamsOf<S>>): MaybePromise<BodyOf<A> | Response>;
}

/** Any endpoint, as the route table holds them. */
export type AnyEndpoint = Endpoint<any, any, any, any, any>;

/**
 * Identity function that infers the path, the params, the answer, the method (GET when not
 * given) and the body, for typed handlers and the typed client.
 */
export function defineEndpoint<
  const Path extends `/${string}`,
  S extends ParamsSchema | undefined = undefined,
  A extends Answer = Answer,
  M extends Method = 'GET',
  B extends BodySchema | undefined = undefined,
>(endpoint: Endpoint<S, A, Path, M, B>): Endpoint<S, A, Path, M, B> {
  return endpoint;
}

/** Whether an answer is a described medium rather than a JSON schema. */
export function isMedia(answer: Answer): answer is MediaAnswer {
  return 'media' in answer && Array.isArray((answer as MediaAnswer).media);
}

/** What `/batch` may carry: what the endpoint says, else every GET. */
export function isBatchable(endpoint: AnyEndpoint): boolean {
  return endpoint.batchable ?? (endpoint.method ?? 'GET') === 'GET';
}

/** The declared paths of the endpoints operators' tools poll (`monitoring`), told apart by the log and the status page. */
export function monitoringPaths(endpoints: readonly AnyEndpoint[]): ReadonlySet<string> {
  return new Set(endpoints.filter((endpoint) => endpoint.monitoring).map((endpoint) => endpoint.path));
}

/** The declared paths of the endpoints whose answers the frame keeps (a `cache` other than `no-store`). */
export function cachedPaths(endpoints: readonly AnyEndpoint[]): string[] {
  return endpoints
    .filter((endpoint) => endpoint.cache !== undefined && endpoint.cache !== 'no-store')
    .map((e) => e.path);
}
