/**
 * @module
 * D8/D13 counters in Deno KV, exact across instances (D48): the window number is part of the
 * key (as with Redis), and a hit is a check-and-set: read the count, write one more only if
 * nobody wrote since (`atomic().check(entry)`), else read again. `sum` would never conflict,
 * but two hits could then read the same total back, and a limit needs each hit's own count.
 * Entries expire two windows on (only garbage collection: reads never trust `expireIn`).
 */
import type { CounterStore } from './counter-store.ts';
import { whenUnlocked } from './deno-kv.ts';

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

/** Tries before a hit gives up (then the frame lets the request through, as for a storage outage). */
const TRIES = 50;

export function denoKvCounters(kv: () => DenoKv | Promise<DenoKv>): CounterStore {
  return {
    async hit(key, now, windowMs) {
      const window = Math.floor(now / windowMs);
      const full = ['sleeve-counters', key, window];
      const store = await kv();
      for (let i = 0; i < TRIES; i++) {
        const entry = await whenUnlocked(() => store.get(full));
        const count = (typeof entry.value === 'number' ? entry.value : 0) + 1;
        const done = await whenUnlocked(() =>
          store
            .atomic()
            .check(entry)
            .set(full, count, { expireIn: windowMs * 2 })
            .commit(),
        );
        if (done.ok) return { count, resetAt: (window + 1) * windowMs };
        // Another hit came first: a short, spread-out pause before reading again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * (i + 1)));
      }
      throw new Error(`[sleeve] [deno-kv] counter ${key} stayed contended for ${TRIES} tries`);
    },
  };
}
