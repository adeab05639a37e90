/**
 * @module
 * What the frame keeps on a request, in one place. The adapter's connection facts and the
 * version chosen by the prefix travel as Hono `env` (bindings), so they survive the frame's
 * own re-dispatch (version prefix, batch) and work the same under `mount` and `route`.
 */
import type { Context } from 'hono';
import { CURRENT, findVersion, type VersionInfo } from './versions.ts';

export interface SleeveBindings {
  /** The socket's remote address, from the adapter (`ConnInfo`). */
  clientIp?: string;
  /** Set by the version prefix (D7); absent means the current version. */
  sleeveVersion?: string;
}

export function bindings(c: Context): SleeveBindings {
  return (c.env ?? {}) as SleeveBindings;
}

/** The version this request is answered as. */
export function versionOf(c: Context): VersionInfo {
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
