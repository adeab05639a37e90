/**
 * @module
 * The one bound on what a process caches in its own memory (`SLEEVE_CACHE_MB`, option
 * `cacheMb`), and how it is shared out: the answer cache of the `memory` storage takes the
 * whole figure; the pictures fetched from Deezer half of it and the drawn PNG cards a
 * quarter, since each is held as bytes outside the JavaScript heap and the adapters size the
 * runtime's heap and the container from the sum (`adapters/launch/memory-plan.ts`). With the default
 * of 64 these are the 64, 32 and 16 MiB Sleeve always had.
 */

export const DEFAULT_CACHE_MB = 64;
/** Fewer than this and the cache holds too few answers to be worth its bookkeeping. */
export const MIN_CACHE_MB = 1;
export const MAX_CACHE_MB = 65_536;

export interface CacheBytes {
  /** Cached answers and upstream entities in the `memory` storage, counted as the heap holds them. */
  answers: number;
  /** Deezer's pictures (live mode), held as bytes. */
  images: number;
  /** Drawn PNG cards, held as bytes. */
  cards: number;
}

const MIB = 1024 * 1024;

export function cacheBytes(cacheMb: number = DEFAULT_CACHE_MB): CacheBytes {
  return { answers: cacheMb * MIB, images: (cacheMb * MIB) / 2, cards: (cacheMb * MIB) / 4 };
}

/**
 * What a string costs in V8's and JavaScriptCore's heaps: a header of about 16 bytes, then one
 * byte a character while every character fits Latin-1, two once one does not. Counting
 * `.length` alone undercounts any name with a character past U+00FF by half.
 */
export function stringHeapBytes(s: string): number {
  return 16 + (/[^\u0000-\u00ff]/.test(s) ? 2 * s.length : s.length);
}
