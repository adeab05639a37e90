/**
 * @module
 * The answer cache's entries and bytes, when the storage keeps them in this process: the
 * `memory` storage's LRU (`storage/memory.ts`) counts both as it evicts by them. Another
 * storage (Redis, files, KV) holds its own count: none is read here, and `/status` says so.
 */
import type { Storage } from '../storage/storage.ts';
import type { CacheFigures } from './metrics.ts';

/** What lru-cache exposes of its counts. */
interface CountedCache {
  size: number;
  calculatedSize: number;
}

const counted = (value: unknown): value is CountedCache =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CountedCache).size === 'number' &&
  typeof (value as CountedCache).calculatedSize === 'number';

/** Reads the in-process cache's figures each time it is called; undefined for a storage held elsewhere. */
export function cacheFigures(storage: Storage, limitBytes: number): () => CacheFigures | undefined {
  return () => {
    const instance = storage.getMount().driver.getInstance?.();
    return counted(instance) ? { entries: instance.size, bytes: instance.calculatedSize, limitBytes } : undefined;
  };
}
