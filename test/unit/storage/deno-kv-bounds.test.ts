/**
 * D48's bounds, on a stand-in for `Deno.Kv` (runs under Node): a counter's check-and-set reads
 * again when another hit wrote first, and gives up after a bounded number of tries; a locked
 * local database is waited out a bounded number of times, and any other error is not retried.
 * The real database under concurrency is test/distribution/storage/deno-kv.test.ts's.
 */
import { describe, expect, it, vi } from 'vitest';
import { denoKvCounters } from '../../../core/storage/deno-kv-counters.ts';
import { KV_TIMEOUT_MS, kvCall } from '../../../core/storage/deno-kv.ts';

type Key = unknown[];

/** One key's entry, versioned as Deno KV versions it; `rival` writes before the n-th commit of ours. */
function standIn(rival: (commit: number) => boolean = () => false) {
  let value: unknown = null;
  let version = 0;
  const seen = { commits: 0, sets: [] as { key: Key; value: unknown; expireIn?: number }[] };
  const kv = {
    async get(_key: Key) {
      return { value, versionstamp: version === 0 ? null : String(version) };
    },
    atomic() {
      // Unchecked (undefined), an atomic write always commits, as Deno KV's does.
      let checked: string | null | undefined;
      let write: { key: Key; value: unknown; expireIn?: number } | undefined;
      const op = {
        check(entry: { versionstamp: string | null }) {
          checked = entry.versionstamp;
          return op;
        },
        set(key: Key, next: unknown, options?: { expireIn?: number }) {
          write = { key, value: next, expireIn: options?.expireIn };
          return op;
        },
        async commit() {
          seen.commits++;
          if (rival(seen.commits)) {
            value = (typeof value === 'number' ? value : 0) + 1;
            version++;
          }
          if (checked !== undefined && checked !== (version === 0 ? null : String(version))) return { ok: false };
          seen.sets.push(write!);
          value = write!.value;
          version++;
          return { ok: true };
        },
      };
      return op;
    },
  };
  return { kv, seen };
}

describe('Deno KV counters (check-and-set)', () => {
  it('counts after a rival’s writes: reads again on each conflict, keyed by window, kept two windows', async () => {
    const { kv, seen } = standIn((commit) => commit <= 2);
    const hit = await denoKvCounters(() => kv).hit('rl|192.0.2.1', 125_000, 60_000);
    expect(hit).toEqual({ count: 3, resetAt: 180_000 });
    expect(seen.commits).toBe(3);
    expect(seen.sets).toEqual([{ key: ['sleeve-counters', 'rl|192.0.2.1', 2], value: 3, expireIn: 120_000 }]);
  });

  it('adds a burst of hits in a few writes, each hit its own count', async () => {
    const { kv, seen } = standIn((commit) => commit === 1);
    const counters = denoKvCounters(() => kv);
    const hits = await Promise.all(Array.from({ length: 1000 }, () => counters.hit('rl|192.0.2.1', 0, 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
    expect(seen.commits).toBeLessThanOrEqual(3);
    expect((await counters.hit('rl|192.0.2.1', 0, 60_000)).count).toBe(1002);
  });

  it('gives up after 50 tries a write on a counter another instance always writes first', async () => {
    const { kv, seen } = standIn(() => true);
    const counters = denoKvCounters(() => kv);
    const hits = Array.from({ length: 3 }, () => counters.hit('budget', 0, 500));
    for (const hit of hits) await expect(hit).rejects.toThrow(/stayed contended for 50 tries/);
    // Two writes of 50 tries each: the first hit's, then one for the two that came meanwhile.
    expect(seen.commits).toBe(100);
    expect(seen.sets).toHaveLength(0);
  });
});

describe('kvCall: one call, bounded in time, made again while a local database file is locked', () => {
  const locked = () => new Error('database is locked');

  it('tries again while the database is locked, and answers once it is not', async () => {
    let calls = 0;
    expect(await kvCall(async () => (++calls < 4 ? Promise.reject(locked()) : 'done'))).toBe('done');
    expect(calls).toBe(4);
  });

  it('gives up after its tries, with the database’s error', async () => {
    let calls = 0;
    const work = async () => {
      calls++;
      throw locked();
    };
    await expect(kvCall(work, 5)).rejects.toThrow('database is locked');
    expect(calls).toBe(5);
  });

  it('fails a call with no answer after its time, and does not make it again', async () => {
    let calls = 0;
    const never = () => {
      calls++;
      return new Promise<never>(() => {});
    };
    await expect(kvCall(never, 50, 20)).rejects.toThrow('[sleeve] [deno-kv] no answer within 20 ms');
    expect(calls).toBe(1);
  });

  it('fails the hits waiting on a counter whose database never answers', async () => {
    vi.useFakeTimers();
    try {
      const { kv } = standIn();
      kv.get = () => new Promise<never>(() => {});
      const counters = denoKvCounters(() => kv);
      const hits = [counters.hit('budget', 0, 500), counters.hit('budget', 0, 500)];
      const failed = Promise.allSettled(hits);
      await vi.advanceTimersByTimeAsync(2 * KV_TIMEOUT_MS);
      for (const result of await failed) expect(result).toMatchObject({ status: 'rejected' });
      expect(String(((await failed)[1] as PromiseRejectedResult).reason)).toContain('no answer within 2000 ms');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never retries any other error', async () => {
    let calls = 0;
    await expect(
      kvCall(async () => {
        calls++;
        throw new TypeError('Value too large (max 65536 bytes)');
      }),
    ).rejects.toThrow(TypeError);
    expect(calls).toBe(1);
  });
});
