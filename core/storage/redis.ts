/**
 * @module
 * `SLEEVE_STORAGE=redis://…` through unstorage's Redis driver, loaded on first use: ioredis
 * is an optional peer dependency, so memory and fs users (and edge bundles) never load it.
 * The client is tuned to fail fast rather than queue: a dead Redis must cost a request at
 * most about a second (then the frame's breaker skips it), never hang it. It also behaves in a
 * serverless function: it connects on first use, gives a connection a second, keeps no process
 * alive by itself and never reconnects on a timer of its own.
 *
 * A failure is said with its cause (`redis 127.0.0.1:6379: connection refused (ECONNREFUSED)`),
 * where ioredis rejects every command with `Connection is closed.` once it gives up and says
 * why only in an `'error'` event.
 */
import type { Driver } from 'unstorage';
import { SleeveError } from '../errors.ts';
import { networkFailure } from '../utils/network-failure.ts';

const DRIVER_NAME = 'redis';

export interface RedisOptions {
  url: string;
  /** Key prefix, so one Redis can serve several things. */
  base?: string;
  /** Milliseconds before a command with no reply fails. */
  commandTimeout?: number;
  /** How unstorage's Redis driver (and ioredis with it) is loaded: a test stands in a missing package here. */
  loadModule?: () => Promise<RedisModule>;
}

type RedisModule = typeof import('unstorage/drivers/redis');

/** A Redis driver of Sleeve's says its failures in words (`worded`), for the counters that use its client directly. */
export interface WordedDriver extends Driver {
  worded(error: unknown): unknown;
}

/** Where a spec points, without its password: `127.0.0.1:6379`. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

/** The refusal of a Redis spec where ioredis is not installed; the spec's scheme, never its password. */
export function missingClient(url: string): string {
  return `SLEEVE_STORAGE=${url.startsWith('rediss:') ? 'rediss' : 'redis'}://… needs the ioredis package: npm install ioredis`;
}

/** How a module name is resolved without loading it: `import.meta.resolve`, where the runtime has it. */
export type Resolve = (specifier: string) => string;

/**
 * True when ioredis is surely not installed: resolving it, without loading it, found no such
 * package (Node, Bun and Deno resolve synchronously). Where the runtime cannot say (no
 * `import.meta.resolve`, as in an edge bundle, or another failure), false: the first use says
 * it then, as before. `createSleeve` refuses a Redis spec on it, as the servers' start-up does
 * (`preflight.ts`): made anyway, it would serve uncached and unlimited for good.
 */
export function redisClientMissing(resolve: Resolve | undefined = ownResolve(), from = import.meta.url): boolean {
  // A Bun single-file executable carries its packages inside it (its modules' URLs are under
  // `/$bunfs/`): none of them resolves from disk, and ioredis is among them.
  if (resolve === undefined || from.includes('/$bunfs/')) return false;
  try {
    resolve('ioredis');
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND';
  }
}

function ownResolve(): Resolve | undefined {
  const meta = import.meta as ImportMeta & { resolve?: Resolve };
  return typeof meta.resolve === 'function' ? (specifier) => meta.resolve!(specifier) : undefined;
}

/** Reconnections a client makes on its own after losing its connection, a moment apart: a blip is ridden out. */
const QUICK_RETRIES = 2;
const QUICK_RETRY_MS = 100;

/** The slice of an ioredis client the driver looks after. */
interface Client {
  on(event: string, listener: (...args: unknown[]) => void): void;
  stream?: { unref?(): void };
}

export default function redisDriver(options: RedisOptions): WordedDriver {
  let loaded: Promise<Driver> | undefined;
  const where = redisAddress(options.url);
  /** The last connection failure a client of this driver reported, what `Connection is closed.` stands for. */
  let failure: unknown;
  const worded = (error: unknown): unknown => {
    if (error instanceof SleeveError) return error;
    const said = error instanceof Error ? error.message : String(error);
    const closed = /Connection is closed|Stream isn't writeable|max retries per request/i.test(said);
    const words =
      closed && failure === undefined ? 'connection closed' : networkFailure(closed ? failure : error).words;
    return new SleeveError('internal_error', `redis ${where}: ${words}`, { cause: error });
  };
  const create = (module: RedisModule, self: Promise<Driver>): Driver => {
    const driver = module.default({
      url: options.url,
      base: options.base ?? 'sleeve',
      // Queue commands only while (re)connecting, give each one retry, then fail;
      // a command with no answer fails after commandTimeout.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeout ?? 1000,
      connectTimeout: 1000,
      // Past a blip the client gives up: no timer of its own retries every few
      // seconds in every instance and every function at once. The next call makes a new client,
      // and while the storage is down the breaker makes that call once per cool-down.
      retryStrategy: (times: number) => (times <= QUICK_RETRIES ? times * QUICK_RETRY_MS : null),
    });
    const client = driver.getInstance?.() as Client | undefined;
    // Without a listener ioredis prints every connection failure; the frame logs outages once,
    // with the cause kept here.
    client?.on('error', (error) => {
      failure = error;
    });
    // The socket never keeps a process alive on its own: a server's listener does, and a
    // function's process may end once it has answered. A command awaiting its reply holds the
    // event loop by its own timer (commandTimeout).
    client?.on('connect', () => {
      failure = undefined;
      client.stream?.unref?.();
    });
    client?.on('end', () => {
      if (loaded === self) loaded = undefined;
    });
    return driver;
  };
  const load = (): Promise<Driver> => {
    if (loaded) return loaded;
    const self: Promise<Driver> = (options.loadModule ?? (() => import('unstorage/drivers/redis')))().then(
      (module) => create(module, self),
      (cause: unknown) => {
        loaded = undefined;
        // not_configured: a server refuses to start on it (preflight.ts); a function logs it.
        throw new SleeveError('not_configured', `[sleeve] ${missingClient(options.url)}`, { cause });
      },
    );
    return (loaded = self);
  };
  /** One call on the loaded driver, its failure in words. */
  const call = async <T>(work: (driver: Driver) => T | Promise<T>): Promise<T> => {
    const driver = await load();
    try {
      return await work(driver);
    } catch (error) {
      throw worded(error);
    }
  };
  return {
    name: DRIVER_NAME,
    options,
    worded,
    getInstance: async () => (await load()).getInstance?.(),
    hasItem: (key, opts) => call((d) => d.hasItem(key, opts)),
    getItem: (key, opts) => call((d) => d.getItem(key, opts)),
    setItem: (key, value, opts) => call((d) => d.setItem?.(key, value, opts)),
    removeItem: (key, opts) => call((d) => d.removeItem?.(key, opts)),
    getKeys: (base, opts) => call((d) => d.getKeys(base, opts)),
    clear: (base, opts) => call((d) => d.clear?.(base, opts)),
    dispose: async () => (loaded ? (await load()).dispose?.() : undefined),
  };
}
