/** D7: version prefixes, the table of versions, legacy errors and headers, and embedding. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { findVersion, isAtLeast, VERSIONS, VERSION_NAMES } from '../../../core/http/versions.ts';
import { createSleeve } from '../../../core/index.ts';
import { frameEndpoints, testApp, UA, stub } from '../../helpers/http/app.ts';

const searchAll = defineEndpoint({
  ...stub,
  path: '/search/all',
  since: '2.4.0',
  rateLimit: 60,
  handle: () => ({ route: 'search/all' }),
});
const trackHot = defineEndpoint({
  ...stub,
  path: '/track/hot',
  aliases: ['/hot-tracks'],
  since: '2.1.1',
  rateLimit: 30,
  handle: () => ({ route: 'track/hot' }),
});
const endpoints = [...frameEndpoints, searchAll, trackHot];

describe('version prefixes (D7)', () => {
  it('no prefix, /current and /v3.0.0 answer the same', async () => {
    const { json } = testApp(endpoints);
    const bodies = await Promise.all(
      ['/search/all', '/current/search/all', '/v3.0.0/search/all'].map(async (p) => (await json(p)).body),
    );
    expect(bodies).toEqual([{ route: 'search/all' }, { route: 'search/all' }, { route: 'search/all' }]);
  });

  it.each(['/v9.9.9/search/all', '/v2/search/all', '/v3.0/search/all', '/v2.5.0.1/x'])(
    'an unknown version %s is 404 not_found listing the versions',
    async (path) => {
      const { json } = testApp(endpoints);
      const { res, body } = await json(path);
      expect(res.status).toBe(404);
      expect(body).toMatchObject({ ok: false, error: { code: 'not_found', versions: [...VERSION_NAMES] } });
    },
  );

  it('a pin serves only the routes it had, by the table', async () => {
    const { fetch } = testApp(endpoints);
    const status = async (path: string) => (await fetch(path)).status;
    expect(await status('/v2.4.0/search/all')).toBe(200);
    expect(await status('/v2.3.1/search/all')).toBe(404);
    expect(await status('/v2.1.1/track/hot')).toBe(200);
    expect(await status('/v2.1.0/track/hot')).toBe(404);
    expect(await status('/v2.1.0/hot-tracks')).toBe(200);
    expect(await status('/v2.1.0/healthz')).toBe(200);
    expect(isAtLeast(findVersion('2.3.1')!, '2.4.0')).toBe(false);
    expect(isAtLeast(findVersion('v2.4.0')!, '2.4.0')).toBe(true);
  });

  it('pins below 3.0.0 answer errors as { error: message } with the same status', async () => {
    const { json } = testApp(endpoints);
    for (const [path, status] of [
      ['/v2.5.0/nope', 404],
      ['/v2.3.1/search/all', 404],
      ['/v2.5.0/editorial/genres?x=%ZZ', 400],
    ] as const) {
      const { res, body } = await json(path);
      expect(res.status).toBe(status);
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toEqual(expect.any(String));
    }
    const { res, body } = await json('/v2.5.0/editorial/genres', { ua: null });
    expect(res.status).toBe(401);
    expect(body).toEqual({ error: expect.stringContaining('you@example.com') });
    const { body: current } = await json('/v3.0.0/editorial/genres', { ua: null });
    expect(current).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('pins below 3.0.0 send only X-RateLimit-*; 3.0.0 sends both families', async () => {
    const { fetch } = testApp(endpoints);
    const old = await fetch('/v2.5.0/editorial/genres');
    expect(old.headers.get('x-ratelimit-limit')).toBe('60');
    expect(old.headers.has('ratelimit-limit')).toBe(false);
    const now = await fetch('/current/editorial/genres');
    expect(now.headers.get('ratelimit-limit')).toBe('60');
    expect(now.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('one prefix at most', async () => {
    const { res } = await testApp(endpoints).json('/v2.5.0/v2.4.0/search/all');
    expect(res.status).toBe(404);
  });

  it('the table is ordered, ends at the current version, and only 3.0.0 uses the current shape', () => {
    expect(VERSIONS.at(-1)).toMatchObject({ name: '3.0.0', errorShape: 'current', rateLimitHeaders: 'both' });
    expect(VERSIONS.filter((v) => v.errorShape === 'legacy').map((v) => v.name)).toEqual([
      '2.1.0',
      '2.1.1',
      '2.3.1',
      '2.4.0',
      '2.5.0',
    ]);
  });
});

describe('embedding sleeve.app (prefix handled inside the app)', () => {
  const headers = { 'User-Agent': UA };

  it('works mounted under /music', async () => {
    const sleeve = createSleeve();
    const host = new Hono().mount('/music', (request) => sleeve.fetch(request, { clientIp: '198.51.100.1' }));
    expect((await host.request('/music/v2.5.0/editorial/genres', { headers })).status).toBe(200);
    expect(await (await host.request('/music/v2.5.0/nope', { headers })).json()).toEqual({ error: expect.any(String) });
  });

  it('works routed under /music with app.route', async () => {
    const sleeve = createSleeve();
    const host = new Hono().route('/music', sleeve.app);
    expect((await host.request('/music/editorial/genres', { headers })).status).toBe(200);
    const pinned = await host.request('/music/v2.5.0/editorial/genres', { headers });
    expect(pinned.status).toBe(200);
    expect(pinned.headers.has('ratelimit-limit')).toBe(false);
    expect((await host.request('/music/v1.0.0/editorial/genres', { headers })).status).toBe(404);
  });
});
