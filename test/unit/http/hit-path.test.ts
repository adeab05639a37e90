/**
 * Issue #13: the hit path (`core/http/hit/hit-path.ts`) answers a held cache hit before routing.
 * It must answer exactly what the full frame answers (the Hono app, as an embedder mounting
 * `sleeve.app` gets it), both ways it can build an answer, and leave everything it is not sure
 * of to the frame without counting it.
 */
import type { Storage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { echoEndpoint, frameEndpoints, redisLikeStorage, stub, testApp, UA } from '../../helpers/http/app.ts';

/** Headers that differ between two answers by design: the request's own id and its count. */
const PER_REQUEST = new Set(['x-request-id', 'ratelimit-remaining', 'x-ratelimit-remaining']);
const shared = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !PER_REQUEST.has(name)));
const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

/** An endpoint whose own cache key reads a header, as `/track/hot`'s reads the caller's country. */
const regional = defineEndpoint({
  path: '/t/regional',
  ...stub,
  cache: 600,
  cacheKey: (_params: unknown, request: Request) => request.headers.get('x-region') ?? 'global',
  handle: ({ request }) => ({ region: request.headers.get('x-region') ?? 'global' }),
});

/** A gated endpoint: it arrived in 3.0.0, so `/v2.5.0/t/new` is a 404 whatever the cache holds. */
const recent = defineEndpoint({ path: '/t/new', ...stub, since: '3.0.0', cache: 600, handle: () => ({ fresh: true }) });

function setup(hitResponses: 'objects' | 'clones', rateLimit = 1000, storage?: Storage) {
  const echo = echoEndpoint({ rateLimit });
  const app = testApp([...frameEndpoints, echo.endpoint, recent, regional], { hitResponses, storage });
  const ask = (path: string, init: RequestInit & { ua?: string | null; host?: string } = {}) => {
    const { ua = UA, host = 'sleeve.test', ...rest } = init;
    const headers = new Headers(rest.headers);
    if (ua !== null) headers.set('user-agent', ua);
    return new Request(`http://${host}${path}`, { ...rest, headers });
  };
  const env = { clientIp: '203.0.113.9' };
  return { ...app, echo, ask, env };
}

for (const hitResponses of ['objects', 'clones'] as const) {
  describe(`the hit path (${hitResponses})`, () => {
    const cases: [string, RequestInit & { ua?: string | null }][] = [
      ['/t/echo?query=a', {}],
      ['/t/echo-alias?query=a&limit=3', {}],
      ['/current/t/echo?query=a', {}],
      ['/v2.5.0/t/echo?query=a', {}],
      ['/editorial/genres', {}],
      ['/t/new', {}],
      ['/t/echo?query=a', { headers: { 'X-Request-Id': 'caller-7.a' } }],
      ['/t/echo?query=a', { headers: { 'X-Request-Id': 'not well formed!' } }],
      ['/t/echo?query=a', { ua: null, headers: { 'Api-User-Agent': 'Page/1 (page@example.com)' } }],
    ];

    it('answers a held hit exactly as the full frame does: status, body, every header but the id and the count', async () => {
      const { frame, ask, env } = setup(hitResponses);
      for (const [path, init] of cases) {
        await frame.app.fetch(ask(path, init), env);
        expect(frame.hit(ask(path, init), env), path).toBeInstanceOf(Response);
        const fast = await frame.fetch(ask(path, init), env);
        const full = await frame.app.fetch(ask(path, init), env);
        expect(fast.status, path).toBe(200);
        expect(shared(fast), path).toEqual(shared(full));
        expect(fast.headers.get('x-cache'), path).toBe('HIT');
        expect(await fast.text(), path).toBe(await full.text());
        // Both count in the same window: the full frame's answer is one request later.
        if (fast.headers.has('x-ratelimit-remaining')) expect(remaining(full), path).toBe(remaining(fast) - 1);
        const given = new Headers(init.headers).get('x-request-id');
        if (given === 'caller-7.a') expect(fast.headers.get('x-request-id')).toBe(given);
        else expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('pins keep their header family: /v2.5.0 sends only X-RateLimit-*, the bare path both', async () => {
      const { frame, ask, env } = setup(hitResponses);
      for (const path of ['/v2.5.0/t/echo?query=b', '/t/echo?query=b']) await frame.app.fetch(ask(path), env);
      const pinned = await frame.fetch(ask('/v2.5.0/t/echo?query=b'), env);
      const bare = await frame.fetch(ask('/t/echo?query=b'), env);
      expect(pinned.headers.has('ratelimit-limit')).toBe(false);
      expect(pinned.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(bare.headers.get('ratelimit-limit')).toBe('1000');
    });

    it("answers copies of one answer: each its own headers, id and count, the frame's names, the body's bytes", async () => {
      const { frame, ask, env } = setup(hitResponses);
      for (const path of ['/t/echo?query=p', '/v2.5.0/t/echo?query=p']) {
        const full = await frame.app.fetch(ask(path), env);
        const answers = [];
        for (let i = 0; i < 3; i++) {
          const res = (await frame.hit(ask(path), env))!;
          answers.push(res);
          // What a server does to an answer it writes must never reach the next one.
          res.headers.set('X-Written', 'yes');
          res.headers.set('X-Cache', 'changed');
        }
        const [first, second, third] = answers.map((res) => res.headers);
        expect(new Set([first, second, third]).size, path).toBe(3);
        expect(second!.get('X-Written'), path).toBe('yes');
        expect(third!.get('X-Cache'), path).toBe('changed');
        const ids = [first, second, third].map((headers) => headers!.get('X-Request-Id'));
        expect(new Set(ids).size, path).toBe(3);
        const counts = [first, second, third].map((headers) => Number(headers!.get('X-RateLimit-Remaining')));
        expect(counts, path).toEqual([remaining(full) - 1, remaining(full) - 2, remaining(full) - 3]);
        // The frame's own names (Headers sorts them), and the body's bytes.
        const names = [...second!.keys()].filter((name) => name !== 'x-written');
        expect(names, path).toEqual([...full.headers.keys()]);
        const body = await full.text();
        for (const res of answers) expect(await res.text(), path).toBe(body);
        expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      }
    });

    it('answers 304 to a matching If-None-Match, and a held 404 as the frame renders it', async () => {
      const { frame, ask, env, echo } = setup(hitResponses);
      const first = await frame.app.fetch(ask('/t/echo?query=c'), env);
      const etag = first.headers.get('etag')!;
      const fast = await frame.fetch(ask('/t/echo?query=c', { headers: { 'If-None-Match': `W/${etag}` } }), env);
      const full = await frame.app.fetch(ask('/t/echo?query=c', { headers: { 'If-None-Match': `W/${etag}` } }), env);
      expect([fast.status, full.status]).toEqual([304, 304]);
      expect(shared(fast)).toEqual(shared(full));
      echo.state.behaviour = 'notfound';
      await frame.app.fetch(ask('/t/echo?query=gone'), env);
      for (const path of ['/t/echo?query=gone', '/v2.5.0/t/echo?query=gone']) {
        // A URL is the hit path's once the frame has answered it (its key is then remembered).
        await frame.app.fetch(ask(path), env);
        expect(frame.hit(ask(path), env), path).toBeInstanceOf(Response);
        const [a, b] = [await frame.fetch(ask(path), env), await frame.app.fetch(ask(path), env)];
        expect([a.status, b.status]).toEqual([404, 404]);
        expect(shared(a)).toEqual(shared(b));
        expect(await a.json()).toEqual(await b.json());
      }
      expect(echo.state.calls).toBe(2);
    });

    it('while a shared counter store is down, answers carry no counts, as the frame’s do', async () => {
      const shared = redisLikeStorage();
      const { frame, ask, env } = setup(hitResponses, 1000, shared.storage);
      await frame.app.fetch(ask('/t/echo?query=e'), env);
      expect((await frame.fetch(ask('/t/echo?query=e'), env)).headers.get('ratelimit-limit')).toBe('1000');
      shared.state.down = true;
      const fast = frame.hit(ask('/t/echo?query=e'), env);
      expect(fast).toBeInstanceOf(Promise);
      const [a, b] = [await fast!, await frame.app.fetch(ask('/t/echo?query=e'), env)];
      expect([a.headers.get('x-cache'), b.headers.get('x-cache')]).toEqual(['HIT', 'HIT']);
      expect([...a.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([]);
      expect(Object.fromEntries([...a.headers].filter(([name]) => name !== 'x-request-id'))).toEqual(
        Object.fromEntries([...b.headers].filter(([name]) => name !== 'x-request-id')),
      );
      expect(await a.text()).toBe(await b.text());
      const again = (await frame.hit(ask('/t/echo?query=e'), env))!;
      expect([...again.headers.keys()].filter((name) => name.includes('ratelimit'))).toEqual([]);
    });

    it('counts against the same limit as the frame and answers its 429 the same way', async () => {
      const { frame, ask, env } = setup(hitResponses, 3);
      await frame.app.fetch(ask('/t/echo?query=d'), env);
      const fast = [];
      for (let i = 0; i < 3; i++) fast.push(await frame.fetch(ask('/t/echo?query=d'), env));
      expect(fast.map((r) => r.status)).toEqual([200, 200, 429]);
      const full = await frame.app.fetch(ask('/t/echo?query=d'), env);
      expect(full.status).toBe(429);
      expect(shared(fast[2]!)).toEqual(shared(full));
      expect(await fast[2]!.json()).toEqual(await full.json());
      expect(fast[2]!.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('leaves to the frame, uncounted, what it is not sure of', async () => {
      const { frame, ask, env } = setup(hitResponses, 1000);
      await frame.app.fetch(ask('/t/echo?query=e'), env);
      await frame.app.fetch(ask('/t/new'), env);
      const before = remaining(await frame.app.fetch(ask('/t/echo?query=e'), env));
      const declined: [string, Request, object?][] = [
        ['HEAD', ask('/t/echo?query=e', { method: 'HEAD' })],
        ['POST', ask('/t/echo?query=e', { method: 'POST', body: 'x' })],
        ['a query not validated before', ask('/t/echo?limit=4&query=e')],
        ['a trailing slash', ask('/t/echo/?query=e')],
        ['an escaped path', ask('/t/%65cho?query=e')],
        ['no contact e-mail', ask('/t/echo?query=e', { ua: 'curl/8' })],
        ['an upgrade', ask('/t/echo?query=e', { headers: { Upgrade: 'websocket' } })],
        ['a declared body', ask('/t/echo?query=e', { headers: { 'Content-Length': '999999' } })],
        ['another origin (answers carry it)', ask('/t/echo?query=e', { host: 'other.test' })],
        ['a version before the endpoint', ask('/v2.5.0/t/new')],
        ['a /batch sub-request', ask('/t/echo?query=e'), { ...env, sleeveVersion: '2.5.0' }],
      ];
      for (const [why, request, bindings] of declined) expect(frame.hit(request, bindings ?? env), why).toBeUndefined();
      // Nothing above was counted: the next request is the very next one in the window.
      expect(remaining(await frame.app.fetch(ask('/t/echo?query=e'), env))).toBe(before - 1);
      // And the frame still answers them as before.
      expect((await frame.fetch(ask('/v2.5.0/t/new'), env)).status).toBe(404);
      expect((await frame.fetch(ask('/t/echo?query=e', { ua: 'curl/8' }), env)).status).toBe(401);
      expect((await frame.fetch(ask('/t/echo?query=e', { headers: { Upgrade: 'websocket' } }), env)).status).toBe(400);
      expect((await frame.fetch(ask('/t/echo?query=e', { headers: { 'Content-Length': '999999' } }), env)).status).toBe(
        413,
      );
    });

    it("keys an endpoint's own way: a header its key reads picks the entry", async () => {
      const { frame, ask, env } = setup(hitResponses);
      const fr = { headers: { 'X-Region': 'fr' } };
      await frame.app.fetch(ask('/t/regional'), env);
      await frame.app.fetch(ask('/t/regional', fr), env);
      expect(frame.hit(ask('/t/regional', fr), env)).toBeInstanceOf(Response);
      expect(await (await frame.fetch(ask('/t/regional', fr), env)).json()).toEqual({ region: 'fr' });
      expect(await (await frame.fetch(ask('/t/regional'), env)).json()).toEqual({ region: 'global' });
      // A region never answered before is the frame's, and then held under its own key.
      expect(frame.hit(ask('/t/regional', { headers: { 'X-Region': 'jp' } }), env)).toBeUndefined();
    });

    it('stops answering an entry once it is no longer fresh', async () => {
      const { frame, ask, env, clock } = setup(hitResponses);
      await frame.app.fetch(ask('/t/echo?query=f'), env);
      expect(frame.hit(ask('/t/echo?query=f'), env)).toBeInstanceOf(Response);
      clock.now += 901_000;
      expect(frame.hit(ask('/t/echo?query=f'), env)).toBeUndefined();
      expect((await frame.fetch(ask('/t/echo?query=f'), env)).headers.get('x-cache')).toBe('MISS');
    });
  });
}

it('a clone is a whole answer each time: the template body is never consumed', async () => {
  const { frame, ask, env } = setup('clones');
  await frame.app.fetch(ask('/editorial/genres'), env);
  const bodies = new Set<string>();
  for (let i = 0; i < 5; i++) bodies.add(await (await frame.fetch(ask('/editorial/genres'), env)).text());
  expect([...bodies]).toEqual([await (await frame.app.fetch(ask('/editorial/genres'), env)).text()]);
});
