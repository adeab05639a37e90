/**
 * @module
 * Fixed-window counters for rate limits (D8), atomic in the configured storage. unstorage has
 * no increment, so counters get this small interface with two implementations: in-process
 * (memory and fs: one process, one thread, so a Map is atomic) and Redis (`INCR` + `PEXPIRE`
 * in one MULTI, on the unstorage driver's own client), which lets instances share a budget.
 */
import type { Storage } from 'unstorage';

export interface Hit {
  /** Requests counted in this window, this one included. */
  count: number;
  /** Unix milliseconds when the window ends. */
  resetAt: number;
}

export interface CounterStore {
  /** Counts one request under `key` in the window holding `now`. */
  hit(key: string, now: number, windowMs: number): Hit | Promise<Hit>;
}

/** Past this many live keys, expired ones are swept; past the hard cap the oldest go first. */
const SWEEP_AT = 10_000;
const HARD_CAP = 100_000;

export function memoryCounters(): CounterStore {
  const windows = new Map<string, Hit>();
  const sweep = (now: number) => {
    for (const [key, hit] of windows) if (hit.resetAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size <= HARD_CAP) break;
      windows.delete(key);
    }
  };
  return {
    hit(key, now, windowMs) {
      const current = windows.get(key);
      if (current && current.resetAt > now) {
        current.count++;
        return { count: current.count, resetAt: current.resetAt };
      }
      if (windows.size >= SWEEP_AT) sweep(now);
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      windows.set(key, { count: 1, resetAt });
      return { count: 1, resetAt };
    },
  };
}

/** The slice of an ioredis client the counters use. */
export interface RedisMulti {
  incr(key: string): RedisMulti;
  pexpire(key: string, ms: number): RedisMulti;
  exec(): Promise<[Error | null, unknown][] | null>;
}

export interface RedisLike {
  multi(): RedisMulti;
}

export function redisCounters(client: () => RedisLike | Promise<RedisLike>, prefix: string = 'sleeve:rl:'): CounterStore {
  return {
    async hit(key, now, windowMs) {
      // The window number is part of the key, so every instance with the same clock agrees on it
      // and the expiry is only garbage collection (two windows, for clock skew between instances).
      const window = Math.floor(now / windowMs);
      const full = `${prefix}${key}:${window}`;
      const replies = await (await client()).multi().incr(full).pexpire(full, windowMs * 2).exec();
      const [error, count] = replies?.[0] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return { count: Number(count), resetAt: (window + 1) * windowMs };
    },
  };
}

/** Redis counters when the storage is Redis-backed (ours or the embedder's), else in-process ones. */
export function countersFor(storage: Storage): CounterStore {
  const driver = storage.getMount('').driver;
  if (driver.name === 'redis' && typeof driver.getInstance === 'function') {
    const getInstance = driver.getInstance.bind(driver) as () => RedisLike | Promise<RedisLike>;
    return redisCounters(getInstance);
  }
  return memoryCounters();
}
