/**
 * D27 and D28 in demo mode: `/live` (the simulated station's scheduled DJ shows), `/listen.mp3`
 * (the simulated station has no stream: 503 `not_configured`), and `/roadmap`, checked against
 * the version table and the declarations it is generated from.
 */
import { describe, expect, it } from 'vitest';
import { VERSIONS } from '../../../core/http/versions.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { liveSchema, nowPlayingSchema, roadmapSchema } from '../../../core/schemas/responses/index.ts';
import { call, fails, makeSleeve, ok, UA } from '../../helpers/routes/client.ts';

const clock = { now: Date.UTC(2026, 10, 20, 0, 30) };
const radio = makeSleeve({ now: () => clock.now });

describe('/live (D27)', () => {
  it("is /nowplaying's live object at every hour of three days: some evenings a DJ is on, most hours not", async () => {
    const seen = new Set<boolean>();
    for (let hour = 0; hour < 72; hour++) {
      clock.now = Date.UTC(2026, 10, 20, hour, 30);
      const live = await ok(liveSchema, '/live', { sleeve: radio });
      const np = await ok(nowPlayingSchema, '/nowplaying', { sleeve: radio });
      expect(live, `hour ${hour}`).toEqual(np.live);
      seen.add(live.is_live);
      if (live.is_live) {
        expect(live.streamer_name).toMatch(/^DJ /);
        expect(live.broadcast_start).toBeLessThanOrEqual(clock.now / 1000);
        expect(np.now_playing.streamer).toBe(live.streamer_name);
      } else expect(live).toEqual({ is_live: false, streamer_name: '', broadcast_start: null, art: null });
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('is cached 10 s, limited like /nowplaying, and needs the contact User-Agent', async () => {
    const limited = makeSleeve({ rateLimits: 1 });
    const res = await call('/live', { sleeve: limited });
    expect(res.headers.get('cache-control')).toBe('public, max-age=10');
    expect(res.headers.get('ratelimit-limit')).toBe('30');
    const anonymous = await radio.fetch(new Request('http://sleeve.test/live'));
    expect(anonymous.status).toBe(401);
  });

  it('404 for an unknown station, 400 for a station name over 64 characters', async () => {
    await fails('/live?station=nope', 404, 'not_found');
    await fails(`/live?station=${'x'.repeat(65)}`, 400, 'bad_request', 'station');
  });
});

// Issue #61: the station is put in the path of AzuraCast's URLs, where `..` walks up a level;
// it is held to `SLEEVE_STATION`'s rule on every radio route, and published so.
describe('station on the radio routes', () => {
  const routes = ['/nowplaying', '/nowplaying/socket', '/live', '/listen.mp3'];

  it.each(routes)('%s: a station that is no shortcode is a 400 naming it', async (path) => {
    for (const station of ['..', '%2e%2e', '.', 'a/b', 'a%2Fb', '..%2Fadmin', 'a.b', 'caf%C3%A9', '%00'])
      await fails(`${path}?station=${station}`, 400, 'bad_request', 'station');
  });

  it('a shortcode, a numeric id and blank (the default station) are taken', async () => {
    await ok(liveSchema, '/live?station=sleeve', { sleeve: radio });
    await ok(liveSchema, '/live?station=%20sleeve%20', { sleeve: radio });
    await ok(liveSchema, '/live?station=', { sleeve: radio });
    await fails('/live?station=1', 404, 'not_found');
    await fails('/live?station=Kenh_2-b', 404, 'not_found');
  });

  it.each(routes)("%s: /openapi.json publishes the rule as the station's pattern", async (path) => {
    const doc = (await (await radio.fetch(new Request('http://sleeve.test/openapi.json'))).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { pattern: string } }[] } }>;
    };
    const station = doc.paths[path]!.get.parameters.find((p) => p.name === 'station')!;
    const pattern = new RegExp(station.schema.pattern);
    for (const taken of ['sleeve', 'kenh_2', '1', ' ', '', ' sleeve ']) expect(pattern.test(taken), taken).toBe(true);
    for (const refused of ['..', 'a/b', 'a.b', 'x'.repeat(65)]) expect(pattern.test(refused), refused).toBe(false);
  });
});

describe('/listen.mp3 (D27)', () => {
  it('503 not_configured in demo mode, saying the station is simulated and how to listen; public and no-store', async () => {
    const res = await radio.fetch(new Request('http://sleeve.test/listen.mp3'));
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.error.code).toBe('not_configured');
    expect(body.error.message).toMatch(/simulated.*SLEEVE_MODE=live/s);
  });

  it('an unknown station is still a 404, not the demo refusal', async () => {
    await fails('/listen.mp3?station=nope', 404, 'not_found', 'station');
  });

  it('is not batchable (a stream): its batch entry is a 400', async () => {
    const res = await radio.fetch(
      new Request('http://sleeve.test/batch', {
        method: 'POST',
        headers: { 'user-agent': UA, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ path: '/listen.mp3' }, { path: '/live' }] }),
      }),
    );
    const body = await res.json();
    expect([body.responses['0'].status, body.responses['1'].status]).toEqual([400, 200]);
  });
});

describe('/roadmap (D28)', () => {
  it("lists every version newest first, with the table's error shape, headers and changes", async () => {
    const body = await ok(roadmapSchema, '/roadmap');
    expect(body.current).toBe('3.0.0');
    expect(body.versions.map((v) => v.version)).toEqual(VERSIONS.map((v) => v.name).reverse());
    expect(body.versions.filter((v) => v.current).map((v) => v.version)).toEqual(['3.0.0']);
    for (const row of body.versions) {
      const table = VERSIONS.find((v) => v.name === row.version)!;
      expect(row.prefix).toBe(`/v${row.version}`);
      expect(row.errorShape).toBe(table.errorShape);
      expect(row.changes).toBe(table.changes);
      expect(row.rateLimitHeaders.some((h) => h.startsWith('RateLimit-'))).toBe(table.rateLimitHeaders === 'both');
    }
    expect(body.versions.find((v) => v.version === '2.3.1')!.changes).toMatch(/\/track\/download/);
  });

  it('places every declared endpoint once: under its since, or answered by every version', async () => {
    const body = await ok(roadmapSchema, '/roadmap');
    const listed = [
      ...body.versions.flatMap((v) => v.added.map((e) => `${v.version} ${e.method} ${e.path}`)),
      ...body.everyVersion.map((e) => `always ${e.method} ${e.path}`),
    ];
    // `/metrics` is served (and so listed) only with `metrics: true` (D20), `/status` and its feed only with `status: true`.
    const declared = endpoints
      .filter((e) => !['/metrics', '/status', '/status/feed'].includes(e.path))
      .map((e) => `${e.since ?? 'always'} ${e.method ?? 'GET'} ${e.path}`);
    expect(listed.sort()).toEqual(declared.sort());
    const withMetrics = await ok(roadmapSchema, '/roadmap', { sleeve: makeSleeve({ metrics: true }) });
    expect(withMetrics.everyVersion.map((e) => e.path)).toContain('/metrics');
    const withStatus = await ok(roadmapSchema, '/roadmap', { sleeve: makeSleeve({ status: true }) });
    expect(withStatus.everyVersion.map((e) => e.path)).toEqual(expect.arrayContaining(['/status', '/status/feed']));
    const renamed = body.versions.find((v) => v.version === '2.1.1')!.added;
    expect(renamed).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/track/hot', aliases: ['/hot-tracks'] },
        { method: 'GET', path: '/share/card', aliases: ['/share-card'] },
      ]),
    );
    expect(body.versions.find((v) => v.version === '2.1.0')!.added.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/resolve', '/track/isrc', '/healthz']),
    );
  });

  it('and each added path answers 404 under the version before its own (what it says is what the service does)', async () => {
    const body = await ok(roadmapSchema, '/roadmap');
    const names = VERSIONS.map((v) => v.name);
    for (const row of body.versions) {
      const before = names[names.indexOf(row.version) - 1];
      for (const e of row.added.filter((e) => e.method === 'GET' && !e.path.includes(':'))) {
        if (before !== undefined) expect((await call(`/v${before}${e.path}`)).status, `${before} ${e.path}`).toBe(404);
        expect((await call(`/v${row.version}${e.path}`)).status, `${row.version} ${e.path}`).not.toBe(404);
        for (const alias of e.aliases)
          expect((await call(`/v${names[0]}${alias}`)).status, `${names[0]} ${alias}`).not.toBe(404);
      }
    }
  });
});
