/**
 * The one HTTP-only smoke suite (srvx habit): the same checks against every runtime. Depth
 * lives in the unit tests; this proves each adapter serves the app faithfully.
 */
import { describe, expect, it } from 'vitest';

export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

const UA = { 'User-Agent': 'smoke/1.0 (smoke@example.com)' };

export function runSmoke(name: string, make: () => Fetcher): void {
  describe(`HTTP smoke: ${name}`, () => {
    const get = (path: string, init: RequestInit = {}) =>
      make()(path, { ...init, headers: { ...UA, ...init.headers } });

    it('/healthz answers the health object with no-store', async () => {
      const res = await get('/healthz');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual([
        'checks',
        'degraded',
        'elapsedMs',
        'releasedAt',
        'status',
        'timestamp',
        'version',
      ]);
      expect(body.version).toBe('3.0.0');
    });

    it('/healthz needs no User-Agent', async () => {
      const res = await make()('/healthz', { headers: { 'User-Agent': '' } });
      expect(res.status).toBe(200);
    });

    it('/editorial/genres lists genres with id 0 named All', async () => {
      const res = await get('/editorial/genres');
      expect(res.status).toBe(200);
      const genres = await res.json();
      expect(genres[0]).toEqual({ id: 0, name: 'All', image: expect.any(String) });
      for (const g of genres) expect(Object.keys(g).sort()).toEqual(['id', 'image', 'name']);
    });

    it('answers JSON with a JSON content type', async () => {
      const res = await get('/editorial/genres');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    });

    it('an unknown path is a 404 in the error shape', async () => {
      const res = await get('/no/such/path');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.any(String) } });
    });

    it('HEAD answers the status and headers without a body', async () => {
      const res = await get('/healthz', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.text()).toBe('');
    });

    it('HEAD of an unknown path is a 404', async () => {
      const res = await get('/no/such/path', { method: 'HEAD' });
      expect(res.status).toBe(404);
    });

    it('keeps query strings and percent-encoding intact', async () => {
      const res = await get('/editorial/genres?x=%C3%A9t%C3%A9&y=1');
      expect(res.status).toBe(200);
    });

    it('serves concurrent requests', async () => {
      const all = await Promise.all(Array.from({ length: 20 }, () => get('/editorial/genres')));
      expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
      await Promise.all(all.map((r) => r.arrayBuffer()));
    });

    it('answers X-Request-Id (D20): a fresh one, or the caller’s own, on answers and errors alike', async () => {
      const fresh = await get('/editorial/genres');
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await fresh.arrayBuffer();
      const own = await get('/no/such/path', { headers: { 'X-Request-Id': 'smoke-42' } });
      expect(own.status).toBe(404);
      expect(own.headers.get('x-request-id')).toBe('smoke-42');
      await own.arrayBuffer();
    });

    it('a POST to a GET-only path is not answered as a success', async () => {
      const res = await get('/editorial/genres', { method: 'POST' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect((await res.json()).ok).toBe(false);
    });
  });
}

/** A real server process (`npm run start:bun`, `start:deno`) writes one JSON line per request on its output (D20). */
export function runLogSmoke(name: string, server: () => { url: string; output(): string }): void {
  it(`${name}: one JSON line per request on standard output`, async () => {
    const id = `log-smoke-${Date.now()}`;
    // A client's endpoint: the probes' requests are not logged by default (D65).
    const headers = { 'X-Request-Id': id, 'User-Agent': 'Smoke/1.0 (smoke@example.com)' };
    await (await fetch(`${server().url}/editorial/genres?probe=secret`, { headers })).arrayBuffer();
    let line: string | undefined;
    for (let i = 0; i < 100 && !line; i++) {
      line = server()
        .output()
        .split('\n')
        .find((l) => l.includes(`"${id}"`));
      if (!line) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(JSON.parse(line!)).toMatchObject({
      id,
      method: 'GET',
      path: '/editorial/genres',
      route: '/editorial/genres',
      status: 200,
      upstream: 0,
    });
    // D8: the adapter hands over the socket's address; this client is on loopback.
    expect(JSON.parse(line!).ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    expect(line).not.toContain('secret');
  });
}

/** A fetcher against a base URL over real HTTP. */
export function overHttp(base: () => string): () => Fetcher {
  return () => (path, init) => fetch(base() + path, init);
}
