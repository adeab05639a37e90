/**
 * @module
 * What the frame keeps on a request, in one place. The adapter's connection facts travel as
 * Hono `env` (bindings), untouched: under Bun `env` may be the shared server object, and the
 * Node WebSocket upgrade writes its handshake state into the very `env` it was given. The
 * version a prefix route chose is a context variable; a `/batch` sub-request, dispatched
 * through the app with no prefix of its own, carries the batch's version in a fresh `env`.
 */
import type { Context } from 'hono';
import type { RequestScope } from '../drivers/kit/index.ts';
import type { RequestTrace } from './request-trace.ts';
import { CURRENT, findVersion, type VersionInfo } from './versions.ts';

export interface SleeveBindings {
  /** The socket's remote address, from the adapter (`ConnInfo`). */
  clientIp?: string;
  /** The version of a `/batch` sub-request's batch; absent means the current version. */
  sleeveVersion?: string;
  /** A `/batch` sub-request's batch: its id and upstream tally. */
  sleeveBatch?: RequestTrace;
  /**
   * A rerun's scope (a cache refresh or a deferred answer, `cache/rerun.ts`), made before it
   * runs: its route runs the rerun's shorter list under it.
   */
  sleeveRerun?: RequestScope;
  /** The adapter's hold on work that outlives the answer (`ConnInfo.waitUntil`, a Worker's `ctx.waitUntil`). */
  waitUntil?(work: Promise<unknown>): void;
}

/**
 * What the frame's layers leave on a request for the later ones: each key set by one layer and
 * read only by the layers after it (a test holds this). What a step says back to the layers
 * above it is the result of their `next()` (`outcome.ts`), never a variable.
 */
interface SleeveVariables {
  /** The request's scope (`kit/scope.ts`), made by the first layer (`layers/scope.ts`) for every later step. */
  'sleeve.scope': RequestScope;
  /** The request's id and its log line's tally (`request-trace.ts`), set by the observer. */
  'sleeve.trace'?: RequestTrace;
  /** The version a prefix route chose; absent on a bare path. */
  'sleeve.version'?: VersionInfo;
  /** The validated parameters (`core/http/layers/params.ts`). */
  'sleeve.params': unknown;
  /** Headers the layers give this request's answer, gathered before it is built (`addHeaders`). */
  'sleeve.headers'?: Readonly<Record<string, string>>[];
}

/** Hono's environment for every Sleeve route and layer, so none needs a cast. */
export interface SleeveEnv {
  // Absent when an embedder calls `fetch(request)` alone; `bindings(c)` reads it safely. Not
  // `| undefined` here: Hono's `Env` wants an object, which a project with
  // `exactOptionalPropertyTypes` (tsc --init's default) holds Sleeve's declarations to.
  Bindings: SleeveBindings;
  Variables: SleeveVariables;
}

/** Records the version a prefix route (`/v2.5.0/…`, `/current/…`) answers as. */
export function setVersion(c: Context<SleeveEnv>, version: VersionInfo): void {
  c.set('sleeve.version', version);
}

export function bindings(c: Context<SleeveEnv>): SleeveBindings {
  return (c.env as SleeveBindings | undefined) ?? {};
}

/** The version this request is answered as. */
export function versionOf(c: Context<SleeveEnv>): VersionInfo {
  const chosen = c.get('sleeve.version');
  if (chosen !== undefined) return chosen;
  const label = bindings(c).sleeveVersion;
  return label === undefined ? CURRENT : (findVersion(label) ?? CURRENT);
}

/**
 * Replaces the response without Hono's header merge: `c.res = x` copies the old response's
 * headers onto the new one, which is wrong when the old one is an error we are dropping.
 */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response;
  c.res = res;
}

/**
 * Gives this request's answer some headers (CORS, rate limit, request id), before it exists.
 * Whoever builds the answer (a cache hit, a route's JSON, an error) spreads them into the one
 * plain object it builds the Response with. Setting headers on a finished Response instead
 * makes the Node server rebuild a full `Headers`, validate and sort it, and convert it back:
 * the largest cost of a cache hit, as measured.
 */
export function addHeaders(c: Context<SleeveEnv>, headers: Readonly<Record<string, string>>): void {
  // Kept by reference (the layers' objects are theirs and never change once given): copied
  // once, into the answer's own object, by `withGathered`.
  const gathered = c.get('sleeve.headers');
  if (gathered === undefined) c.set('sleeve.headers', [headers]);
  else gathered.push(headers);
}

/** One new object: the headers gathered for this request's answer, then `own` (which wins). */
export function withGathered(c: Context<SleeveEnv>, own?: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  const gathered = c.get('sleeve.headers');
  if (gathered !== undefined) for (const part of gathered) for (const name in part) out[name] = part[name]!;
  if (own !== undefined) for (const name in own) out[name] = own[name]!;
  return out;
}

/** For an answer built by a route itself (an image, a stream): the gathered headers go on it after all. */
export function applyGathered(c: Context<SleeveEnv>): void {
  if (c.get('sleeve.headers') !== undefined) setHeaders(c, withGathered(c));
}

/** Sets headers on the response, copying it first when its headers are immutable (a proxied fetch). */
export function setHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  let target = c.res.headers;
  try {
    for (const name in headers) target.set(name, headers[name]!);
  } catch {
    replaceResponse(c, new Response(c.res.body, c.res));
    target = c.res.headers;
    for (const name in headers) target.set(name, headers[name]!);
  }
}
