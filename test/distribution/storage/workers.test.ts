/**
 * D47: the Redis storage contract (test/integration/storage/redis.test.ts, test/integration/live/budget.test.ts) on
 * Workers: two instances of `sleeve/workers` in real workerd, each an isolate of its own,
 * sharing the example's KV namespace (the cache) and its `SleeveCounters` Durable Object (the
 * rate limits and the upstream budget). And the KV storage's own terms, on a namespace of the
 * test's: values round-trip, a second write of a key within a second (KV's 429) is no outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvStorage } from '../../../adapters/workers/kv-storage.ts';
import type { KvNamespace } from '../../../adapters/workers/platform.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { startWorkerd, type Workerd } from '../../helpers/workerd.ts';
import {
  coldSearches,
  expectWithinBudget,
  maxInWindow,
  outcomeOf,
  QUOTA,
  statusCounts,
} from '../../helpers/live/budget-checks.ts';

const UA = 'WorkersTest/1.0 (workers@example.com)';
const get = (base: string, path: string, ip = '198.51.100.7') =>
  fetch(`${base}${path}`, { headers: { 'user-agent': UA, 'cf-connecting-ip': ip } });

/** D8 counts in minute windows: requests begun in a minute's last seconds would fall in two. */
async function notAtAMinutesEnd(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

describe('Workers KV storage (kvStorage)', () => {
  const namespace = (put: KvNamespace['put']): KvNamespace & { held: Map<string, string> } => {
    const held = new Map<string, string>();
    return {
      held,
      get: async (key) => held.get(key) ?? null,
      put,
      delete: async (key) => void held.delete(key),
      list: async () => ({ keys: [...held.keys()].map((name) => ({ name })), list_complete: true }),
    };
  };

  it('stores, reads and removes under its own prefix, with KV’s shortest TTL at least', async () => {
    const ttls: (number | undefined)[] = [];
    const ns = namespace(async (key, value, options) => {
      ttls.push(options?.expirationTtl);
      ns.held.set(key, value);
    });
    const storage = kvStorage(ns);
    await storage.setItem('probe', { a: 1 }, { ttl: 5 });
    expect([...ns.held.keys()]).toEqual(['sleeve:probe']);
    expect(await storage.getItem('probe')).toEqual({ a: 1 });
    expect(ttls).toEqual([60]);
    await storage.removeItem('probe');
    expect(await storage.getItem('probe')).toBeNull();
  });

  it('takes KV’s refusal of a second write within a second as done, and any other failure as one', async () => {
    let refusal = new Error('KV PUT failed: 429 Too Many Requests');
    const storage = kvStorage(
      namespace(async () => {
        throw refusal;
      }),
    );
    await expect(storage.setItem('busy', 'x')).resolves.toBeUndefined();
    refusal = new Error('KV PUT failed: 500 Internal Server Error');
    await expect(storage.setItem('busy', 'x')).rejects.toThrow(/500/);
  });
});

describe('two Workers sharing one KV namespace and one SleeveCounters object', () => {
  let workerd: Workerd;
  beforeAll(async () => {
    // One public base, so both answer the same bodies (links carry it) and share entries.
    const vars = { SLEEVE_RATE_LIMITS: '0.05', SLEEVE_BASE_URL: 'https://music.example.com' };
    workerd = await startWorkerd([vars, vars]);
  }, 60_000);
  afterAll(() => workerd?.stop());

  it('share one cache: what one stored, the other answers as a HIT with the same ETag', async () => {
    const [a, b] = workerd.urls as [string, string];
    const first = await get(a, '/search/all?query=shared', '203.0.113.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    // KV is written after the answer (ctx.waitUntil) and read through its cache: eventually, here at once or nearly.
    let second: Response | undefined;
    for (let i = 2; i < 40 && second?.headers.get('x-cache') !== 'HIT'; i++) {
      second = await get(b, '/search/all?query=shared', `203.0.113.${i}`);
      expect(second.status).toBe(200);
      if (second.headers.get('x-cache') !== 'HIT') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(second?.headers.get('x-cache')).toBe('HIT');
    expect(second?.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('share one rate limit per client, counted exactly however many requests arrive at once', async () => {
    const [a, b] = workerd.urls as [string, string];
    await notAtAMinutesEnd();
    expect((await get(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('2');
    expect((await get(b, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('1');
    expect((await get(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await get(b, '/editorial/genres');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(b, '/editorial/genres', '198.51.100.8')).status).toBe(200);

    // 40 requests of one new client at once, half through each isolate: exactly 3 are let through.
    await notAtAMinutesEnd();
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(workerd.urls[i % 2]!, '/editorial/genres', '198.51.100.9')),
    );
    const statuses = all.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
    const remaining = all.filter((res) => res.status === 200).map((res) => res.headers.get('ratelimit-remaining'));
    expect(remaining.sort()).toEqual(['0', '1', '2']);
  });
});

describe('two Workers in live mode share one upstream budget (D13)', () => {
  let replay: Replay;
  let workerd: Workerd;
  beforeAll(async () => {
    replay = await startReplay({ quota: QUOTA });
    const vars = { SLEEVE_MODE: 'live', SLEEVE_UPSTREAMS: replay.url, SLEEVE_RATE_LIMITS: 'off' };
    workerd = await startWorkerd([vars, vars]);
  }, 60_000);
  afterAll(async () => {
    await workerd?.stop();
    await replay?.close();
  });

  it('the union of their upstream calls stays within 50 per 5 s, and both get answers', async () => {
    const [a, b] = workerd.urls as [string, string];
    await Promise.all([get(a, '/healthz'), get(b, '/healthz')]);
    replay.reset();
    const fire = (base: string, tag: string) =>
      coldSearches(tag, (path, j) => outcomeOf(path, () => get(base, path, `192.0.2.${j + 1}`)));
    const [fromA, fromB] = await Promise.all([fire(a, 'alpha'), fire(b, 'beta')]);
    const calls = replay.calls;
    console.log(
      `[budget] two Workers: A ${JSON.stringify(statusCounts(fromA))}, B ${JSON.stringify(statusCounts(fromB))}; ` +
        `max ${maxInWindow(calls, QUOTA.windowMs)} Deezer calls in any 5 s`,
    );
    expectWithinBudget([...fromA, ...fromB], calls);
    // Spent, not stalled: a timer one request started keeps serving the queue after it answered
    // (adapters/workers/isolate-work.ts; without it, 4 calls in the busiest 5 s).
    expect(maxInWindow(calls, QUOTA.windowMs)).toBeGreaterThan(QUOTA.limit / 2);
    expect(fromA.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    expect(fromB.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    // Nothing hangs: a turn within the request's bound, or a 503 by then.
    expect([...fromA, ...fromB].filter((o) => o.ms > 6000).map((o) => `${o.path} ${Math.round(o.ms)} ms`)).toEqual([]);
  });
});
