/** D9: the cached layer: keys, lifetimes, headers, ETag, coalescing, not-found, stale. */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { HOT_ENTRIES } from '../../../core/http/cache/layer.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { echoEndpoint, frameEndpoints, testApp, stub } from '../../helpers/http/app.ts';

function setup(cache: number | 'forever' = 900, delayMs?: number) {
  const echo = echoEndpoint({ cache, delayMs });
  return { ...testApp([...frameEndpoints, echo.endpoint], { rateLimits: 'off' }), echo };
}

describe('cache (D9)', () => {
  it('MISS then HIT, with Cache-Control and ETag, the route running once', async () => {
    const { fetch, echo } = setup();
    const first = await fetch('/t/echo?query=a');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=900');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const second = await fetch('/t/echo?query=a');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await second.json()).toEqual(await first.json());
    expect(echo.state.calls).toBe(1);
  });

  it('parameters the handler reads alike, aliases and version prefixes share one entry', async () => {
    const { fetch, echo } = setup();
    await fetch('/t/echo?query=Daft%20Punk');
    for (const path of [
      '/t/echo?query=Daft+Punk+',
      '/t/echo-alias?query=Daft%20Punk&limit=5',
      '/v2.5.0/t/echo?limit=5&query=%20Daft%20Punk',
      '/current/t/echo?query=Daft+Punk&utm=x',
      '/t/echo?query=Daft+Punk&limit=5.0',
    ]) {
      expect((await fetch(path)).headers.get('x-cache'), path).toBe('HIT');
    }
    expect(echo.state.calls).toBe(1);
    expect((await fetch('/t/echo?query=Daft+Punk&limit=6')).headers.get('x-cache')).toBe('MISS');
    expect(echo.state.calls).toBe(2);
  });

  it('two spellings the handler tells apart are two entries, each echoing its own (D58)', async () => {
    const { json, echo } = setup();
    const first = await json('/t/echo?query=Daft%20Punk');
    const second = await json('/t/echo-alias?query=DAFT%20PUNK');
    expect([first.res.headers.get('x-cache'), second.res.headers.get('x-cache')]).toEqual(['MISS', 'MISS']);
    expect([first.body.query, second.body.query]).toEqual(['Daft Punk', 'DAFT PUNK']);
    // Held now: the hit path answers each spelling its own entry.
    for (const [path, query] of [
      ['/t/echo?query=DAFT+PUNK', 'DAFT PUNK'],
      ['/v2.5.0/t/echo?query=Daft+Punk', 'Daft Punk'],
    ] as const) {
      const again = await json(path);
      expect(again.res.headers.get('x-cache'), path).toBe('HIT');
      expect(again.body.query, path).toBe(query);
    }
    expect(echo.state.calls).toBe(2);
  });

  it('answers 304 to a matching If-None-Match, and 200 otherwise', async () => {
    const { fetch } = setup();
    const etag = (await fetch('/t/echo?query=a')).headers.get('etag')!;
    const same = await fetch('/t/echo?query=a', { headers: { 'If-None-Match': etag } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe(etag);
    expect((await fetch('/t/echo?query=a', { headers: { 'If-None-Match': `W/${etag}, "other"` } })).status).toBe(304);
    expect((await fetch('/t/echo?query=a', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('keeps an entry for its lifetime (deps.clock.now), forever for `forever`', async () => {
    const { fetch, clock, echo } = setup(60);
    await fetch('/t/echo?query=a');
    clock.now += 59_000;
    expect((await fetch('/t/echo?query=a')).headers.get('x-cache')).toBe('HIT');
    clock.now += 2_000;
    expect((await fetch('/t/echo?query=a')).headers.get('x-cache')).toBe('MISS');
    expect(echo.state.calls).toBe(2);

    const forever = setup('forever');
    await forever.fetch('/t/echo?query=a');
    forever.clock.now += 400 * 24 * 3600_000;
    const late = await forever.fetch('/t/echo?query=a');
    expect(late.headers.get('x-cache')).toBe('HIT');
    expect(late.headers.get('cache-control')).toBe('public, max-age=31536000');
  });

  it('coalesces 100 concurrent identical cold requests into one call of the source', async () => {
    const { fetch, echo } = setup(900, 20);
    const all = await Promise.all(Array.from({ length: 100 }, () => fetch('/t/echo?query=cold')));
    expect(echo.state.calls).toBe(1);
    const bodies = await Promise.all(all.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(all.every((r) => r.status === 200)).toBe(true);
  });

  it("coalesced followers share the leader's error too, and errors are not cached", async () => {
    const { fetch, echo } = setup(900, 20);
    echo.state.behaviour = 'upstream';
    const all = await Promise.all(Array.from({ length: 10 }, () => fetch('/t/echo?query=down')));
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(502));
    expect(echo.state.calls).toBe(1);
    echo.state.behaviour = 'ok';
    expect((await fetch('/t/echo?query=down')).status).toBe(200);
    expect(echo.state.calls).toBe(2);
  });

  it('keeps not-found answers 5 minutes', async () => {
    const { json, clock, echo } = setup();
    echo.state.behaviour = 'notfound';
    const first = await json('/t/echo?query=ghost');
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    // The parameter the 404 names survives being kept (D3's `param`), on the first answer too.
    expect(first.body).toMatchObject({ ok: false, error: { code: 'not_found', param: 'query' } });
    echo.state.behaviour = 'ok';
    const again = await json('/t/echo?query=ghost');
    expect(again.res.status).toBe(404);
    expect(again.res.headers.get('x-cache')).toBe('HIT');
    expect(again.body).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'No track for ghost.', param: 'query' },
    });
    expect((await json('/v2.5.0/t/echo?query=ghost')).body).toEqual({ error: 'No track for ghost.' });
    clock.now += 301_000;
    expect((await json('/t/echo?query=ghost')).res.status).toBe(200);
    expect(echo.state.calls).toBe(2);
  });

  it('serves an entry up to 24 h past its lifetime as STALE when the upstream fails, not after', async () => {
    const { json, clock, echo } = setup(60);
    const fresh = await json('/t/echo?query=a');
    echo.state.behaviour = 'timeout';
    clock.now += 23 * 3600_000;
    const stale = await json('/t/echo?query=a');
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get('x-cache')).toBe('STALE');
    expect(stale.body).toEqual(fresh.body);
    echo.state.behaviour = 'bug';
    expect((await json('/t/echo?query=a')).res.status).toBe(500);
    echo.state.behaviour = 'upstream';
    clock.now += 2 * 3600_000;
    expect((await json('/t/echo?query=a')).res.status).toBe(502);
  });

  it('no-store endpoints say so and are never kept', async () => {
    let calls = 0;
    const live = defineEndpoint({ ...stub, path: '/t/live', cache: 'no-store', handle: () => ({ calls: ++calls }) });
    const { fetch } = testApp([live]);
    const res = await fetch('/t/live');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.has('x-cache')).toBe(false);
    await fetch('/t/live');
    expect(calls).toBe(2);
  });

  it("an endpoint's own cacheKey replaces the default", async () => {
    let calls = 0;
    const own = defineEndpoint({
      ...stub,
      path: '/t/own',
      cache: 60,
      cacheKey: (p: Record<string, string>) => `id=${p.id}`,
      handle: () => ({ calls: ++calls }),
    });
    const { fetch } = testApp([own]);
    await fetch('/t/own?id=AbC');
    expect((await fetch('/t/own?id=AbC')).headers.get('x-cache')).toBe('HIT');
    expect((await fetch('/t/own?id=abc')).headers.get('x-cache')).toBe('MISS');
  });

  it('keeps answering when the storage fails: uncached, or from the entries held in process; outage logged once', async () => {
    const storage = createStorage();
    const down = async () => {
      throw new Error('storage down');
    };
    storage.getItem = down;
    storage.setItem = down;
    const echo = echoEndpoint();
    const app = testApp([echo.endpoint], { storage, rateLimits: 'off' });
    for (const query of ['a', 'b', 'c']) {
      const res = await app.fetch(`/t/echo?query=${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
    }
    expect(echo.state.calls).toBe(3);
    expect((await app.fetch('/t/echo?query=a')).headers.get('x-cache')).toBe('HIT');
    expect(echo.state.calls).toBe(3);
    expect(app.logs.filter((l) => l.message.startsWith('storage unavailable'))).toHaveLength(1);
  });

  it('holds at most HOT_ENTRIES parsed entries in process; older ones come back from the storage', async () => {
    const echo = echoEndpoint();
    const storage = createStorage();
    let reads = 0;
    const getItem = storage.getItem.bind(storage);
    storage.getItem = (async (key: string) => {
      reads++;
      return getItem(key);
    }) as typeof storage.getItem;
    const app = testApp([echo.endpoint], { storage, rateLimits: 'off' });
    for (let i = 0; i <= HOT_ENTRIES; i++) await app.fetch(`/t/echo?query=q${i}`);
    reads = 0;
    expect((await app.fetch(`/t/echo?query=q${HOT_ENTRIES}`)).headers.get('x-cache')).toBe('HIT');
    expect(reads).toBe(0);
    expect((await app.fetch('/t/echo?query=q0')).headers.get('x-cache')).toBe('HIT');
    expect(reads).toBe(1);
    expect(echo.state.calls).toBe(HOT_ENTRIES + 1);
  });
});
