/**
 * @module
 * Turns a storage spec (`SLEEVE_STORAGE`, D1) into an unstorage instance. Core never picks a
 * backend on its own: the spec comes from options.
 */
import { createStorage, type Storage } from 'unstorage';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import { SleeveError } from '../errors.ts';
import { MEMORY_MAX_BYTES, memoryStorage } from './memory.ts';
import redisDriver from './redis.ts';
import denoKvDriver from './deno-kv.ts';

export function storageFromSpec(spec: string, maxBytes: number = MEMORY_MAX_BYTES): Storage {
  if (spec === 'memory') return memoryStorage(maxBytes);
  if (spec.startsWith('fs:') && spec.length > 3) {
    return createStorage({ driver: fsLiteDriver({ base: spec.slice(3) }) });
  }
  if (/^rediss?:\/\/./.test(spec)) {
    return createStorage({ driver: redisDriver({ url: spec }) });
  }
  if (spec === 'deno-kv' || (spec.startsWith('deno-kv:') && spec.length > 8)) {
    return createStorage({ driver: denoKvDriver({ path: spec.slice(8) || undefined }) });
  }
  throw new SleeveError(
    'bad_request',
    `unsupported storage "${spec}": use memory, fs:<dir>, redis://host:port, deno-kv or deno-kv:<path>`,
  );
}
