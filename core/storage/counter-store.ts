/**
 * @module
 * What a rate limit and an upstream budget count with: a fixed-window counter, one
 * hit at a time. Its stores are in `counters.ts` (in process, Redis), `deno-kv-counters.ts` and
 * the Workers adapter's Durable Object.
 */

export interface Hit {
  /** Requests counted in this window, this one included. */
  count: number;
  /** Unix milliseconds when the window ends. */
  resetAt: number;
}

export interface CounterStore {
  /** Counts one request under `key` in the window holding `now`. */
  hit(key: string, now: number, windowMs: number): Hit | Promise<Hit>;
  /** True for the in-process store (`MemoryCounters`). */
  readonly inProcess?: boolean;
}
