/**
 * @module
 * Turns a storage spec (`SLEEVE_STORAGE`, D1) into an unstorage instance. Core never picks a
 * backend on its own: the spec comes from options.
 */
import { createStorage, type Storage } from 'unstorage';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import lruCacheDriver from 'unstorage/drivers/lru-cache';
import { SleeveError } from '../errors.ts';
import redisDriver from './redis.ts';

/**
 * The default in-memory store is bounded so endless distinct queries cannot grow memory
 * without limit: 64 MiB of serialised keys and values (plus a 64-byte allowance per entry)
 * and at most 100,000 entries, least recently used evicted first. (The unstorage driver
 * would otherwise cap it at 1,000 entries, too few for a cache of search answers.)
 */
export const MEMORY_MAX_BYTES: number = 64 * 1024 * 1024;
export const MEMORY_MAX_ENTRIES: number = 100_000;

export function storageFromSpec(spec: string): Storage {
  if (spec === 'memory') {
    return createStorage({
      driver: lruCacheDriver({
        max: MEMORY_MAX_ENTRIES,
        maxSize: MEMORY_MAX_BYTES,
        sizeCalculation: (value: unknown, key: string) =>
          key.length + (typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length) + 64,
      }),
    });
  }
  if (spec.startsWith('fs:') && spec.length > 3) {
    return createStorage({ driver: fsLiteDriver({ base: spec.slice(3) }) });
  }
  if (/^rediss?:\/\/./.test(spec)) {
    return createStorage({ driver: redisDriver({ url: spec }) });
  }
  throw new SleeveError('bad_request', `unsupported storage "${spec}": use memory, fs:<dir> or redis://host:port`);
}
