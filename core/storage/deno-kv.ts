/**
 * @module
 * `SLEEVE_STORAGE=deno-kv` (the default database: on Deno Deploy, the project's own, shared by
 * its instances) or `deno-kv:<path>` (a local SQLite file), through unstorage's Deno KV driver,
 * loaded on first use: only Deno has `Deno.openKv`, so nothing else loads it (D48).
 *
 * Deno KV keeps a value of at most 64 KiB. A larger answer is kept gzip'd (marked by a prefix
 * no JSON text begins with) and undone when read; one still too large once gzip'd is not kept:
 * it is served all the same, and the next request asks the upstream again (said once in the log).
 */
import type { Driver } from 'unstorage';
import { SleeveError } from '../errors.ts';

const DRIVER_NAME = 'deno-kv';
/** What marks a gzip'd value: a control character no JSON text starts with. */
const PACKED = '\u0001gz:';
/** Above this many characters a value may pass 64 KiB as Deno KV serialises it (two bytes a character at worst). */
const PLAIN_CHARS = 30_000;
/** Deno KV's limit on a value, less room for its own framing. */
const MAX_BYTES = 65_000;

async function gzipBase64(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function gunzipBase64(packed: string): Promise<string> {
  const binary = atob(packed);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

/**
 * How long one Deno KV call may take before it fails: nothing in Deno KV bounds a call, and an
 * answer that never comes would hold its request for good. Failed, the breaker skips the storage,
 * as for a Redis command with no reply after 1 s; this leaves room for a write that
 * crosses regions to Deploy's primary.
 */
export const KV_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`[sleeve] [deno-kv] no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * One Deno KV call, bounded in time (`timeoutMs`), and made again while the database is locked
 * by another process: a local database file is SQLite, whose writer two `deno serve` processes
 * take in turn ("database is locked"); Deno Deploy's own database has no such error. Bounded:
 * past `tries`, the error is the caller's; any other error is at once.
 */
export async function kvCall<T>(work: () => Promise<T>, tries = 50, timeoutMs: number = KV_TIMEOUT_MS): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await within(work(), timeoutMs);
    } catch (error) {
      if (i >= tries || !(error instanceof Error && /database is locked|busy/i.test(error.message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * i));
    }
  }
}

/** True where Deno KV can be opened: Deno run with `--unstable-kv`, and Deno Deploy. */
export function hasDenoKv(): boolean {
  return typeof (globalThis as { Deno?: { openKv?: unknown } }).Deno?.openKv === 'function';
}

export interface DenoKvOptions {
  /** The database file; absent: Deno's default database (Deno Deploy's own). */
  path?: string;
}

export default function denoKvDriver(options: DenoKvOptions = {}): Driver {
  let loaded: Promise<Driver> | undefined;
  let toldTooLarge = false;
  // The database is opened at once, and again while another process holds it locked (the
  // driver keeps a failed open for good, so each try is a driver of its own).
  const open = async (): Promise<Driver> => {
    const { default: driverOf } = await import('unstorage/drivers/deno-kv');
    return kvCall(async () => {
      const driver = driverOf({ base: 'sleeve', path: options.path });
      await driver.getInstance?.();
      return driver;
    });
  };
  const load = (): Promise<Driver> =>
    (loaded ??= open().catch((cause: unknown) => {
      loaded = undefined;
      throw new SleeveError('internal_error', '[sleeve] [deno-kv] cannot open the database', { cause });
    }));
  /** A call on the open database, bounded (the opening is bounded on its own). */
  const call = async <T>(work: (driver: Driver) => T | Promise<T>): Promise<T> => {
    const driver = await load();
    return kvCall(async () => work(driver));
  };
  const unpacked = (value: unknown) =>
    typeof value === 'string' && value.startsWith(PACKED) ? gunzipBase64(value.slice(PACKED.length)) : value;
  return {
    name: DRIVER_NAME,
    options,
    getInstance: async () => (await load()).getInstance?.(),
    hasItem: (key, opts) => call((driver) => driver.hasItem(key, opts)),
    getItem: async (key, opts) => unpacked(await call((driver) => driver.getItem(key, opts))),
    async setItem(key, value, opts) {
      let kept = value;
      if (value.length > PLAIN_CHARS) kept = PACKED + (await gzipBase64(value));
      if (kept.length > MAX_BYTES) {
        if (!toldTooLarge) console.error(`[sleeve] [deno-kv] an answer over 64 KiB even gzip'd is not kept (${key})`);
        toldTooLarge = true;
        return;
      }
      await call((driver) => driver.setItem?.(key, kept, opts));
    },
    removeItem: (key, opts) => call((driver) => driver.removeItem?.(key, opts)),
    getKeys: async (base, opts) => (await load()).getKeys(base, opts),
    clear: async (base, opts) => (await load()).clear?.(base, opts),
    dispose: async () => (loaded ? (await load()).dispose?.() : undefined),
  };
}
