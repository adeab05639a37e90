/**
 * The one way drivers call an upstream (`core/drivers/kit/call/call.ts`), over an injected fetch:
 * the budget's turn, the timeout, the size limit, redirects, a 429 passed on, the body read as
 * asked (and cancelled when not), errors mapped to D3's, the circuit and the request's tally.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import type { Budget } from '../../../core/drivers/kit/budget/budget.ts';
import {
  textReplyOf,
  call,
  jsonOf,
  type UpstreamCallOptions,
  type Reply,
  type Upstream,
} from '../../../core/drivers/kit/call/call.ts';
import { createCircuit } from '../../../core/drivers/kit/circuit.ts';
import { clockOf, systemClock } from '../../../core/drivers/kit/clock.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import type { FetchLike } from '../../../core/drivers/kit/call/fetch-like.ts';
import { rejection } from '../../helpers/rejection.ts';
import { requestScope, unboundScope, type RequestScope } from '../../../core/drivers/kit/scope.ts';
import { fakeClock, type FakeClock } from '../../helpers/clock.ts';
import type { TakeOptions } from '../../../core/drivers/kit/budget/face.ts';
import { upstreamTally } from '../../../core/drivers/kit/tally.ts';

interface Seen {
  url: string;
  init: RequestInit | undefined;
}

function upstream(
  answer: (url: string, init: RequestInit | undefined) => Response | Promise<Response>,
  more: Partial<Upstream> = {},
): { up: Upstream; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = String(input);
    seen.push({ url, init });
    return answer(url, init);
  };
  return {
    up: { name: 'test', base: 'https://up.test/api', fetch, clock: fakeClock(), timeoutMs: 1000, ...more },
    seen,
  };
}

/** A fetch that answers only when its signal aborts, as a hung upstream does. */
const hang = (_url: string, init: RequestInit | undefined): Promise<Response> =>
  new Promise((_, reject) =>
    init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason), { once: true }),
  );

/** The call on its upstream's virtual clock, timers run out as it goes: no test here waits in real time. */
const runOut = <T>(up: Upstream, work: Promise<T>): Promise<T> => (up.clock as FakeClock).runOut(work);
const called: typeof call = (up, path, options, read) => runOut(up, call(up, path, options, read));
const text = (up: Upstream, path = '/x', options: UpstreamCallOptions = {}) => called(up, path, options, textReplyOf);

describe('kit/call', () => {
  it('calls base + path with the query (undefined values left out), the method, headers and body asked', async () => {
    const { up, seen } = upstream(() => new Response('hello'));
    const answer = await text(up, '/items', {
      query: { q: 'a b', index: 0, limit: undefined },
      method: 'POST',
      headers: { accept: 'text/plain' },
      body: '{}',
    });
    expect(answer).toMatchObject({ status: 200, text: 'hello' });
    expect(seen[0]!.url).toBe('https://up.test/api/items?q=a+b&index=0');
    expect(seen[0]!.init).toMatchObject({ method: 'POST', headers: { accept: 'text/plain' }, body: '{}' });
    // Never fetch's own following (issue #61): redirects are the kit's to follow, within bounds.
    expect(seen[0]!.init!.redirect).toBe('manual');
  });

  it('no answer within the timeout is 504 upstream_timeout; a caller that aborts gets its own reason', async () => {
    const { up } = upstream(hang, { timeoutMs: 50 });
    const timedOut = await rejection(text(up));
    expect([timedOut.code, timedOut.status]).toEqual(['upstream_timeout', 504]);
    expect(timedOut.message).toBe('[sleeve] [test] sent no answer within 50 ms');
    const reason = new Error('client left');
    const controller = new AbortController();
    const pending = text({ ...up, timeoutMs: 5000 }, '/x', { scope: unboundScope(controller.signal) });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('a body that stalls past the timeout is a 504 too', async () => {
    const { up } = upstream(
      (_, init) =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"a":'));
              init!.signal!.addEventListener('abort', () => c.error(init!.signal!.reason));
            },
          }),
        ),
      { timeoutMs: 50 },
    );
    const error = await rejection(text(up));
    expect([error.code, error.message]).toEqual(['upstream_timeout', '[sleeve] [test] sent no body within 50 ms']);
  });

  it("a runtime's words that quote the URL asked are said without it, naming the setting instead (D61)", async () => {
    const { up } = upstream(
      (url) => Promise.reject(new TypeError(`error sending request for url (${url}): unexpected end of stream`)),
      { base: 'https://llm-user:s3cret@up.test/api', setting: 'SLEEVE_TEST_URL' },
    );
    expect((await rejection(text(up))).message).toBe(
      '[sleeve] [test] unreachable: error sending request for url (the URL): unexpected end of stream; check SLEEVE_TEST_URL',
    );
  });

  it('unreachable, a 5xx and a body that is not JSON are 502 upstream_error; the speaker is named', async () => {
    const unreachable = await rejection(text(upstream(() => Promise.reject(new TypeError('fetch failed'))).up));
    expect([unreachable.code, unreachable.message]).toEqual([
      'upstream_error',
      '[sleeve] [test] unreachable: fetch failed',
    ]);
    let read = false;
    const cancelled: unknown[] = [];
    const body = new ReadableStream({ cancel: (why) => void cancelled.push(why ?? 'cancelled') });
    const failing = await rejection(
      called(
        upstream(() => new Response(body, { status: 503 }), { speaker: 'the model' }).up,
        '/x',
        {},
        () => (read = true),
      ),
    );
    expect([failing.code, failing.message, read]).toEqual([
      'upstream_error',
      '[sleeve] [test] the model answered HTTP 503',
      false,
    ]);
    expect(cancelled).toHaveLength(1);
    const garbage = await rejection(
      called(upstream(() => new Response('<html>')).up, '/x', {}, (reply) => reply.json()),
    );
    expect(garbage.message).toBe('[sleeve] [test] answered HTTP 200 with a body that is not JSON');
    expect(jsonOf(upstream(() => new Response()).up, { status: 200, text: '{"a":1}' })).toEqual({ a: 1 });
  });

  it('a body over maxBytes is a 502, by its Content-Length or as it streams', async () => {
    const big = 'x'.repeat(2000);
    const declared = await rejection(
      text(upstream(() => new Response(big, { headers: { 'content-length': '2000' } })).up, '/x', { maxBytes: 1000 }),
    );
    expect(declared.message).toBe('[sleeve] [test] sent a body over 1000 bytes');
    const streamed = new ReadableStream({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const over = await rejection(text(upstream(() => new Response(streamed)).up, '/x', { maxBytes: 5000 }));
    expect(over.message).toBe('[sleeve] [test] sent a body over 5000 bytes');
    expect((await text(upstream(() => new Response(big)).up, '/x', { maxBytes: 2000 })).text).toBe(big);
  });

  it("a 429 is passed on as 503 with its Retry-After (an hour at most) only when asked; else it is the driver's to read", async () => {
    const limited = (after: string) =>
      upstream(() => new Response('slow down', { status: 429, headers: { 'retry-after': after } })).up;
    const refused = await rejection(text(limited('7'), '/x', { passOnRateLimit: true }));
    expect([refused.code, refused.headers['Retry-After']]).toEqual(['service_unavailable', '7']);
    expect((await rejection(text(limited('86400'), '/x', { passOnRateLimit: true }))).headers['Retry-After']).toBe(
      '3600',
    );
    expect((await rejection(text(limited('soon'), '/x', { passOnRateLimit: true }))).headers['Retry-After']).toBe('5');
    expect((await text(limited('7'))).status).toBe(429);
  });

  it('same-base redirects are followed (at most 3); elsewhere is a 502; manual ones are answered as they came', async () => {
    const redirects: Record<string, string> = {
      'https://up.test/api/a': '/api/b',
      'https://up.test/api/b': 'https://up.test/api/c',
      'https://up.test/api/away': 'https://evil.test/api/x',
      'https://up.test/api/loop': '/api/loop',
    };
    const { up, seen } = upstream((url) =>
      url in redirects
        ? new Response(null, { status: 302, headers: { location: redirects[url]! } })
        : new Response(`at ${url}`),
    );
    expect((await text(up, '/a', { redirect: 'same-base' })).text).toBe('at https://up.test/api/c');
    expect(seen.every((s) => s.init!.redirect === 'manual')).toBe(true);
    expect((await rejection(text(up, '/away', { redirect: 'same-base' }))).message).toBe(
      '[sleeve] [test] answered HTTP 302 to somewhere else',
    );
    seen.length = 0;
    await rejection(text(up, '/loop', { redirect: 'same-base' }));
    expect(seen).toHaveLength(4);
    const manual = await text(up, '/away', { redirect: 'manual' });
    expect([manual.status, manual.headers.get('location'), manual.text]).toEqual([302, 'https://evil.test/api/x', '']);
  });

  // Issue #61: fetch's own following went wherever an upstream pointed, Sleeve's network included.
  it('by default a redirect is followed within the base only: never out of it, nor up out of it, nor by a raw call', async () => {
    const { up, seen } = upstream((url) =>
      url.startsWith('https://up.test/api/go?to=')
        ? new Response(null, { status: 302, headers: { location: new URL(url).searchParams.get('to')! } })
        : new Response(`at ${url}`),
    );
    const go = (to: string, options: UpstreamCallOptions = {}) => text(up, `/go?to=${encodeURIComponent(to)}`, options);
    expect((await go('/api/b')).text).toBe('at https://up.test/api/b');
    expect((await go('https://up.test/api/c?d=1')).text).toBe('at https://up.test/api/c?d=1');
    for (const to of [
      'http://127.0.0.1/api/x',
      'http://2130706433/api/x',
      'http://0x7f.1/api/x',
      'http://[::1]/api/x',
      'http://[::ffff:127.0.0.1]/api/x',
      'http://[::ffff:10.0.0.1]/api/x',
      'http://10.0.0.1/api/x',
      'http://192.168.1.1/api/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/api/x',
      'http://[fd00::1]/api/x',
      'http://localhost/api/x',
      'http://up.test/api/x',
      'https://up.test:8443/api/x',
      'https://up.test.evil.test/api/x',
      'https://user@up.test/api/x',
      'https://up.test/apix',
      '/api/../admin',
      '/api/%2e%2e/admin',
      'file:///etc/passwd',
    ]) {
      seen.length = 0;
      const refused = await rejection(go(to));
      expect([refused.code, refused.status], to).toEqual(['upstream_error', 502]);
      // One request, the redirect's: nothing asked where it pointed, and its address not told.
      expect(
        seen.map((s) => new URL(s.url).host),
        to,
      ).toEqual(['up.test']);
      expect(refused.message).toBe('[sleeve] [test] answered HTTP 302 to somewhere else');
    }
    seen.length = 0;
    const raw = await go('http://127.0.0.1/api/x', { raw: true });
    expect([raw.status, seen.length]).toEqual([302, 1]);
  });

  it("the drivers' fetch never follows a redirect itself, whatever a driver asks (AzuraCast's feed calls it bare)", async () => {
    const asked: (RequestRedirect | undefined)[] = [];
    const ctx = createDriverContext({
      storage: createStorage(),
      breaker: breaker({ clock: systemClock, onOutage() {} }),
      clock: clockOf(() => 0),
      log: { info() {}, error() {} },
      fetch: async (_input, init) => {
        asked.push(init?.redirect);
        return new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:1/' } });
      },
      onCall() {},
    });
    await ctx.fetch('https://up.test/a');
    await ctx.fetch('https://up.test/b', { redirect: 'follow', headers: { accept: 'text/event-stream' } });
    expect(asked).toEqual(['manual', 'manual']);
  });

  it("a loopback base's redirects stay on it: another port of the same address is elsewhere", async () => {
    const { up, seen } = upstream(
      (url) =>
        url === 'http://127.0.0.1:8788/deezer/a'
          ? new Response(null, { status: 302, headers: { location: '/deezer/b' } })
          : url === 'http://127.0.0.1:8788/deezer/away'
            ? new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:9999/deezer/b' } })
            : new Response(`at ${url}`),
      { base: 'http://127.0.0.1:8788/deezer' },
    );
    expect((await text(up, '/a')).text).toBe('at http://127.0.0.1:8788/deezer/b');
    seen.length = 0;
    expect((await rejection(text(up, '/away'))).status).toBe(502);
    expect(seen.map((s) => s.url)).toEqual(['http://127.0.0.1:8788/deezer/away']);
  });

  it("waits for its turn under the budget first (a shared call without the caller's signal); a raw call skips budget and circuit", async () => {
    const turns: [RequestScope | undefined, boolean | undefined][] = [];
    const budget = {
      take: async (scope?: RequestScope, options?: TakeOptions) => void turns.push([scope, options?.abortable]),
    } as unknown as Budget;
    const { up, seen } = upstream(() => new Response('busy', { status: 500 }), { budget });
    const signal = new AbortController().signal;
    const scope = unboundScope(signal);
    await rejection(text(up, '/x', { scope }));
    await rejection(text(up, '/x', { scope, shared: true }));
    expect(turns).toEqual([
      [scope, true],
      [scope, false],
    ]);
    const open = createCircuit({ name: 'test', minCalls: 1, now: fakeClock().now });
    await rejection(text({ ...up, circuit: open }));
    expect(open.state).toBe('open');
    expect(
      await called(
        { ...up, circuit: open },
        '/x',
        { scope: unboundScope(signal), raw: true },
        (reply: Reply) => reply.status,
      ),
    ).toBe(500);
    expect([turns.length, seen.length]).toEqual([3, 4]);
  });

  it('what read throws runs in the circuit: a 502 of its own opens it', async () => {
    const { up, seen } = upstream(() => new Response('{}'), {
      circuit: createCircuit({ name: 'test', minCalls: 2, now: fakeClock().now }),
    });
    const fail = () =>
      called(up, '/x', {}, () => {
        throw new SleeveError('upstream_error', 'odd body');
      });
    await rejection(fail());
    await rejection(fail());
    expect((await rejection(fail())).message).toMatch(/is failing/);
    expect(seen).toHaveLength(2);
  });

  it("an unread body is cancelled; the call counts for the caller's request, a shared one without its abort", async () => {
    const cancelled: unknown[] = [];
    const { up, seen } = upstream(() => new Response(new ReadableStream({ cancel: () => void cancelled.push(1) })));
    const tally = upstreamTally();
    const controller = new AbortController();
    const scope = requestScope({ signal: controller.signal, tally, now: Date.now() });
    expect(await called(up, '/x', { scope }, (reply) => reply.status)).toBe(200);
    expect(cancelled).toHaveLength(1);
    expect(tally.upstream).toBe(1);
    controller.abort(new Error('left'));
    await called(up, '/x', { scope, shared: true }, (reply) => reply.status);
    expect(seen[1]!.init!.signal!.aborted).toBe(false);
    expect(tally.upstream).toBe(2);
  });
});
