/**
 * @module
 * The client's shape, computed from the route table's types alone (`RouteTable`): one branch
 * per path segment, as Hono's `hc` builds it, and at each declared path its methods, `$get`
 * for a GET endpoint and `$post` for a POST one. Parameters come from the declaration's
 * params schema (its input: what a caller writes), answers from its response schema (its
 * output), so a declaration changed on the server changes the client's types with it.
 * Everything here is a type: nothing of the server reaches the client's runtime.
 */
import type * as v from 'valibot';
import type { AnyEndpoint, BodyOf } from '../core/http/endpoint.ts';

/**
 * What the client reads of an endpoint's declaration. A server's own route table fits, and so
 * does `route-table.ts`, the same types written out for JSR (no inferred types in an API).
 */
export type RouteType = Pick<AnyEndpoint, 'path' | 'method' | 'params' | 'body' | 'response'>;

/** A query value as a caller may give it: numbers and booleans are sent as their text. */
export type QueryValue = string | number | boolean;

/** What every call takes besides its parameters. */
export interface CallOptions {
  /** Aborts the request; the call then rejects with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
  /** Headers for this call only, e.g. `Accept: text/event-stream` for `/nowplaying/socket`. */
  headers?: HeadersInit;
}

type Prettify<T> = { [K in keyof T]: T[K] } & {};

/** The keys a caller must give: those whose input type does not admit `undefined`. */
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/**
 * A schema's input value as a query value: a plain string widens to any `QueryValue` (it is
 * sent as text and checked by the server), a set of literals (`type=album|single|…`) stays.
 */
type Widen<T> = T extends string ? (string extends T ? QueryValue : T) : QueryValue;

/**
 * A parameter's value as the declaration reads it: a number where the schema makes one of the
 * text (`limit`, `id`: its output), so `limit: 'ten'` is a type error rather than a 400; a
 * boolean likewise; else its input, widened.
 */
type ValueOf<I, O> = [NonNullable<O>] extends [never]
  ? Widen<I>
  : [NonNullable<O>] extends [number]
    ? number
    : [NonNullable<O>] extends [boolean]
      ? boolean
      : Widen<I>;

/** An optional schema's input (the declaration's `params?` and `body?` admit undefined); none: `{}`. */
type SchemaInput<S> = [NonNullable<S>] extends [never]
  ? {}
  : NonNullable<S> extends v.GenericSchema<infer I, any>
    ? I
    : {};

/** An optional schema's output, as `SchemaInput`. */
type SchemaOutput<S> = [NonNullable<S>] extends [never]
  ? {}
  : NonNullable<S> extends v.GenericSchema<any, infer O>
    ? O
    : {};

/** The output's value at a key of the input (a key the output lacks: never, so the input's, widened). */
type At<O, K> = K extends keyof O ? O[K] : never;

/** The query a params schema takes: required keys required, the others optional. */
type QueryOf<S> =
  SchemaInput<S> extends infer I
    ? SchemaOutput<S> extends infer O
      ? { [K in RequiredKeys<I>]: ValueOf<I[K], At<O, K>> } & {
          [K in Exclude<keyof I, RequiredKeys<I>>]?: ValueOf<Exclude<I[K], undefined>, At<O, K>>;
        }
      : never
    : never;

/** The `:name` segments of a path, e.g. `kind | file` for `/media/images/:kind/:file`. */
type PathParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Name}`
    ? Name
    : never;

/** Path parameters go in `param`, as in `hc`: `{ param: { kind: 'genre', file: '1.svg' } }`. */
type PathParamsOf<P extends string> = [PathParamNames<P>] extends [never]
  ? {}
  : { param: { [K in PathParamNames<P>]: QueryValue } };

/** The one argument of a GET call: its query, plus `param` when its path has parameters. */
export type ParamsFor<E extends RouteType> = Prettify<QueryOf<E['params']> & PathParamsOf<E['path']>>;

/** The argument may be left out when nothing in it is required. */
type ArgsFor<T, Rest extends unknown[]> = [RequiredKeys<T>] extends [never]
  ? [params?: T, ...Rest]
  : [params: T, ...Rest];

/** What a call resolves to: the declared JSON body, or the whole `Response` for a medium. */
export type AnswerOf<E extends RouteType> = BodyOf<E['response']>;

/** The JSON body a POST takes, as its schema's input. */
export type BodyFor<E extends RouteType> = [NonNullable<E['body']>] extends [never]
  ? undefined
  : SchemaInput<E['body']>;

export interface GetMethods<E extends RouteType> {
  /** `GET` the path; rejects with a `SleeveApiError` on an error answer. */
  $get(...args: ArgsFor<ParamsFor<E>, [options?: CallOptions]>): Promise<AnswerOf<E>>;
  /** The URL `$get` would fetch, e.g. for an `<img src>` or `<audio src>` (images and previews need no User-Agent). */
  $url(...args: ArgsFor<ParamsFor<E>, []>): URL;
}

export interface PostMethods<E extends RouteType> {
  /** `POST` the body as JSON; rejects with a `SleeveApiError` on an error answer. */
  $post(body: BodyFor<E>, options?: CallOptions): Promise<AnswerOf<E>>;
}

type Get<U> = Extract<U, RouteType & { method?: 'GET' }>;
type Post<U> = Extract<U, RouteType & { method?: 'POST' }>;

/** The methods of the endpoints declared at one path (a path could have a GET and a POST). */
type MethodsOf<U> = ([Get<U>] extends [never] ? {} : GetMethods<Get<U>>) &
  ([Post<U>] extends [never] ? {} : PostMethods<Post<U>>);

/** The endpoints by their canonical path (aliases are the server's business, not the client's). */
type ByPath<E extends readonly RouteType[]> = { [X in E[number] as X['path']]: X };

/** The next segment after `Prefix` of every path that continues it. */
type NextSegment<Path, Prefix extends string> = Path extends `${Prefix}/${infer Rest}`
  ? Rest extends `${infer Head}/${string}`
    ? Head
    : Rest
  : never;

/** The methods declared at `Prefix` itself. */
type Here<R, Prefix extends string> = Prefix extends keyof R ? MethodsOf<R[Prefix]> : {};

/** The client below `Prefix`: the methods declared there, and one branch per next segment. */
type Branch<R, Prefix extends string> = {
  [K in keyof Here<R, Prefix> | Exclude<NextSegment<keyof R, Prefix>, ''>]: K extends keyof Here<R, Prefix>
    ? Here<R, Prefix>[K]
    : K extends string
      ? Branch<R, `${Prefix}/${K}`>
      : never;
};

/** `/` itself is `client.index`, as in `hc`. */
type Root<R> = '/' extends keyof R ? { index: MethodsOf<R['/']> } : {};

/** The client for a route table: a path not declared, or a method it does not take, is a type error. */
export type ClientOf<E extends readonly RouteType[]> = Branch<ByPath<E>, ''> & Root<ByPath<E>>;
