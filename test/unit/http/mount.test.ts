/** Sleeve below a host's root (`basePath`): links carry the mount path, and both mount styles are answered. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { normalBasePath } from '../../../core/wiring/options.ts';
import { UA } from '../../helpers/http/app.ts';

const quiet = { info: () => {}, error: () => {} };
const headers = { 'user-agent': UA };

describe('basePath', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['music', '/music'],
    ['/music/', '/music'],
    ['/a/b', '/a/b'],
  ])('normalises %j to %j', (given, want) => {
    expect(normalBasePath(given)).toBe(want);
  });

  it.each(['/a//b', '/mu sic', '/x?y', '/x#y'])('refuses %j', (given) => {
    expect(() => normalBasePath(given)).toThrow(/basePath/);
  });

  it('answers a request that still carries the prefix (a catch-all host route, a proxy that does not strip)', async () => {
    const sleeve = createSleeve({ basePath: '/music', log: quiet });
    const host = new Hono()
      .all('/music/*', (c) => sleeve.fetch(c.req.raw))
      .all('/music', (c) => sleeve.fetch(c.req.raw));
    const hot = await host.request('http://h.test/music/track/hot?limit=1', { headers });
    expect(hot.status).toBe(200);
    expect((await hot.json()).tracks[0].cover).toMatch(/^http:\/\/h\.test\/music\/cover\?/);
    expect((await host.request('http://h.test/music/v2.5.0/healthz')).status).toBe(200);
    // `/musicals/...` is not under `/music`: Sleeve sees it whole, and has no such path.
    expect((await sleeve.fetch(new Request('http://h.test/musicals/healthz'))).status).toBe(404);
  });

  it('keeps SLEEVE_BASE_URL as the whole public base', async () => {
    const sleeve = createSleeve({ basePath: '/music', baseUrl: 'https://cdn.example/m/', log: quiet });
    const hot = await (await sleeve.fetch(new Request('http://h.test/track/hot?limit=1', { headers }))).json();
    expect(hot.tracks[0].cover).toMatch(/^https:\/\/cdn\.example\/m\/cover\?/);
  });

  it('names the path the client sent, prefix and all, in its request line and in a 404 (mounted, forwarded whole, or a Hono route)', async () => {
    const lines: string[] = [];
    const log = { ...quiet, request: (line: string) => void lines.push(line) };
    const sleeve = createSleeve({ basePath: '/music', requestLog: 'json', log });
    const mounted = new Hono().mount('/music', (request) => sleeve.fetch(request));
    const whole = new Hono().all('/music/*', (c) => sleeve.fetch(c.req.raw));
    const routed = new Hono().route('/music', createSleeve({ requestLog: 'json', log }).app);
    for (const host of [mounted, whole, routed]) {
      lines.length = 0;
      const nope = await host.request('http://h.test/music/nope?x=1', { headers });
      expect(nope.status).toBe(404);
      expect((await nope.json()).error.message).toBe(
        'No endpoint at /music/nope. See /music/errors and /music/openapi.json.',
      );
      const genres = await host.request('http://h.test/music/editorial/genres', { headers });
      expect(genres.status).toBe(200);
      expect(lines.map((line) => JSON.parse(line).path)).toEqual(['/music/nope', '/music/editorial/genres']);
      // The pages the 404 names are there, under the prefix.
      for (const page of ['/music/errors', '/music/openapi.json'])
        expect((await host.request(`http://h.test${page}`, { headers })).status, page).toBe(200);
    }
    // Below a version, the message names the path within that version, as before (D7; 2.5.0's errors are a bare message).
    expect((await (await mounted.request('http://h.test/music/v2.5.0/nope', { headers })).json()).error).toBe(
      'No endpoint at /nope. See /music/errors and /music/openapi.json.',
    );
  });
});
