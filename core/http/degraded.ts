/**
 * @module
 * What a route says of its answer that the cache layer reads, as the request's context variables
 * (typed in `context.ts`): an answer that left something out because an upstream failed (a track
 * without its audio features, docs/live-mode.md) is still worth sending, but not worth keeping,
 * so the cache layer sends it `no-store` instead of holding the gap for the endpoint's whole
 * lifetime; and an answer that says "not found" in a 200 is kept only briefly.
 */
import type { Context } from 'hono';
import type { SleeveEnv } from './context.ts';

export function markDegraded(c: Context<SleeveEnv>, reason: string): void {
  c.set('sleeve.degraded', reason);
}

export function isDegraded(c: Context<SleeveEnv>): boolean {
  return c.get('sleeve.degraded') !== undefined;
}

/**
 * An answer that says "not found" in a 200 (`/track/info`'s `{ found: false }`) is kept as
 * long as the cache keeps a not-found answer (5 minutes), not the endpoint's whole lifetime:
 * the upstream may know the track tomorrow.
 */
export function keepBriefly(c: Context<SleeveEnv>, seconds: number): void {
  c.set('sleeve.brief', seconds);
}

export function briefLifetime(c: Context<SleeveEnv>): number | undefined {
  return c.get('sleeve.brief');
}
