/**
 * @module
 * Rate-limit and budget counters in Deno KV, exact across instances (D48): the window number is
 * part of the key (as with Redis), and a hit is a check-and-set: read the count, write it plus the hits only
 * if nobody wrote since (`atomic().check(entry)`), else read again. `sum` would never conflict,
 * but two hits could then read the same total back, and a limit needs each hit's own count.
 * Entries expire two windows on (only garbage collection: reads never trust `expireIn`).
 *
 * A process keeps one check-and-set in flight per counter: hits arriving meanwhile wait for the
 * next one, which adds them all at once and hands each its own count. So a burst of one client's
 * requests (1000 at once) costs a few writes, and conflicts come only from other instances: one
 * check-and-set per hit let them collide with each other until some ran out of tries, and each
 * such failure opened the storage's breaker, the rate limits off with it.
 */
import type { CounterStore, WindowCount } from './counter-store.ts';
import { kvCall } from './deno-kv.ts';

/** The slice of a `Deno.Kv` the counters use. */
interface KvEntry {
  value: unknown;
  versionstamp: string | null;
}
interface DenoKv {
  get(key: unknown[]): Promise<KvEntry>;
  atomic(): {
    check(entry: KvEntry): ReturnType<DenoKv['atomic']>;
    set(key: unknown[], value: unknown, options?: { expireIn?: number }): ReturnType<DenoKv['atomic']>;
    commit(): Promise<{ ok: boolean }>;
  };
}

/** Tries before a write gives up (then the frame lets its requests through, as for a storage outage). */
const TRIES = 50;

interface Waiter {
  resolve(hit: WindowCount): void;
  reject(error: unknown): void;
}

export function denoKvCounters(kv: () => DenoKv | Promise<DenoKv>): CounterStore {
  /** Hits waiting for their counter's next write, by counter and window; a counter is here while it has a write in flight. */
  const waiting = new Map<string, Waiter[]>();

  /** Adds `n` to the counter; its new total. */
  const add = async (full: unknown[], n: number, windowMs: number): Promise<number> => {
    const store = await kv();
    for (let i = 0; i < TRIES; i++) {
      const entry = await kvCall(() => store.get(full));
      const total = (typeof entry.value === 'number' ? entry.value : 0) + n;
      const done = await kvCall(() =>
        store
          .atomic()
          .check(entry)
          .set(full, total, { expireIn: windowMs * 2 })
          .commit(),
      );
      if (done.ok) return total;
      // Another instance came first: a short, spread-out pause before reading again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * (i + 1)));
    }
    throw new Error(`[sleeve] [deno-kv] counter ${String(full[1])} stayed contended for ${TRIES} tries`);
  };

  /** Writes the counter's waiting hits, a batch at a time, until none waits. */
  const drain = async (id: string, full: unknown[], windowMs: number, resetAt: number, queue: Waiter[]) => {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const total = await add(full, batch.length, windowMs);
        let count = total - batch.length;
        for (const waiter of batch) waiter.resolve({ count: ++count, resetAt });
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    waiting.delete(id);
  };

  return {
    hit(key, now, windowMs) {
      const window = Math.floor(now / windowMs);
      const id = `${windowMs}|${window}|${key}`;
      return new Promise<WindowCount>((resolve, reject) => {
        const queue = waiting.get(id);
        if (queue) {
          queue.push({ resolve, reject });
          return;
        }
        const started = [{ resolve, reject }];
        waiting.set(id, started);
        void drain(id, ['sleeve-counters', key, window], windowMs, (window + 1) * windowMs, started);
      });
    },
  };
}
