/**
 * @module
 * What the frame keeps on a request, in one place. The adapter's connection facts travel as
 * Hono `env` (bindings), untouched: under Bun `env` may be the shared server object, and the
 * Node WebSocket upgrade writes its handshake state into the very `env` it was given. The
 * version a prefix route chose is a context variable; a `/batch` sub-request, dispatched
 * through the app with no prefix of its own, carries the batch's version in a fresh `env`.
 */
import type { Context } from 'hono';
import type { RequestTrace } from './request-trace.ts';
import { CURRENT, findVersion, type VersionInfo } from './versions.ts';

export interface SleeveBindings {
  /** The socket's remote address, from the adapter (`ConnInfo`). */
  clientIp?: string;
  /** The version of a `/batch` sub-request's batch (D6, D7); absent means the current version. */
  sleeveVersion?: string;
  /** A `/batch` sub-request's batch: its id and upstream tally (D20). */
  sleeveBatch?: RequestTrace;
}

/** What the frame's layers leave on a request for the later ones. */
export interface SleeveVariables {
  /** The version a prefix route chose; absent on a bare path. */
  'sleeve.version'?: VersionInfo;
  /** The validated parameters (`core/http/params.ts`). */
  'sleeve.params': unknown;
}

/** Hono's environment for every Sleeve route and layer, so none needs a cast. */
export interface SleeveEnv {
  Bindings: SleeveBindings | undefined;
  Variables: SleeveVariables;
}

/** Records the version a prefix route (`/v2.5.0/…`, `/current/…`) answers as. */
export function setVersion(c: Context<SleeveEnv>, version: VersionInfo): void {
  c.set('sleeve.version', version);
}

export function bindings(c: Context<SleeveEnv>): SleeveBindings {
  return c.env ?? {};
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
