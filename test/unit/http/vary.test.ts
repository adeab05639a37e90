/**
 * Issue #61, D62: an answer names the request headers it depends on (`Vary`), so a shared cache
 * in front keys on them too: `Host` when links are built from it (no base URL), and an
 * endpoint's own (`/track/hot`'s country headers, `/`'s `Accept`). The header is the same on
 * the full frame's answers and the hit path's (Responses and parts), 304s and held 404s included.
 */
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { echoEndpoint, frameEndpoints, stub, testApp, UA } from '../../helpers/http/app.ts';

/** An endpoint whose answer reads a header of its own, as `/track/hot`'s reads the country. */
const regional = defineEndpoint({
  path: '/t/regional',
  ...stub,
  cache: 600,
  cacheKey: (_params: unknown, request: Request) => request.headers.get('x-region') ?? 'global',
  vary: () => ['X-Region'],
  handle: ({ request }) => ({ region: request.headers.get('x-region') ?? 'global' }),
});
const neverKept = defineEndpoint({ path: '/t/never', ...stub, cache: 'no-store', handle: () => ({ kept: false }) });

function setup(baseUrl?: string) {
  const echo = echoEndpoint();
  const app = testApp([...frameEndpoints, echo.endpoint, regional, neverKept], baseUrl ? { baseUrl } : {});
  const ask = (path: string, headers: Record<string, string> = {}) =>
    new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA, ...headers } });
  const env = { clientIp: '203.0.113.9' };
  return { ...app, echo, ask, env };
}

describe('without a base URL, links come from Host: answers say Vary: Host', () => {
  it('on the miss, the held hit (through fetch and the hit path alone), a 304 from either, and a held 404', async () => {
    const { frame, ask, env, echo } = setup();
    const miss = await frame.fetch(ask('/t/echo?query=a'), env);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const hit = await frame.fetch(ask('/t/echo?query=a'), env);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    const copy = (await frame.hit(ask('/t/echo?query=a'), env))!;
    expect([miss, hit].map((res) => res.headers.get('vary'))).toEqual(['Host', 'Host']);
    expect(copy.headers.get('vary')).toBe('Host');
    const etag = { 'if-none-match': miss.headers.get('etag')! };
    const notModified = [
      await frame.fetch(ask('/t/echo?query=a', etag), env),
      await frame.app.fetch(ask('/t/echo?query=a', etag), env),
    ];
    expect(notModified.map((res) => [res.status, res.headers.get('vary')])).toEqual([
      [304, 'Host'],
      [304, 'Host'],
    ]);
    echo.state.behaviour = 'notfound';
    await frame.fetch(ask('/t/echo?query=gone'), env);
    const gone = await frame.fetch(ask('/t/echo?query=gone'), env);
    expect([gone.status, gone.headers.get('x-cache'), gone.headers.get('vary')]).toEqual([404, 'HIT', 'Host']);
  });

  it("an endpoint's own names come first, on the hit path's answers as on the frame's", async () => {
    const { frame, ask, env } = setup();
    const fr = { 'x-region': 'fr' };
    const miss = await frame.fetch(ask('/t/regional', fr), env);
    const hit = await frame.fetch(ask('/t/regional', fr), env);
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect([miss, hit].map((res) => res.headers.get('vary'))).toEqual(['X-Region, Host', 'X-Region, Host']);
    expect((await frame.hit(ask('/t/regional', fr), env))!.headers.get('vary')).toBe('X-Region, Host');
  });

  it('not on an answer no cache may keep (no-store)', async () => {
    const { frame, ask, env } = setup();
    expect((await frame.fetch(ask('/t/never'), env)).headers.has('vary')).toBe(false);
  });
});

describe('with a base URL, links do not depend on Host', () => {
  it('answers name only what the endpoint itself reads', async () => {
    const { frame, ask, env } = setup('https://music.example');
    for (let i = 0; i < 2; i++) {
      expect((await frame.fetch(ask('/t/echo?query=a'), env)).headers.has('vary')).toBe(false);
      expect((await frame.fetch(ask('/t/regional'), env)).headers.get('vary')).toBe('X-Region');
    }
  });
});

describe('the routes', () => {
  const get = (sleeve: ReturnType<typeof createSleeve>, path: string, headers: Record<string, string> = {}) =>
    sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA, ...headers } }), {
      clientIp: '203.0.113.9',
    });
  const quiet = { info() {}, error() {} };

  it('/track/hot varies with the country headers it reads, and Host for its links; `/` with Accept and Host', async () => {
    const sleeve = createSleeve({ log: quiet });
    for (let i = 0; i < 2; i++) {
      const hot = await get(sleeve, '/track/hot?limit=2', { 'cf-ipcountry': 'FR' });
      expect(hot.headers.get('vary')).toBe('cf-ipcountry, x-vercel-ip-country, Host');
    }
    expect((await get(sleeve, '/')).headers.get('vary')).toBe('Accept, Host');
    const own = createSleeve({ log: quiet, baseUrl: 'https://music.example', countryHeaders: ['X-Country'] });
    expect((await get(own, '/track/hot?limit=2')).headers.get('vary')).toBe('x-country');
    const none = createSleeve({ log: quiet, baseUrl: 'https://music.example', countryHeaders: [] });
    expect((await get(none, '/track/hot?limit=2')).headers.has('vary')).toBe(false);
    expect((await get(none, '/')).headers.get('vary')).toBe('Accept');
  });

  it('live mode without a base URL says so once, at start; with one, or in demo mode, nothing', () => {
    const told = (options: Parameters<typeof createSleeve>[0]) => {
      const lines: string[] = [];
      const sleeve = createSleeve({ ...options, log: { info: (line) => void lines.push(line), error() {} } });
      void sleeve.close();
      return lines.filter((line) => line.includes('no base URL'));
    };
    const live = { mode: 'live', storage: 'memory', upstreams: { deezer: 'http://127.0.0.1:9' } } as const;
    expect(told(live)).toHaveLength(1);
    expect(told(live)[0]).toMatch(/Vary: Host/);
    expect(told({ ...live, baseUrl: 'https://music.example' })).toEqual([]);
    expect(told({ storage: 'memory' })).toEqual([]);
  });
});
