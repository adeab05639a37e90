/**
 * How the Deezer client reads Deezer's answers (D13, D3), over an injected fetch so each
 * answer can be chosen exactly: HTTP-200 error bodies, quota, garbage, timeouts, aborts.
 * The same failures over real HTTP are in test/integration/live/endpoints.test.ts.
 */
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { deezerClient, QUOTA_PAUSE_MS } from '../../../core/drivers/deezer/client.ts';
import { toTrack } from '../../../core/drivers/deezer/wire.ts';
import { createDriverContext } from '../../../core/drivers/kit/context.ts';
import { createBudget } from '../../../core/drivers/kit/budget/budget.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { breaker } from '../../../core/storage/breaker.ts';
import { rejection } from '../../helpers/rejection.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { unboundScope } from '../../../core/drivers/kit/scope.ts';

type Reply = Response | ((signal: AbortSignal) => Promise<Response>);

/** A client on a virtual clock (`get` runs its timers out): no test here waits in real time. */
function client(replies: Reply[], timeoutMs = 200) {
  const clock = fakeClock();
  let calls = 0;
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const reply = replies[Math.min(calls++, replies.length - 1)]!;
    return typeof reply === 'function' ? reply(init!.signal!) : reply.clone();
  }) as typeof globalThis.fetch;
  const ctx = createDriverContext({
    storage: createStorage(),
    breaker: breaker({ clock, onOutage() {} }),
    clock,
    log: { info() {}, error() {} },
    fetch,
  });
  const budget = createBudget({
    name: 'deezer-test',
    counters: memoryCounters(),
    limit: 50,
    windowMs: 5000,
    clock: ctx.clock,
  });
  return { api: deezerClient(ctx, 'http://deezer.test', budget, timeoutMs), calls: () => calls, clock };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const errorBody = (code: number, message = 'x') => json({ error: { type: 'Exception', message, code } });
const get = ({ api, clock }: ReturnType<typeof client>, signal?: AbortSignal) =>
  clock.runOut(api.get('/track/1', {}, signal && unboundScope(signal), (b) => b));

describe('Deezer client', () => {
  it('code 800 ("no data") and HTTP 404 are "not found": null, not an error', async () => {
    expect(await get(client([errorBody(800, 'no data')]))).toBeNull();
    expect(await get(client([json({ error: 'Not Found' }, 404)]))).toBeNull();
  });

  it('code 4 (quota) pauses and tries again, and succeeds when Deezer lets it', async () => {
    const quota = client([errorBody(4, 'Quota limit exceeded'), json({ id: 1 })]);
    const started = quota.clock.now();
    expect(await get(quota)).toEqual({ id: 1 });
    expect(quota.calls()).toBe(2);
    // The try again came after the quota pause: a lower bound, which load can only lengthen.
    expect(quota.clock.now() - started).toBeGreaterThanOrEqual(QUOTA_PAUSE_MS - 50);
  });

  it('code 4 that does not clear within the budget wait is 503 service_unavailable with Retry-After', async () => {
    const error = await rejection(get(client([errorBody(4, 'Quota limit exceeded')])));
    expect(error.code).toBe('service_unavailable');
    expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
  });

  it('any other error body, a 5xx, a body that is not JSON: 502 upstream_error naming Deezer', async () => {
    for (const reply of [
      errorBody(100, 'An error occurred'),
      new Response('<html>busy</html>', { status: 503 }),
      new Response('<html>ok?</html>', { status: 200 }),
      json({ unexpected: true }, 400),
    ]) {
      const error = await rejection(get(client([reply])));
      expect(error.code).toBe('upstream_error');
      expect(error.message).toMatch(/^\[sleeve\] \[deezer\] /);
    }
  });

  it('a body of another shape than documented is a 502, never a 500', async () => {
    const { api, clock } = client([json({ title: 'a track with no id' })]);
    const error = await rejection(clock.runOut(api.get('/track/1', {}, undefined, toTrack)));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toMatch(/unexpected shape/);
  });

  it('no answer within the timeout: 504 upstream_timeout', async () => {
    const hang = (signal: AbortSignal) =>
      new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const error = await rejection(get(client([hang], 100)));
    expect(error.code).toBe('upstream_timeout');
  });

  it('unreachable: 502 upstream_error', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed');
    };
    expect((await rejection(get(client([refused])))).code).toBe('upstream_error');
  });

  it('a caller that aborts gets its own reason back, not an upstream error', async () => {
    const hang = (signal: AbortSignal) =>
      new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const controller = new AbortController();
    const waiting = client([hang], 5000);
    waiting.clock.timer(20, () => controller.abort(new Error('client left')));
    const pending = get(waiting, controller.signal);
    await expect(pending).rejects.toThrow('client left');
  });
});
