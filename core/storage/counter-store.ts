/**
 * @module
 * What a rate limit and an upstream budget count with: a fixed-window counter, one
 * request at a time. Its stores are in `counters.ts` (in process, Redis), `deno-kv-counters.ts` and
 * the Workers adapter's Durable Object.
 */

/** A key's count in its window, as counting one more request left it. */
export interface WindowCount {
  /** Requests counted in this window, this one included. */
  count: number;
  /** Unix milliseconds when the window ends. */
  resetAt: number;
}

export interface CounterStore {
  /**
   * Counts one request under `key` in the window holding `now`. Named `hit` before the words
   * settled (a hit is the frame's cache hit now); stores embedders wrote implement it, so it stays.
   */
  hit(key: string, now: number, windowMs: number): WindowCount | Promise<WindowCount>;
  /** True for the in-process store (`MemoryCounters`). */
  readonly inProcess?: boolean;
}
