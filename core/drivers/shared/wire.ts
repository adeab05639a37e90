/**
 * @module
 * Every driver maps its upstream's JSON with small pure functions that throw `WireError` on a
 * shape the upstream does not document; `decoded` turns that into `502 upstream_error` naming
 * the driver, so an upstream's surprise is never a 500 of ours.
 */
import { upstreamError } from '../../errors.ts';

export class WireError extends Error {
  override readonly name = 'WireError';
}

export function decoded<T>(driver: string, body: unknown, decode: (body: unknown) => T): T {
  try {
    return decode(body);
  } catch (cause) {
    if (cause instanceof WireError)
      throw upstreamError(driver, `answered an unexpected shape: ${cause.message}`, 'upstream_error', cause);
    throw cause;
  }
}

/** Whether a JSON value is an object with fields (not null, not an array): the first check of most shapes. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
