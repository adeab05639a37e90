/**
 * @module
 * How the client fails, against running Node servers: `createClient` refuses a User-Agent
 * without a contact (D2) and a bad base URL; D3 errors, legacy pins' bodies (D7) and foreign
 * bodies become `SleeveApiError`s with code, status, param and `retryAfter` (D8); network
 * failures and aborts reject as `fetch` did. Also the base URL's own path (a mount, a pin).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SleeveApiError, type Fetch } from 'sleeve/client';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { CODE_OF_STATUS, retryAfterSeconds } from '../../../client/errors.ts';
import { ERROR_CODES } from '../../../core/errors.ts';
import { thrown, USER_AGENT } from '../../helpers/client/suite.ts';

const servers: Served[] = [];
const urlOf = (served: Served) => `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
let plain: string;
let limited: string;
let mounted: string;

beforeAll(async () => {
  const started = await Promise.all([
    serve({ port: 0, hostname: '127.0.0.1' }),
    // D8: a factor of 0.02 leaves every limited endpoint one request a minute.
    serve({ port: 0, hostname: '127.0.0.1', rateLimits: 0.02 }),
    serve({ port: 0, hostname: '127.0.0.1', basePath: '/music' }),
  ]);
  servers.push(...started);
  [plain, limited, mounted] = started.map(urlOf) as [string, string, string];
});
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((done) => s.server.close(() => done())))));

const client = (baseUrl = plain, fetch?: Fetch) =>
  createClient({ baseUrl, userAgent: USER_AGENT, ...(fetch ? { fetch } : {}) });

describe('createClient', () => {
  it.each([
    ['no contact', 'MyApp/1.0'],
    ['empty', ''],
    ['not even a string', undefined as unknown as string],
  ])('refuses a userAgent with %s, with a TypeError that says what to send (D2)', (_name, userAgent) => {
    expect(() => createClient({ baseUrl: plain, userAgent })).toThrow(TypeError);
    expect(() => createClient({ baseUrl: plain, userAgent })).toThrow(/MyApp\/1\.0 \(you@example\.com\)/);
  });

  it.each(['not a url', 'ftp://host/', 'http://host/?limit=1', 'http://host/#x'])(
    'refuses the baseUrl %j',
    (baseUrl) => {
      expect(() => createClient({ baseUrl, userAgent: USER_AGENT })).toThrow(TypeError);
    },
  );

  it('sends the contact as User-Agent and Api-User-Agent, with the headers given per client and per call', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const spy: Fetch = (url, init) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return fetch(url, init);
    };
    const c = createClient({
      baseUrl: plain,
      userAgent: USER_AGENT,
      fetch: spy,
      headers: { 'x-app': 'a', 'user-agent': 'ignored' },
    });
    await c.editorial.genres.$get({}, { headers: { 'x-call': 'b' } });
    const headers = seen[0]!.headers;
    expect(headers.get('user-agent')).toBe(USER_AGENT);
    expect(headers.get('api-user-agent')).toBe(USER_AGENT);
    expect([headers.get('x-app'), headers.get('x-call')]).toEqual(['a', 'b']);
    expect(seen[0]!.url).toBe(`${plain}/editorial/genres`);
  });
});

describe('SleeveApiError', () => {
  it('a D3 400 carries code, status, param, message and the body', async () => {
    const error = await thrown(client().search.all.$get({ query: 'love', limit: 999 }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SleeveApiError',
      code: 'bad_request',
      status: 400,
      param: 'limit',
      retryAfter: undefined,
    });
    expect(error.message).toBe('limit must be an integer from 1 to 25');
    expect(error.body).toEqual({ ok: false, error: { code: 'bad_request', message: error.message, param: 'limit' } });
    expect(error.url).toBe(`${plain}/search/all?query=love&limit=999`);
  });

  it('a request whose User-Agent a fetch wrapper dropped is a 401 unauthorized', async () => {
    const strip: Fetch = (url, init) => {
      const headers = new Headers(init.headers);
      headers.delete('user-agent');
      headers.delete('api-user-agent');
      return fetch(url, { ...init, headers });
    };
    expect(await thrown(client(plain, strip).track.hot.$get())).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('an unknown artist is a 404 not_found', async () => {
    expect(await thrown(client().artist.info.$get({ id: 999_999_999 }))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('a 429 carries retryAfter in seconds, from Retry-After (D8)', async () => {
    const c = client(limited);
    await c.track.hot.$get({ limit: 1 });
    const error = await thrown(c.track.hot.$get({ limit: 1 }));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(error.retryAfter).toBe(Number(error.headers.get('retry-after')));
    expect(error.retryAfter).toBeGreaterThanOrEqual(0);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
  });

  it('a pin below 3.0.0 answers { error: "<message>" }: the code is the status\'s (D7)', async () => {
    const pinned = client(`${plain}/v2.5.0`);
    expect((await pinned.track.hot.$get({ limit: 2 })).tracks).toHaveLength(2);
    const error = await thrown(pinned.track.hot.$get({ limit: 999 }));
    expect(error).toMatchObject({
      code: 'bad_request',
      status: 400,
      param: undefined,
      message: 'limit must be an integer from 1 to 100',
    });
    expect(error.body).toEqual({ error: 'limit must be an integer from 1 to 100' });
    // /search/all came in 2.4.0: a 2.1.0 pin does not have it.
    expect(await thrown(client(`${plain}/v2.1.0`).search.all.$get({ query: 'x' }))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('a failure that is not JSON is code unknown, its text kept (the placeholder picture of an unknown cover)', async () => {
    const error = await thrown(client().cover.$get({ artist: 'Nobody At All', title: 'Nothing Such' }));
    expect(error).toMatchObject({ code: 'unknown', status: 404 });
    expect(error.body).toMatch(/^<svg/);
  });

  it("a proxy's HTML page is code unknown; a legacy body of an unlisted status too", async () => {
    const html: Fetch = async () =>
      new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    expect(await thrown(client(plain, html).healthz.$get())).toMatchObject({
      code: 'unknown',
      status: 502,
      body: '<html>Bad Gateway</html>',
    });
    const teapot: Fetch = async () => Response.json({ error: 'short and stout' }, { status: 418 });
    expect(await thrown(client(plain, teapot).healthz.$get())).toMatchObject({
      code: 'unknown',
      status: 418,
      message: 'short and stout',
    });
  });

  it('/healthz resolves its 503 health body (degraded), but a 503 in the error shape still rejects', async () => {
    const degraded = {
      status: 'degraded',
      version: '3.0.0',
      releasedAt: '',
      timestamp: '',
      elapsedMs: 1,
      checks: [],
      degraded: true,
    };
    const health: Fetch = async () => Response.json(degraded, { status: 503 });
    expect(await client(plain, health).healthz.$get()).toEqual(degraded);
    const busy: Fetch = async () =>
      Response.json(
        { ok: false, error: { code: 'service_unavailable', message: 'busy' } },
        { status: 503, headers: { 'retry-after': '7' } },
      );
    expect(await thrown(client(plain, busy).healthz.$get())).toMatchObject({
      code: 'service_unavailable',
      retryAfter: 7,
    });
  });

  it('/readyz resolves its 503 readiness body (draining, D55), but a 503 in the error shape still rejects', async () => {
    const draining = { status: 'draining', storage: 'unchecked' };
    const readiness: Fetch = async () => Response.json(draining, { status: 503 });
    expect(await client(plain, readiness).readyz.$get()).toEqual(draining);
    const busy: Fetch = async () =>
      Response.json({ ok: false, error: { code: 'service_unavailable', message: 'busy' } }, { status: 503 });
    expect(await thrown(client(plain, busy).readyz.$get())).toMatchObject({ code: 'service_unavailable' });
  });

  it("keeps a copy of D3's status table in step with the server's", () => {
    // Every status has its code; where two codes share one (503: service_unavailable and
    // not_configured), a legacy body, which carries only a message, is read as the first.
    for (const { status } of Object.values(ERROR_CODES)) expect(CODE_OF_STATUS[status], String(status)).toBeDefined();
    for (const [status, code] of Object.entries(CODE_OF_STATUS)) expect(ERROR_CODES[code].status).toBe(Number(status));
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:09 GMT', now)).toBe(9);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('what is not an answer', () => {
  it("a network failure rejects with fetch's own error, not a SleeveApiError", async () => {
    const closed = await serve({ port: 0, hostname: '127.0.0.1' });
    const url = urlOf(closed);
    await new Promise<void>((done) => closed.server.close(() => done()));
    const error = await client(url)
      .healthz.$get()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(SleeveApiError);
  });

  it('an aborted call rejects with the abort', async () => {
    const error = await client()
      .healthz.$get({}, { signal: AbortSignal.abort() })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as Error).name).toBe('AbortError');
  });

  it('a missing path parameter is a TypeError before anything is sent', () => {
    const c = client();
    expect(() => c.media.images[':kind'][':file'].$url({ param: { kind: 'genre', file: '' } })).toThrow(
      /path parameter file is required/,
    );
  });
});

describe('URLs', () => {
  it("keep the base URL's path: Sleeve mounted under /music", async () => {
    const c = client(`${mounted}/music/`);
    const hot = await c.track.hot.$get({ limit: 1 });
    expect(hot.tracks[0]?.cover).toMatch(new RegExp(`^${mounted}/music/`));
    expect(c.track.hot.$url({ limit: 1 }).href).toBe(`${mounted}/music/track/hot?limit=1`);
  });

  it('send every query value as text, leave out undefined ones, and encode path parameters', () => {
    const c = client('https://music.example.com/base');
    expect(c.playlist.generate.$url({ genres: 'Pop, Rock', energy: 0.5, tempo: undefined }).href).toBe(
      'https://music.example.com/base/playlist/generate?genres=Pop%2C+Rock&energy=0.5',
    );
    expect(c.media.images[':kind'][':file'].$url({ param: { kind: 'genre', file: 'a b/c.svg' } }).href).toBe(
      'https://music.example.com/base/media/images/genre/a%20b%2Fc.svg',
    );
    expect(c.healthz.$url().href).toBe('https://music.example.com/base/healthz');
  });

  it('are not promises: awaiting a branch gives the branch', async () => {
    const branch = client().track;
    expect((await branch) === branch).toBe(true);
    expect((branch as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
