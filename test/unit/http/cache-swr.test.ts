/**
 * Issue 35, D9: stale-while-revalidate and refresh-ahead on a fake clock (`deps.clock.now`), in live
 * mode, where refreshes run (`core/http/cache/refresh.ts`). An entry of 60 s may be answered up
 * to 6 s past its lifetime (`staleSeconds`) and is refreshed ahead from 54 s when popular.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_REFRESHES, POPULAR_HITS, staleSeconds } from '../../../core/http/cache/refresh.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { requiredText } from '../../../core/schemas/params.ts';
import { BACKGROUND } from '../../../core/drivers/kit/scope.ts';
import { echoEndpoint, frameEndpoints, stub, testApp } from '../../helpers/http/app.ts';

function setup(mode: 'live' | 'demo' = 'live') {
  const echo = echoEndpoint({ cache: 60 });
  return { ...testApp([...frameEndpoints, echo.endpoint], { rateLimits: 'off', mode }), echo };
}

/** Lets the background refresh run to its end (it is a few microtasks on an in-process storage). */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

describe('stale-while-revalidate (D9, issue 35)', () => {
  it('the bound is a tenth of the lifetime, at most 5 minutes', () => {
    expect([10, 60, 900, 1800, 3600, 86_400].map(staleSeconds)).toEqual([1, 6, 90, 180, 300, 300]);
  });

  it('answers an entry just past its lifetime STALE with Age at once, refreshes it once, then HITs the new body', async () => {
    const { json, clock, echo } = setup();
    const first = await json('/t/echo?query=a');
    expect(first.body.call).toBe(1);
    clock.now += 63_000;
    const stale = await Promise.all(Array.from({ length: 5 }, () => json('/t/echo?query=a')));
    for (const { res, body } of stale) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('STALE');
      expect(res.headers.get('age')).toBe('63');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(body).toEqual(first.body);
    }
    await settled();
    // Five stale answers, one refresh.
    expect(echo.state.calls).toBe(2);
    const after = await json('/t/echo?query=a');
    expect(after.res.headers.get('x-cache')).toBe('HIT');
    expect(after.res.headers.has('age')).toBe(false);
    expect(after.body.call).toBe(2);
  });

  it('past the bound, the request waits for a fresh fetch (MISS)', async () => {
    const { json, clock, echo } = setup();
    await json('/t/echo?query=a');
    clock.now += 60_000 + staleSeconds(60) * 1000 + 1;
    const late = await json('/t/echo?query=a');
    expect(late.res.headers.get('x-cache')).toBe('MISS');
    expect(late.body.call).toBe(2);
    expect(echo.state.calls).toBe(2);
  });

  it('a refresh that fails leaves the stale entry, and the next stale request tries again', async () => {
    const { json, clock, echo } = setup();
    await json('/t/echo?query=a');
    echo.state.behaviour = 'upstream';
    clock.now += 61_000;
    expect((await json('/t/echo?query=a')).res.headers.get('x-cache')).toBe('STALE');
    await settled();
    expect(echo.state.calls).toBe(2);
    echo.state.behaviour = 'ok';
    expect((await json('/t/echo?query=a')).res.headers.get('x-cache')).toBe('STALE');
    await settled();
    expect(echo.state.calls).toBe(3);
    expect((await json('/t/echo?query=a')).body.call).toBe(3);
  });

  it('not in demo mode, where a miss costs no upstream budget: an expired entry is a MISS', async () => {
    const { json, clock, echo } = setup('demo');
    await json('/t/echo?query=a');
    clock.now += 61_000;
    expect((await json('/t/echo?query=a')).res.headers.get('x-cache')).toBe('MISS');
    expect(echo.state.calls).toBe(2);
  });

  it("a refresh's upstream calls are BACKGROUND, a client's are its address", async () => {
    const seen: (string | undefined)[] = [];
    const endpoint = defineEndpoint({
      path: '/t/who',
      ...stub,
      cache: 60,
      params: v.object({ query: requiredText('query') }),
      handle({ scope }) {
        seen.push(scope.client);
        return { n: seen.length };
      },
    });
    const { fetch, clock } = testApp([...frameEndpoints, endpoint], { rateLimits: 'off', mode: 'live' });
    await fetch('/t/who?query=a', { ip: '198.51.100.4' });
    clock.now += 61_000;
    expect((await fetch('/t/who?query=a', { ip: '198.51.100.4' })).headers.get('x-cache')).toBe('STALE');
    await settled();
    expect(seen).toEqual(['198.51.100.4', BACKGROUND]);
  });

  it('not where an answer costs a model generation (D31): an expired entry is a MISS', async () => {
    let calls = 0;
    const endpoint = defineEndpoint({
      path: '/t/model',
      ...stub,
      cache: 60,
      generations: { name: 'test', perHour: 100, unit: 'fresh generations' },
      params: v.object({ query: requiredText('query') }),
      handle: () => ({ n: ++calls }),
    });
    const { fetch, clock } = testApp([...frameEndpoints, endpoint], { rateLimits: 'off', mode: 'live' });
    await fetch('/t/model?query=a');
    clock.now += 61_000;
    expect((await fetch('/t/model?query=a')).headers.get('x-cache')).toBe('MISS');
    expect(calls).toBe(2);
  });

  it(`at most ${MAX_REFRESHES} refreshes run at once`, async () => {
    const echo = echoEndpoint({ cache: 60, delayMs: 50 });
    const { json, clock } = testApp([...frameEndpoints, echo.endpoint], { rateLimits: 'off', mode: 'live' });
    const keys = Array.from({ length: MAX_REFRESHES + 4 }, (_, i) => `/t/echo?query=k${i}`);
    for (const key of keys) await json(key);
    clock.now += 61_000;
    for (const key of keys) expect((await json(key)).res.headers.get('x-cache')).toBe('STALE');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(echo.state.calls).toBe(keys.length + MAX_REFRESHES);
  });
});

describe('refresh-ahead (issue 35)', () => {
  it('refreshes a popular entry in the last tenth of its lifetime, before it expires', async () => {
    const { json, clock, echo } = setup();
    await json('/t/echo?query=a');
    for (let i = 0; i < POPULAR_HITS; i++)
      expect((await json('/t/echo?query=a')).res.headers.get('x-cache')).toBe('HIT');
    clock.now += 50_000;
    expect((await json('/t/echo?query=a')).body.call).toBe(1);
    await settled();
    expect(echo.state.calls).toBe(1);
    clock.now += 5_000;
    const due = await json('/t/echo?query=a');
    expect(due.res.headers.get('x-cache')).toBe('HIT');
    expect(due.body.call).toBe(1);
    await settled();
    expect(echo.state.calls).toBe(2);
    // Past the old entry's lifetime, the refreshed one answers: never cold, never stale.
    clock.now += 10_000;
    const later = await json('/t/echo?query=a');
    expect(later.res.headers.get('x-cache')).toBe('HIT');
    expect(later.body.call).toBe(2);
  });

  it('leaves an entry asked rarely to expire', async () => {
    const { json, clock, echo } = setup();
    await json('/t/echo?query=a');
    await json('/t/echo?query=a');
    clock.now += 55_000;
    expect((await json('/t/echo?query=a')).res.headers.get('x-cache')).toBe('HIT');
    await settled();
    expect(echo.state.calls).toBe(1);
  });

  it('not in demo mode', async () => {
    const { json, clock, echo } = setup('demo');
    for (let i = 0; i <= POPULAR_HITS; i++) await json('/t/echo?query=a');
    clock.now += 55_000;
    await json('/t/echo?query=a');
    await settled();
    expect(echo.state.calls).toBe(1);
  });
});
