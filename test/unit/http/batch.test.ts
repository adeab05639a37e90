/** D6: POST /batch. */
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { mediaImage } from '../../../core/routes/media/media.ts';
import { trackPreview } from '../../../core/routes/media/preview.ts';
import { nowPlayingSocket } from '../../../core/routes/radio/radio.ts';
import { echoEndpoint, frameEndpoints, testApp, UA, stub } from '../../helpers/http/app.ts';

const cover = defineEndpoint({
  ...stub,
  path: '/cover',
  public: true,
  batchable: false,
  handle: () => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
});
const streamy = defineEndpoint({ ...stub, path: '/t/stream', batchable: false, handle: () => ({}) });
/** A batchable endpoint that answers a stream which never ends (whatever it was asked), and says when it is cancelled. */
const neverEnding = { cancelled: 0, accepts: [] as (string | null)[] };
const forever = defineEndpoint({
  ...stub,
  path: '/t/forever',
  handle: ({ request }) => {
    neverEnding.accepts.push(request.headers.get('accept'));
    return new Response(new ReadableStream({ cancel: () => void neverEnding.cancelled++ }), {
      headers: { 'content-type': 'text/event-stream' },
    });
  },
});
let concurrent = 0;
let peak = 0;
const slow = defineEndpoint({
  ...stub,
  path: '/t/slow',
  async handle() {
    peak = Math.max(peak, ++concurrent);
    await new Promise((resolve) => setTimeout(resolve, 15));
    concurrent--;
    return { done: true };
  },
});

function setup(options: Parameters<typeof testApp>[1] = {}) {
  const echo = echoEndpoint({ rateLimit: 60 });
  return {
    ...testApp(
      [...frameEndpoints, echo.endpoint, cover, streamy, slow, forever, mediaImage, trackPreview, nowPlayingSocket],
      options,
    ),
    echo,
  };
}

const post = (
  app: ReturnType<typeof setup>,
  body: unknown,
  init: RequestInit & { ip?: string; ua?: string | null } = {},
) =>
  app.json('/batch', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });

describe('POST /batch (D6)', () => {
  it('runs each sub-request through the app: envelope, ids, status, cache per entry', async () => {
    const app = setup();
    await app.fetch('/t/echo?query=warm');
    const { res, body } = await post(app, {
      requests: [
        { id: 'warm', path: '/t/echo?query=warm' },
        { id: 'cold', path: '/t/echo?query=cold' },
        { path: '/errors' },
        { id: 'cold', path: '/t/echo-alias?query=cold' },
        { id: 'cold', path: '/t/echo?limit=99&query=x' },
        { id: 'nowhere', path: '/no/such/path' },
        { id: 'old', path: '/v2.5.0/no/such/path' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ count: 7, succeeded: 4, failed: 3, elapsedMs: expect.any(Number) });
    expect(Object.keys(body.responses).sort()).toEqual(['2', 'cold', 'cold_2', 'cold_3', 'nowhere', 'old', 'warm']);
    const r = body.responses;
    expect(r.warm).toMatchObject({ status: 200, cache: 'HIT', body: { query: 'warm' }, elapsedMs: expect.any(Number) });
    expect(r.cold).toMatchObject({ status: 200, cache: 'MISS', body: { query: 'cold' } });
    // Same entry as `cold`, run alongside it: coalesced (MISS) or after it (HIT), never a second call.
    expect(r.cold_2).toMatchObject({ status: 200, cache: expect.stringMatching(/^(HIT|MISS)$/), body: r.cold.body });
    expect(app.echo.state.calls).toBe(2);
    expect(r.cold_3).toMatchObject({
      status: 400,
      body: { ok: false, error: { code: 'bad_request', param: 'limit' } },
    });
    expect(r['2']).toMatchObject({ status: 200, cache: null });
    expect(r.nowhere).toMatchObject({ status: 404, body: { ok: false, error: { code: 'not_found' } } });
    expect(r.old).toEqual({
      status: 404,
      cache: null,
      elapsedMs: expect.any(Number),
      body: { error: expect.any(String) },
    });
  });

  it('refuses non-batchable paths per entry with 400, nested batches included', async () => {
    const app = setup();
    const paths = [
      '/cover?artist=a&title=b',
      '/t/stream',
      '/batch',
      '/v3.0.0/batch',
      '/current/cover',
      '/media/images/genre/1.svg',
      '/track/preview?id=1',
      '/nowplaying/socket',
    ];
    const { body } = await post(app, { requests: paths.map((path) => ({ path })) });
    for (const [id, entry] of Object.entries<any>(body.responses)) {
      expect(entry, paths[Number(id)]).toMatchObject({
        status: 400,
        cache: null,
        body: { ok: false, error: { code: 'bad_request' } },
      });
    }
    expect(body.failed).toBe(paths.length);
  });

  it.each([
    ['not JSON', '{"requests": [', 'body'],
    ['not an object', '[1,2]', undefined],
    ['no requests', {}, 'requests'],
    ['requests not an array', { requests: '/t/echo' }, 'requests'],
    ['empty requests', { requests: [] }, 'requests'],
    ['21 requests', { requests: Array.from({ length: 21 }, () => ({ path: '/errors' })) }, 'requests'],
    ['a request not an object', { requests: ['/errors'] }, 'requests.0'],
    ['a path missing', { requests: [{ id: 'a' }] }, 'requests.0.path'],
    ['a path not a string', { requests: [{ path: 42 }] }, 'requests.0.path'],
    ['an id not a string', { requests: [{ id: 1, path: '/errors' }] }, 'requests.0.id'],
    ['an absolute URL', { requests: [{ path: '/errors' }, { path: 'https://evil.example/x' }] }, 'requests.1.path'],
    ['a scheme-relative URL', { requests: [{ path: '//evil.example/x' }] }, 'requests.0.path'],
    ['a backslash trick', { requests: [{ path: '/\\evil.example/x' }] }, 'requests.0.path'],
    ['a javascript: URL', { requests: [{ path: 'javascript:alert(1)' }] }, 'requests.0.path'],
    ['a path without a leading slash', { requests: [{ path: 'errors' }] }, 'requests.0.path'],
  ])('rejects the whole batch with 400 when %s, running nothing', async (_, payload, param) => {
    const app = setup();
    const { res, body } = await post(app, payload as never);
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('bad_request');
    if (param) expect(body.error.param).toBe(param);
    expect(app.echo.state.calls).toBe(0);
  });

  it('rejects a wrong content type with 400 and a body over 64 KiB with 413', async () => {
    const app = setup();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp']) {
      const { res, body } = await post(app, { requests: [{ path: '/errors' }] }, { headers: { 'Content-Type': type } });
      expect(res.status, type).toBe(400);
      expect(body.error.param).toBe('Content-Type');
    }
    const big = JSON.stringify({ requests: [{ path: `/t/echo?query=${'x'.repeat(70_000)}` }] });
    expect((await post(app, big)).res.status).toBe(413);
    const chunked = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const { res, body } = await post(app, '', { body: chunked, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
  });

  it('carries the caller User-Agent and IP: sub-requests spend the caller budget on their own endpoint', async () => {
    const app = setup();
    const { body } = await post(
      app,
      { requests: Array.from({ length: 20 }, (_, i) => ({ path: `/t/echo?query=q${i}` })) },
      { ip: '192.0.2.50' },
    );
    expect(body.succeeded).toBe(20);
    const direct = await app.fetch('/t/echo?query=z', { ip: '192.0.2.50' });
    expect(direct.headers.get('ratelimit-remaining')).toBe('39');
    const other = await app.fetch('/t/echo?query=z', { ip: '192.0.2.51' });
    expect(other.headers.get('ratelimit-remaining')).toBe('59');
    expect((await post(app, { requests: [{ path: '/errors' }] }, { ua: null })).res.status).toBe(401);
  });

  it('runs at most 6 sub-requests at once', async () => {
    const app = setup();
    peak = 0;
    const { body } = await post(app, { requests: Array.from({ length: 20 }, () => ({ path: '/t/slow' })) });
    expect(body.succeeded).toBe(20);
    expect(peak).toBe(6);
  });

  it('uses the batch version for its sub-requests, and is itself limited to 30 a minute', async () => {
    const app = setup();
    const { body } = await post(app, { requests: [{ path: '/no/such/path' }] });
    expect(body.responses['0'].body).toMatchObject({ ok: false });
    const pinned = await app.json('/v2.5.0/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': UA },
      body: JSON.stringify({ requests: [{ path: '/no/such/path' }] }),
    });
    expect(pinned.body.responses['0'].body).toEqual({ error: expect.any(String) });
    expect(pinned.res.headers.get('x-ratelimit-limit')).toBe('30');
  });

  it('refuses an escaped spelling of a non-batchable path, judged as the router routes it (D58)', async () => {
    const app = setup();
    const paths = ['/%63over?artist=a&title=b', '/t/%73tream', '/%62atch', '/v%32.5.0/%63over', '/nowplaying/%73ocket'];
    const { body } = await post(app, { requests: paths.map((path) => ({ path })) });
    for (const [id, entry] of Object.entries<any>(body.responses)) {
      expect(entry, paths[Number(id)]).toMatchObject({
        status: 400,
        body: { ok: false, error: { code: 'bad_request' } },
      });
      expect(entry.body.error.message, paths[Number(id)]).toMatch(
        /^\/(cover|t\/stream|batch|nowplaying\/socket) cannot/,
      );
    }
  });

  it("never waits on a stream: the caller's Accept is not carried, and a streamed answer is cancelled, a 400 (D58)", async () => {
    const app = setup();
    neverEnding.cancelled = 0;
    neverEnding.accepts.length = 0;
    const asked = post(
      app,
      {
        requests: [
          { id: 'stream', path: '/t/forever' },
          { id: 'echo', path: '/t/echo?query=x' },
        ],
      },
      { headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' } },
    );
    // A bound a busy machine cannot reach: before, this batch never answered.
    let stop = () => {};
    const hung = new Promise<'hung'>((resolve) => {
      const timer = setTimeout(() => resolve('hung'), 10_000);
      stop = () => clearTimeout(timer);
    });
    const first = await Promise.race([asked, hung]);
    stop();
    expect(first).not.toBe('hung');
    const { body } = await asked;
    expect(body.responses.stream).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: { code: 'bad_request', param: 'path', message: '/t/forever answers a stream, which cannot be batched' },
      },
    });
    expect(body.responses.echo).toMatchObject({ status: 200, body: { query: 'x' } });
    expect(neverEnding).toEqual({ cancelled: 1, accepts: [null] });
  });
});
