/**
 * @module
 * An answer that left something out because an upstream failed (a track without its audio
 * features, README "Live mode") is still worth sending, but not worth keeping: the cache layer
 * sends it `no-store` instead of holding the gap for the endpoint's whole lifetime.
 */
import type { Context } from 'hono';

const degraded = new WeakMap<Context, string>();

export function markDegraded(c: Context, reason: string): void {
  degraded.set(c, reason);
}

export function isDegraded(c: Context): boolean {
  return degraded.has(c);
}
