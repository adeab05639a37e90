/**
 * @module
 * Turns a storage spec (`SLEEVE_STORAGE`) into an unstorage instance. Core never picks a
 * backend on its own: the spec comes from options.
 */
import { createStorage, type Storage } from 'unstorage';
import { SleeveError } from '../errors.ts';
import { MEMORY_MAX_BYTES, memoryStorage } from './memory.ts';
import { fsStorage, type FsStorageOptions } from './fs-storage.ts';
import redisDriver, { missingClient, redisClientMissing, type Resolve } from './redis.ts';
import denoKvDriver, { hasDenoKv } from './deno-kv.ts';

/**
 * @param maxBytes the `memory` storage's bound (`SLEEVE_CACHE_MB`)
 * @param disk the `fs:` storage's bound (`SLEEVE_FS_MB`) and the clock its lifetimes run on
 * @param resolve how a package is looked for without loading it (tests stand in a missing ioredis)
 */
export function storageFromSpec(
  spec: string,
  maxBytes: number = MEMORY_MAX_BYTES,
  disk: Omit<FsStorageOptions, 'base'> = {},
  { resolve }: { resolve?: Resolve } = {},
): Storage {
  if (spec === 'memory') return memoryStorage(maxBytes);
  if (spec.startsWith('fs:') && spec.length > 3) return fsStorage({ ...disk, base: spec.slice(3) });
  if (/^rediss?:\/\/./.test(spec)) {
    // Refused now, with the install command the servers' start-up names (preflight.ts): made
    // anyway, it would serve uncached and unlimited until a package appears that never will.
    if (redisClientMissing(resolve)) throw new SleeveError('not_configured', missingClient(spec));
    return createStorage({ driver: redisDriver({ url: spec }) });
  }
  if (spec === 'deno-kv' || (spec.startsWith('deno-kv:') && spec.length > 8)) {
    // Refused here, where a misspelt spec is: made anyway, the database would fail to open on
    // every use, and Sleeve would serve uncached and unlimited behind an outage with no end.
    if (!hasDenoKv()) {
      throw new SleeveError(
        'not_configured',
        `storage "${said(spec)}" needs Deno KV (openKv): run it under Deno with --unstable-kv, or on Deno Deploy; elsewhere use memory, fs:<dir> or redis://host:port`,
      );
    }
    return createStorage({ driver: denoKvDriver({ path: spec.slice(8) || undefined }) });
  }
  throw new SleeveError(
    'bad_request',
    `unsupported storage "${said(spec)}": use memory, fs:<dir>, redis://host:port, deno-kv or deno-kv:<path>`,
  );
}

/** A spec as an error says it: a URL's user and password never printed (D61), `mysql://***@db`. */
const said = (spec: string): string => spec.replace(/\/\/[^/?#@\s]*@/g, '//***@');
