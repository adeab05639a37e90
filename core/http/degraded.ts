/**
 * @module
 * An answer that left something out because an upstream failed (a track without its audio
 * features, docs/live-mode.md) is still worth sending, but not worth keeping: the cache layer
 * sends it `no-store` instead of holding the gap for the endpoint's whole lifetime.
 */
import type { Context } from 'hono';

const degraded = new WeakMap<Context, string>();
const shortened = new WeakMap<Context, number>();

export function markDegraded(c: Context, reason: string): void {
  degraded.set(c, reason);
}

export function isDegraded(c: Context): boolean {
  return degraded.has(c);
}

/**
 * An answer that says "not found" in a 200 (`/track/info`'s `{ found: false }`) is kept as
 * long as the cache keeps a not-found answer (5 minutes), not the endpoint's whole lifetime:
 * the upstream may know the track tomorrow.
 */
export function keepBriefly(c: Context, seconds: number): void {
  shortened.set(c, seconds);
}

export function briefLifetime(c: Context): number | undefined {
  return shortened.get(c);
}
