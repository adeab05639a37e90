/** D8: per-endpoint, per-IP limits with both header families, shared by aliases and prefixes. */
import { describe, expect, it } from 'vitest';
import { MEMORY_COUNTERS_CAP, memoryCounters } from '../../../core/storage/counters.ts';
import { echoEndpoint, frameEndpoints, redisLikeStorage, testApp } from '../../helpers/http/app.ts';

const minute = 60_000;

function setup(options: Parameters<typeof testApp>[1] = {}) {
  const echo = echoEndpoint({ rateLimit: 3, cache: 'no-store' });
  return testApp([...frameEndpoints, echo.endpoint], options);
}

describe('rate limits (D8)', () => {
  it('counts down with both header families, then 429 rate_limited with Retry-After', async () => {
    const app = setup();
    app.clock.now = Date.UTC(2026, 10, 22, 12, 0, 15); // 45 s before the window ends
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.fetch('/t/echo?query=a');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-reset')).toBe('45');
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 22, 12, 1, 0) / 1000));
      remaining.push(res.headers.get('ratelimit-remaining')!);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(remaining.at(-1));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const { res, body } = await app.json('/t/echo?query=a');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('45');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    expect(body).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
  });

  it('the budget comes back when the window passes (deps.clock.now)', async () => {
    const app = setup();
    for (let i = 0; i < 4; i++) await app.fetch('/t/echo?query=a');
    expect((await app.fetch('/t/echo?query=a')).status).toBe(429);
    app.clock.now += minute;
    expect((await app.fetch('/t/echo?query=a')).status).toBe(200);
  });

  it('aliases and version prefixes share one bucket; other endpoints and other IPs do not', async () => {
    const app = setup();
    for (const path of ['/t/echo?query=a', '/t/echo-alias?query=b', '/v2.5.0/t/echo?query=c'])
      expect((await app.fetch(path)).status).toBe(200);
    expect((await app.fetch('/current/t/echo-alias?query=d')).status).toBe(429);
    expect((await app.fetch('/t/echo?query=a', { ip: '198.51.100.9' })).status).toBe(200);
    expect((await app.fetch('/editorial/genres')).status).toBe(200);
  });

  it('failures count too (a 400 spends budget), and every limited answer carries the headers', async () => {
    const app = setup();
    const bad = await app.fetch('/t/echo?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit-remaining')).toBe('2');
  });

  it('ignores forwarding headers unless trustProxy, then uses them', async () => {
    const spoof = { headers: { 'X-Forwarded-For': '192.0.2.1' } };
    const untrusted = setup();
    for (let i = 0; i < 3; i++)
      await untrusted.fetch('/t/echo?query=a', { headers: { 'X-Forwarded-For': `192.0.2.${i}` } });
    expect((await untrusted.fetch('/t/echo?query=a', spoof)).status).toBe(429);

    const trusted = setup({ trustProxy: true });
    for (let i = 0; i < 3; i++) await trusted.fetch('/t/echo?query=a', spoof);
    expect((await trusted.fetch('/t/echo?query=a', spoof)).status).toBe(429);
    // The entry the proxy added is the rightmost: a client's own entry before it changes nothing.
    expect(
      (await trusted.fetch('/t/echo?query=a', { headers: { 'X-Forwarded-For': '192.0.2.2, 192.0.2.1' } })).status,
    ).toBe(429);
    expect(
      (await trusted.fetch('/t/echo?query=a', { headers: { 'X-Forwarded-For': '192.0.2.1, 192.0.2.2' } })).status,
    ).toBe(200);
    // Only the configured header is read: the others leave the client the socket's.
    const spent = { ip: '192.0.2.9' };
    for (let i = 0; i < 3; i++) await trusted.fetch('/t/echo?query=a', spent);
    expect(
      (
        await trusted.fetch('/t/echo?query=a', {
          ...spent,
          headers: { Forwarded: 'for="[2001:db8::1]:4711";proto=https', 'X-Real-IP': '192.0.2.77' },
        })
      ).status,
    ).toBe(429);
    const byForwarded = setup({ trustProxy: true, clientIpHeader: 'forwarded' });
    for (let i = 0; i < 3; i++) await byForwarded.fetch('/t/echo?query=a', spent);
    expect(
      (await byForwarded.fetch('/t/echo?query=a', { ...spent, headers: { Forwarded: 'for="[2001:db8::1]:4711"' } }))
        .status,
    ).toBe(200);
  });

  it('rateLimits scales every limit, and off removes limits and headers', async () => {
    const scaled = setup({ rateLimits: 2 });
    for (let i = 0; i < 6; i++) expect((await scaled.fetch('/t/echo?query=a')).status).toBe(200);
    expect((await scaled.fetch('/t/echo?query=a')).status).toBe(429);

    const off = setup({ rateLimits: 'off' });
    for (let i = 0; i < 10; i++) {
      const res = await off.fetch('/t/echo?query=a');
      expect(res.status).toBe(200);
      expect(res.headers.has('ratelimit-limit')).toBe(false);
    }
  });

  it('/healthz is never limited', async () => {
    const app = setup();
    const res = await app.fetch('/healthz');
    expect(res.headers.has('ratelimit-limit')).toBe(false);
  });

  it('a failing counter store lets requests through, logged once', async () => {
    const broken = setup({ storage: redisLikeStorage(true).storage });
    for (let i = 0; i < 5; i++) expect((await broken.fetch('/t/echo?query=a')).status).toBe(200);
    expect(broken.logs.filter((l) => l.message.startsWith('storage unavailable'))).toHaveLength(1);
  });
});

describe('memory counters', () => {
  it('count per key and window, and stay bounded under endless distinct keys', () => {
    const counters = memoryCounters();
    expect(counters.hit('a', 0, minute)).toEqual({ count: 1, resetAt: minute });
    expect(counters.hit('a', 1, minute)).toEqual({ count: 2, resetAt: minute });
    expect(counters.hit('a', minute, minute)).toEqual({ count: 1, resetAt: 2 * minute });
    for (let i = 0; i < 250_000; i++) counters.hit(`ip-${i}`, minute + 1, minute);
    expect(counters.size).toBeLessThanOrEqual(MEMORY_COUNTERS_CAP);
    expect(counters.hit('ip-249999', minute + 2, minute)).toMatchObject({ count: 2 });
    // The next window starts from nothing.
    expect(counters.hit('ip-249999', 2 * minute, minute)).toEqual({ count: 1, resetAt: 3 * minute });
    expect(counters.size).toBe(1);
  });

  it('a full map drops the key counted least recently: a flood of new keys leaves a client still asking its count', () => {
    const counters = memoryCounters();
    for (let i = 0; i < 20; i++) counters.hit('/track/hot|198.51.100.7', 1, minute);
    // Twice the cap of keys seen once (one IPv6 /48 has 65,536 networks), the client asking now and then.
    let count = 0;
    for (let i = 0; i < 2 * MEMORY_COUNTERS_CAP; i++) {
      counters.hit(`/track/hot|2001:db8:${i.toString(16)}::/64`, 2, minute);
      if (i % 10_000 === 0) count = counters.hit('/track/hot|198.51.100.7', 2, minute).count;
    }
    expect(count).toBe(20 + 2 * (MEMORY_COUNTERS_CAP / 10_000));
    expect(counters.size).toBeLessThanOrEqual(MEMORY_COUNTERS_CAP);
    // A flood key is what went: the first of them starts again.
    expect(counters.hit('/track/hot|2001:db8:0::/64', 3, minute).count).toBe(1);
  });
});
