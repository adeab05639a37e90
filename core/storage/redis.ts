/**
 * @module
 * `SLEEVE_STORAGE=redis://…` through unstorage's Redis driver, loaded on first use: ioredis
 * is an optional peer dependency, so memory and fs users (and edge bundles) never load it.
 * The client is tuned to fail fast rather than queue: a dead Redis must cost a request at
 * most about a second (then the frame's breaker skips it), never hang it. It also behaves in a
 * serverless function (issue #22): it connects on first use, gives a connection a second,
 * keeps no process alive by itself and never reconnects on a timer of its own.
 */
import type { Driver } from 'unstorage';
import { SleeveError } from '../errors.ts';

const DRIVER_NAME = 'redis';

export interface RedisOptions {
  url: string;
  /** Key prefix, so one Redis can serve several things. */
  base?: string;
  /** Milliseconds before a command with no reply fails. */
  commandTimeout?: number;
}

/** Reconnections a client makes on its own after losing its connection, a moment apart: a blip is ridden out. */
const QUICK_RETRIES = 2;
const QUICK_RETRY_MS = 100;

/** The slice of an ioredis client the driver looks after. */
interface Client {
  on(event: string, listener: (...args: unknown[]) => void): void;
  stream?: { unref?(): void };
}

export default function redisDriver(options: RedisOptions): Driver {
  let loaded: Promise<Driver> | undefined;
  const create = (module: typeof import('unstorage/drivers/redis'), self: Promise<Driver>): Driver => {
    const driver = module.default({
      url: options.url,
      base: options.base ?? 'sleeve',
      // Queue commands only while (re)connecting, give each one retry, then fail;
      // a command with no answer fails after commandTimeout.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeout ?? 1000,
      connectTimeout: 1000,
      // Past a blip the client gives up (issue #22): no timer of its own retries every few
      // seconds in every instance and every function at once. The next call makes a new client,
      // and while the storage is down the breaker makes that call once per cool-down.
      retryStrategy: (times: number) => (times <= QUICK_RETRIES ? times * QUICK_RETRY_MS : null),
    });
    const client = driver.getInstance?.() as Client | undefined;
    // Without a listener ioredis prints every connection failure; the frame logs outages once.
    client?.on('error', () => {});
    // The socket never keeps a process alive on its own: a server's listener does, and a
    // function's process may end once it has answered. A command awaiting its reply holds the
    // event loop by its own timer (commandTimeout).
    client?.on('connect', () => client.stream?.unref?.());
    client?.on('end', () => {
      if (loaded === self) loaded = undefined;
    });
    return driver;
  };
  const load = (): Promise<Driver> => {
    if (loaded) return loaded;
    const self: Promise<Driver> = import('unstorage/drivers/redis').then(
      (module) => create(module, self),
      (cause: unknown) => {
        loaded = undefined;
        throw new SleeveError(
          'internal_error',
          '[sleeve] [redis] SLEEVE_STORAGE=redis://… needs the ioredis package: npm install ioredis',
          { cause },
        );
      },
    );
    return (loaded = self);
  };
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
