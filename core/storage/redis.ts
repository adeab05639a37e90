/**
 * @module
 * `SLEEVE_STORAGE=redis://…` through unstorage's Redis driver, loaded on first use: ioredis
 * is an optional peer dependency, so memory and fs users (and edge bundles) never load it.
 * The client is tuned to fail fast rather than queue: a dead Redis must cost a request at
 * most about a second (then the frame's breaker skips it), never hang it.
 */
import type { Driver } from 'unstorage';
import { SleeveError } from '../errors.ts';

export const DRIVER_NAME = 'redis';

export interface RedisOptions {
  url: string;
  /** Key prefix, so one Redis can serve several things. */
  base?: string;
  /** Milliseconds before a command with no reply fails. */
  commandTimeout?: number;
}

export default function redisDriver(options: RedisOptions): Driver {
  let loaded: Promise<Driver> | undefined;
  const create = (module: typeof import('unstorage/drivers/redis')): Driver => {
    const driver = module.default({
      url: options.url,
      base: options.base ?? 'sleeve',
      // Queue commands only while (re)connecting, give each one retry, then fail;
      // a command with no answer fails after commandTimeout.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeout ?? 1000,
      connectTimeout: 2000,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
    });
    const client = driver.getInstance?.() as { on?(event: string, listener: (error: unknown) => void): void } | undefined;
    // Without a listener ioredis prints every reconnect failure; the frame logs outages once.
    // Attached here, once per client: every storage call goes through `load`.
    client?.on?.('error', () => {});
    return driver;
  };
  const load = () =>
    (loaded ??= import('unstorage/drivers/redis').then(create, (cause: unknown) => {
      loaded = undefined;
      throw new SleeveError('internal_error', '[sleeve] [redis] SLEEVE_STORAGE=redis://… needs the ioredis package: npm install ioredis', { cause });
    }));
  return {
    name: DRIVER_NAME,
    options,
    getInstance: async () => (await load()).getInstance?.(),
    hasItem: async (key, opts) => (await load()).hasItem(key, opts),
    getItem: async (key, opts) => (await load()).getItem(key, opts),
    setItem: async (key, value, opts) => (await load()).setItem?.(key, value, opts),
    removeItem: async (key, opts) => (await load()).removeItem?.(key, opts),
    getKeys: async (base, opts) => (await load()).getKeys(base, opts),
    clear: async (base, opts) => (await load()).clear?.(base, opts),
    dispose: async () => (loaded ? (await load()).dispose?.() : undefined),
  };
}
