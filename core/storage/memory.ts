/**
 * @module
 * `SLEEVE_STORAGE=memory`, the default: this process's own cache, bounded. Apart from the
 * other specs so a Worker, which keeps no other, bundles none of them (D47).
 */
import { createStorage, type Storage } from 'unstorage';
import lruCacheDriver from 'unstorage/drivers/lru-cache';
import { cacheBytes, stringHeapBytes } from './cache-bound.ts';

/**
 * The default in-memory store is bounded so endless distinct queries cannot grow memory
 * without limit: `SLEEVE_CACHE_MB` (64 MiB by default) of keys and values counted as the heap
 * holds them, and at most 100,000 entries, least recently used evicted first. (The unstorage
 * driver would otherwise cap it at 1,000 entries, too few for a cache of search answers.)
 */
export const MEMORY_MAX_BYTES: number = cacheBytes().answers;
export const MEMORY_MAX_ENTRIES: number = 100_000;
/**
 * What an entry costs beside its key and value: its Map entry, its slots in lru-cache's arrays
 * and unstorage's own (measured with a forced GC: 100,000 cached empty upstream answers hold
 * 70 bytes each more than their two strings; rounded up for the collector's room).
 */
const MEMORY_ENTRY_BYTES = 128;

const valueBytes = (value: unknown): number =>
  typeof value === 'string'
    ? stringHeapBytes(value)
    : value instanceof Uint8Array
      ? value.byteLength
      : stringHeapBytes(JSON.stringify(value ?? null));

export function memoryStorage(maxBytes: number = MEMORY_MAX_BYTES): Storage {
  return createStorage({
    driver: lruCacheDriver({
      max: MEMORY_MAX_ENTRIES,
      maxSize: maxBytes,
      sizeCalculation: (value: unknown, key: string) => stringHeapBytes(key) + valueBytes(value) + MEMORY_ENTRY_BYTES,
    }),
  });
}
