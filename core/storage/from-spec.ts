/**
 * @module
 * Turns a storage spec (`SLEEVE_STORAGE`, D1) into an unstorage instance. Core never picks a
 * backend on its own: the spec comes from options.
 */
import { createStorage, type Storage } from 'unstorage';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import lruCacheDriver from 'unstorage/drivers/lru-cache';
import { SleeveError } from '../errors.ts';

/**
 * The default in-memory store is bounded by total size so endless distinct queries cannot
 * grow memory without limit: 64 MiB of serialised values, least recently used evicted first.
 */
export const MEMORY_MAX_BYTES: number = 64 * 1024 * 1024;

export function storageFromSpec(spec: string): Storage {
  if (spec === 'memory') {
    return createStorage({
      driver: lruCacheDriver({
        maxSize: MEMORY_MAX_BYTES,
        sizeCalculation: (value: unknown) => (typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length) + 64,
      }),
    });
  }
  if (spec.startsWith('fs:') && spec.length > 3) {
    return createStorage({ driver: fsLiteDriver({ base: spec.slice(3) }) });
  }
  throw new SleeveError('bad_request', `unsupported storage "${spec}": use memory or fs:<dir>`);
}
