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
import type { CounterStore, Hit } from './counter-store.ts';
import { denoKvCounters } from './deno-kv-counters.ts';
import type { WordedDriver } from './redis.ts';

export type { CounterStore, Hit } from './counter-store.ts';

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
): Hit | null | Promise<Hit | null> {
  return store.inProcess ? store.hit(key, now, windowMs) : breaker.run(() => store.hit(key, now, windowMs), null);
}

/**
 * Windows are aligned (every key's window ends at the same minute), so the in-process store
 * keeps one Map for the current window and drops it whole when the next begins: memory is
 * bounded by the clients of one minute, with no sweeping. A flood of more than
 * `MEMORY_COUNTERS_CAP` distinct client×endpoint keys in one minute starts the Map afresh.
 * Each window length has its own Map, so the rate limits (one minute) and the upstream budget
 * (half-second slots) can share one store without each new window of one wiping the other.
 */
export const MEMORY_COUNTERS_CAP: number = 100_000;

/** In-process counters answer synchronously: callers may rely on it to skip a promise. */
export interface MemoryCounters extends CounterStore {
  readonly size: number;
  /** A Map in this process: it answers at once and cannot fail, so no breaker need guard it. */
  readonly inProcess: true;
  hit(key: string, now: number, windowMs: number): Hit;
}

export function memoryCounters(): MemoryCounters {
  const byLength = new Map<number, { window: number; counts: Map<string, number> }>();
  return {
    inProcess: true,
    get size() {
      let size = 0;
      for (const { counts } of byLength.values()) size += counts.size;
      return size;
    },
    hit(key, now, windowMs) {
      const current = Math.floor(now / windowMs);
      let held = byLength.get(windowMs);
      if (!held || current !== held.window || (held.counts.size >= MEMORY_COUNTERS_CAP && !held.counts.has(key))) {
        held = { window: current, counts: new Map() };
        byLength.set(windowMs, held);
      }
      const count = (held.counts.get(key) ?? 0) + 1;
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
