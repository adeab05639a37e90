/**
 * D8/D9 against a real Redis: the storage backend, two instances sharing one rate-limit budget
 * and one cache, and Redis going away mid-run (answers keep coming, /healthz says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSleeve, type Sleeve } from '../../../core/index.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/storage/redis.ts';

const UA = { 'User-Agent': 'RedisTest/1.0 (redis@example.com)' };
const now = Date.UTC(2026, 10, 22, 12, 0, 10);
const get = (sleeve: Sleeve, path: string, ip = '192.0.2.10') =>
  sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: UA }), { clientIp: ip });

describe.skipIf(redisMissing !== undefined)('Redis storage (SLEEVE_STORAGE=redis://…)', () => {
  let redis: RedisServer;
  const opened: Sleeve[] = [];
  const instance = (url = redis.url) => {
    const sleeve = createSleeve({ storage: url, rateLimits: 0.05, now: () => now, log: { info() {}, error() {} } });
    opened.push(sleeve);
    return sleeve;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.deps.storage.dispose()));
    await redis?.stop();
  });

  it('stores, reads, expires and removes through unstorage', async () => {
    const storage = storageFromSpec(redis.url);
    await storage.setItem('probe', { a: 1 });
    expect(await storage.getItem('probe')).toEqual({ a: 1 });
    await storage.setItem('short', 'x', { ttl: 1 });
    expect(await storage.hasItem('short')).toBe(true);
    await storage.removeItem('probe');
    expect(await storage.getItem('probe')).toBeNull();
    await storage.dispose();
  });

  it('sets up its client once, however many calls go through it', async () => {
    const storage = storageFromSpec(redis.url);
    for (let i = 0; i < 30; i++) await storage.getItem(`k${i}`);
    const client = (await storage.getMount('').driver.getInstance!()) as { listenerCount(event: string): number };
    // One silent error listener of ours; a listener per call would leak and trip Node's warning.
    expect(client.listenerCount('error')).toBe(1);
    await storage.dispose();
  });

  it('two instances share one rate-limit budget and one cache', async () => {
    const a = instance();
    const b = instance();
    const first = await get(a, '/editorial/genres');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    const second = await get(b, '/editorial/genres');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('ratelimit-remaining')).toBe('1');
    expect((await get(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await get(b, '/editorial/genres');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect((await get(b, '/editorial/genres', '192.0.2.11')).status).toBe(200);
  });

  it('keeps answering (uncached) when Redis goes away, and /healthz reports cache-backend not ok', async () => {
    const own = await startRedis();
    const sleeve = instance(own.url);
    expect((await get(sleeve, '/editorial/genres')).headers.get('x-cache')).toBe('MISS');
    expect((await get(sleeve, '/editorial/genres')).headers.get('x-cache')).toBe('HIT');
    const healthy = await (await sleeve.fetch(new Request('http://sleeve.test/healthz'))).json();
    expect(healthy.checks[2]).toMatchObject({ name: 'cache-backend', ok: true });

    await own.stop();
    for (let i = 0; i < 5; i++) {
      const res = await get(sleeve, `/search/all?query=gone${i}`, `198.51.100.${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
    }
    // A fresh entry this instance already holds in process is still served.
    expect((await get(sleeve, '/editorial/genres')).status).toBe(200);
    // The outage is known: /healthz says so at once, asking nothing of the storage (each ask
    // would wait out its command timeout), counted rather than timed.
    expect(sleeve.deps.breaker.open).toBe(true);
    const asked: string[] = [];
    const { storage } = sleeve.deps;
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, ...rest) => {
      asked.push(key);
      return setItem(key, ...rest);
    };
    const health = await sleeve.fetch(new Request('http://sleeve.test/healthz'));
    expect(asked.filter((key) => key.startsWith('sleeve:healthz:'))).toEqual([]);
    storage.setItem = setItem;
    const body = await health.json();
    expect(health.status).toBe(200);
    expect(body.degraded).toBe(true);
    expect(body.checks[2]).toMatchObject({ name: 'cache-backend', ok: false, status: 0 });

    // Redis back where it was: found out in the background, caching resumes, no request waits.
    const back = await startRedis(Number(new URL(own.url).port));
    try {
      let healthy = false;
      for (let i = 0; i < 60 && !healthy; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const checks = (await (await sleeve.fetch(new Request('http://sleeve.test/healthz'))).json()).checks;
        healthy = checks[2].ok === true;
      }
      expect(healthy).toBe(true);
      expect((await get(sleeve, '/search/all?query=back')).headers.get('x-cache')).toBe('MISS');
      expect((await get(sleeve, '/search/all?query=back')).headers.get('x-cache')).toBe('HIT');
    } finally {
      await back.stop();
    }
  });
});
