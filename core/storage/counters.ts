/**
 * @module
 * Fixed-window counters for rate limits, atomic in the configured storage. unstorage has
 * no increment, so counters get this small interface with its implementations: in-process
 * (memory and fs: one process, one thread, so a Map is atomic), Redis (`INCR` + `PEXPIRE` in
 * one MULTI, on the unstorage driver's own client) and Deno KV (`deno-kv-counters.ts`), which
 * let instances share a budget.
 */
import type { Storage } from './storage.ts';
import type { Breaker } from './breaker.ts';
import type { CounterStore, WindowCount } from './counter-store.ts';
import { denoKvCounters } from './deno-kv-counters.ts';
import type { WordedDriver } from './redis.ts';

export type { CounterStore, WindowCount } from './counter-store.ts';

/**
 * Counts one request under `key` through the storage's breaker: null while the storage is down
 * (the request is let through). In-process counters cannot fail, so they are asked directly,
 * with no closure for the breaker: a cache hit's cost on Bun is its allocations.
 */
export function countThrough(
  breaker: Breaker,
  store: CounterStore,
  key: string,
  now: number,
  windowMs: number,
): WindowCount | null | Promise<WindowCount | null> {
  return store.inProcess ? store.hit(key, now, windowMs) : breaker.run(() => store.hit(key, now, windowMs), null);
}

/**
 * Windows are aligned (every key's window ends at the same minute), so the in-process store
 * keeps the current window's counts and drops them whole when the next begins: memory is
 * bounded by the clients of one minute, with no sweeping. Within a window at most
 * `MEMORY_COUNTERS_CAP` client×endpoint keys are held, in two generations of half as many:
 * when the newer fills, the older is dropped and the newer takes its place, and a key counted
 * again is carried into the newer. So a flood of new keys (one IPv6 /48 holds 65,536 clients)
 * drops the keys least recently counted, its own, not every other client's count, as starting
 * afresh did. (Not one Map with its first key deleted at each new one: V8 walks the deleted
 * entries from the start each time, and a flood took seconds.)
 * Each window length has its own counts, so the rate limits (one minute) and the upstream
 * budget (half-second slots) can share one store without each new window of one wiping the other.
 */
export const MEMORY_COUNTERS_CAP: number = 100_000;
const GENERATION = MEMORY_COUNTERS_CAP / 2;

/** In-process counters answer synchronously: callers may rely on it to skip a promise. */
export interface MemoryCounters extends CounterStore {
  readonly size: number;
  /** A Map in this process: it answers at once and cannot fail, so no breaker need guard it. */
  readonly inProcess: true;
  hit(key: string, now: number, windowMs: number): WindowCount;
}

/** One window length's counts: the window, its newer generation of keys and the older one. */
interface Held {
  window: number;
  counts: Map<string, number>;
  older: Map<string, number> | undefined;
}

export function memoryCounters(): MemoryCounters {
  const byLength = new Map<number, Held>();
  return {
    inProcess: true,
    get size() {
      let size = 0;
      for (const { counts, older } of byLength.values()) size += counts.size + (older?.size ?? 0);
      return size;
    },
    hit(key, now, windowMs) {
      const current = Math.floor(now / windowMs);
      let held = byLength.get(windowMs);
      if (!held || current !== held.window) {
        held = { window: current, counts: new Map(), older: undefined };
        byLength.set(windowMs, held);
      }
      const known = held.counts.get(key);
      if (known !== undefined) {
        held.counts.set(key, known + 1);
        return { count: known + 1, resetAt: (current + 1) * windowMs };
      }
      // New to the newer generation: carried from the older one, or new. A full newer one becomes the older.
      const count = (held.older?.get(key) ?? 0) + 1;
      if (held.counts.size >= GENERATION) {
        held.older = held.counts;
        held.counts = new Map();
      }
      held.counts.set(key, count);
      return { count, resetAt: (current + 1) * windowMs };
    },
  };
}

/** The slice of an ioredis client the counters use. */
interface RedisMulti {
  incr(key: string): RedisMulti;
  pexpire(key: string, ms: number): RedisMulti;
  exec(): Promise<[Error | null, unknown][] | null>;
}

interface RedisLike {
  multi(): RedisMulti;
}

/** `worded`: the storage driver's words for a failure (`redis 127.0.0.1:6379: connection refused`), where it has them. */
function redisCounters(
  client: () => RedisLike | Promise<RedisLike>,
  worded: (error: unknown) => unknown = (error) => error,
  prefix: string = 'sleeve:rl:',
): CounterStore {
  return {
    async hit(key, now, windowMs) {
      // The window number is part of the key, so every instance with the same clock agrees on it
      // and the expiry is only garbage collection (two windows, for clock skew between instances).
      const window = Math.floor(now / windowMs);
      const full = `${prefix}${key}:${window}`;
      let replies: [Error | null, unknown][] | null;
      try {
        replies = await (await client())
          .multi()
          .incr(full)
          .pexpire(full, windowMs * 2)
          .exec();
      } catch (error) {
        throw worded(error);
      }
      const [error, count] = replies?.[0] ?? [new Error('no reply'), 0];
      if (error) throw worded(error);
      return { count: Number(count), resetAt: (window + 1) * windowMs };
    },
  };
}

/**
 * The storage's own atomic counters when it has them (Redis's `INCR`, Deno KV's check-and-set),
 * ours or the embedder's, else in-process ones.
 */
export function countersFor(storage: Storage): CounterStore {
  const driver = storage.getMount('').driver;
  if (typeof driver.getInstance !== 'function') return memoryCounters();
  const instance = driver.getInstance.bind(driver);
  if (driver.name === 'redis')
    return redisCounters(
      instance as () => RedisLike | Promise<RedisLike>,
      (driver as Partial<Pick<WordedDriver, 'worded'>>).worded,
    );
  if (driver.name === 'deno-kv') return denoKvCounters(instance as Parameters<typeof denoKvCounters>[0]);
  return memoryCounters();
}
