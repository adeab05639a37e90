/**
 * Issue #54: `/status` and `/status/feed` only with `status` on (`SLEEVE_STATUS=1`), the token when
 * one is set, what the feed says of a demo instance, and that after traffic neither names a client:
 * no address, user agent or query anywhere in the page or its feed.
 */
import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { createSleeve, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import type { StatusFeed } from '../../../core/status/feed.ts';

const quiet = { info: () => {}, error: () => {} };
const UA = 'status-route-test/1.0 (who-am-i@example.com)';

function make(options: SleeveOptions = {}): Sleeve {
  return createSleeve({ log: quiet, ...options });
}
const get = (sleeve: Sleeve, path: string, headers: Record<string, string> = {}, clientIp = '203.0.113.50') =>
  Promise.resolve(sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers }), { clientIp }));

describe('/status', () => {
  it('is an ordinary 404, page and feed, unless turned on', async () => {
    const sleeve = make();
    for (const path of ['/status', '/status/feed']) expect((await get(sleeve, path)).status).toBe(404);
    expect(sleeve.deps.status).toBeUndefined();
    expect(optionsFromEnv({}).options.status).toBeUndefined();
    expect(optionsFromEnv({ SLEEVE_STATUS: '1' }).options.status).toBe(true);
    expect(optionsFromEnv({ SLEEVE_STATUS: '1', SLEEVE_STATUS_TOKEN: 'a-long-enough-token' }).options.status).toEqual({
      token: 'a-long-enough-token',
    });
    expect(() => optionsFromEnv({ SLEEVE_STATUS: '1', SLEEVE_STATUS_TOKEN: 'short' })).toThrow(/SLEEVE_STATUS_TOKEN/);
  });

  it('serves one self-contained page under a policy that lets it reach nothing but this origin', async () => {
    const sleeve = make({ status: true });
    const page = await get(sleeve, '/status');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/connect-src 'self'/);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
    const html = await page.text();
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
    expect(html.length).toBeLessThan(32 * 1024);
    await sleeve.close();
  });

  it('asks for its token when one is set: a Bearer header or ?token=, else 401', async () => {
    const token = 'correct-horse-battery-staple';
    const sleeve = make({ status: { token } });
    for (const path of ['/status', '/status/feed']) {
      expect((await get(sleeve, path)).status).toBe(401);
      expect((await get(sleeve, path, { Authorization: 'Bearer wrong-horse-battery-staple' })).status).toBe(401);
      expect((await get(sleeve, `${path}?token=${token}x`)).status).toBe(401);
      expect((await get(sleeve, path, { Authorization: `Bearer ${token}` })).status).toBe(200);
      // The page's own answer to a right ?token= is the cookie and a redirect (D61, below).
      expect((await get(sleeve, `${path}?token=${token}`)).status).toBe(path === '/status' ? 303 : 200);
    }
    expect((await get(sleeve, '/status')).headers.get('www-authenticate')).toMatch(/^Bearer/);
    await sleeve.close();
  });

  it('takes ?token= once (D61): a cookie for the page and its feed, a redirect to an address without it, no token logged', async () => {
    const token = 'correct;horse battery=staple';
    const lines: string[] = [];
    const sleeve = make({
      status: { token },
      basePath: '/music',
      requestLog: 'json',
      // The page is monitoring, unlogged by default (D65): logged here to show no line holds the token.
      logMonitoring: true,
      log: { ...quiet, request: (line) => lines.push(line) },
    });
    const visit = await get(sleeve, `/music/status?token=${encodeURIComponent(token)}`);
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe('status');
    expect(new URL(visit.headers.get('location')!, 'http://sleeve.test/music/status?token=x').href).toBe(
      'http://sleeve.test/music/status',
    );
    const cookie = visit.headers.get('set-cookie')!;
    expect(cookie).toMatch(/; Path=\/music\/status; HttpOnly; SameSite=Strict$/);
    const carried = cookie.split(';')[0]!;
    for (const path of ['/music/status', '/music/status/feed']) {
      expect((await get(sleeve, path, { cookie: carried })).status).toBe(200);
      expect((await get(sleeve, path, { cookie: `other=1; ${carried.replace(/=.*/, '=wrong')}` })).status).toBe(401);
    }
    const pinned = await get(sleeve, `/music/v3.0.0/status?token=${encodeURIComponent(token)}`);
    expect(pinned.headers.get('set-cookie')).toMatch(/; Path=\/music\/v3\.0\.0\/status;/);
    const page = await (await get(sleeve, '/music/status', { cookie: carried })).text();
    // The page's polls carry the cookie: its script reads no token from its address.
    expect(page).not.toContain('location.search');
    expect(page).not.toContain('Authorization');
    expect(lines.length).toBe(7);
    for (const line of lines) expect(line).not.toMatch(/token|horse|staple/);
    await sleeve.close();
  });

  it("says what a demo instance lacks, and shows the instance, its cache and the requests' families", async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    let tick = () => {};
    const sleeve = make({
      now: () => clock.now,
      status: { timer: (run) => ((tick = run), () => {}) },
      processMemory: () => ({ residentBytes: 100e6, heapUsedBytes: 40e6, heapLimitBytes: 200e6 }),
    });
    for (const query of ['love', 'love', 'love', 'rock'])
      expect((await get(sleeve, `/search/all?query=${query}`, { 'User-Agent': UA })).status).toBe(200);
    clock.now += 10_000;
    tick();
    const feed = (await (await get(sleeve, '/status/feed')).json()) as StatusFeed;
    expect(feed.instance).toMatchObject({ mode: 'demo', storage: 'memory', uptimeSeconds: 10, draining: false });
    expect(feed.lacks.join(' ')).toMatch(/Demo mode calls no upstream/);
    expect(feed.upstreams).toEqual([]);
    expect(feed.cache!.entries).toBeGreaterThan(0);
    expect(feed.cache!.limitBytes).toBe(64 * 1024 * 1024);
    expect(feed.memory).toEqual({ residentBytes: 100e6, heapUsedBytes: 40e6, heapLimitBytes: 200e6 });
    const search = feed.families.find((f) => f.family === 'search')!;
    expect(search.rate).toBeCloseTo(0.4);
    expect(search.p50).toBeGreaterThan(0);
    expect(feed.history.series['cache.hit']!.at(-1)).toBeCloseTo(0.5);
    expect(feed.history.series['cache.miss']!.at(-1)).toBeCloseTo(0.5);
    void sleeve.drain();
    expect(((await (await get(sleeve, '/status/feed')).json()) as StatusFeed).instance.draining).toBe(true);
    await sleeve.close();
  });

  it("counts operators' polls apart from clients' requests, over a stated window of a minute, and says the state /healthz answers", async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    let tick = () => {};
    const sleeve = make({ now: () => clock.now, status: { timer: (run) => ((tick = run), () => {}) } });
    const step = () => {
      clock.now += 10_000;
      tick();
    };
    for (const query of ['love', 'rock', 'night'])
      expect((await get(sleeve, `/search/all?query=${query}`, { 'User-Agent': UA })).status).toBe(200);
    step();
    // Then only operators' tools for a while: probes and the feed, read right after each sample.
    for (let i = 0; i < 3; i++) {
      for (const path of ['/healthz', '/livez', '/readyz', '/status/feed'])
        expect((await get(sleeve, path)).ok).toBe(true);
      step();
    }
    const feed = (await (await get(sleeve, '/status/feed')).json()) as StatusFeed;
    // 40 s since the start: the table's window covers them all, the searches still in it.
    expect(feed.recentSeconds).toBe(40);
    expect(feed.families.map((f) => f.family)).toEqual(['search']);
    expect(feed.families[0]!.rate).toBeCloseTo(3 / 40);
    expect(feed.monitoring.map((m) => m.route)).toEqual(['/healthz', '/livez', '/readyz', '/status/feed']);
    expect(feed.monitoring[0]!.rate).toBeCloseTo(3 / 40);
    expect(feed.history.series.requests).toEqual([0, 0.3, 0, 0, 0]);
    expect(feed.history.series['requests.monitoring']).toEqual([0, 0, 0.4, 0.4, 0.4]);
    // Past a minute the window is the last minute's samples: no longer since the start.
    for (let i = 0; i < 6; i++) step();
    const later = (await (await get(sleeve, '/status/feed')).json()) as StatusFeed;
    expect(later.recentSeconds).toBe(60);
    expect(later.families).toEqual([{ family: 'search', rate: 0, p50: null, p99: null }]);
    expect(feed.health).toEqual({ state: 'serving', httpStatus: 200, failing: [] });
    // The page carries the same figures, drawn before its first poll.
    const page = await (await get(sleeve, '/status')).text();
    const carried = JSON.parse(page.match(/<script type="application\/json" id="first-feed">(.*?)<\/script>/s)![1]!);
    expect(carried.instance.mode).toBe('demo');
    expect(carried.health.state).toBe('serving');
    void sleeve.drain();
    const draining = (await (await get(sleeve, '/status/feed')).json()) as StatusFeed;
    expect(draining.health).toEqual({ state: 'draining', httpStatus: 503, failing: [] });
    await sleeve.close();
  });

  it('names no one after traffic: no address, user agent or query in the page or its feed', async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') };
    let tick = () => {};
    const sleeve = make({ now: () => clock.now, status: { timer: (run) => ((tick = run), () => {}) } });
    const addresses = ['203.0.113.77', '2001:db8::1234', '198.51.100.23'];
    const agents = [UA, 'Mozilla/5.0 (X11; Linux x86_64) UniqueAgentXyz/9.9'];
    const queries = ['secretsearchterm', 'zanzibarqux', 'no such path'];
    for (let i = 0; i < 30; i++) {
      const ip = addresses[i % addresses.length]!;
      const agent = agents[i % agents.length]!;
      await get(sleeve, `/search/all?query=${encodeURIComponent(queries[i % 2]!)}`, { 'User-Agent': agent }, ip);
      await get(sleeve, `/${encodeURIComponent(queries[2]!)}?q=${queries[0]}`, { 'User-Agent': agent }, ip);
      await get(sleeve, '/track/nonsense-id', { 'User-Agent': agent, 'X-Forwarded-For': ip }, ip);
      if (i % 5 === 4) {
        clock.now += 10_000;
        tick();
      }
    }
    const feed = await (await get(sleeve, '/status/feed')).text();
    const page = await (await get(sleeve, '/status')).text();
    expect(JSON.parse(feed).families.length).toBeGreaterThan(1);
    for (const text of [feed, page]) {
      for (const secret of [
        ...addresses,
        ...agents,
        'who-am-i',
        'UniqueAgentXyz',
        ...queries,
        'nonsense-id',
        '203.0.113',
      ])
        expect(text, secret).not.toContain(secret);
      expect(text).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
    }
    await sleeve.close();
  });
});
