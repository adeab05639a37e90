/**
 * Issue #63, D66: a `Retry-After` is a promise kept, or none is made. On the fake clock: a deferred
 * answer's calls go before fresh requests once due, so a backlog promised while a client floods
 * the budget is still made by each promise; past what can be kept, the 503 says nothing is
 * promised (no `Retry-After`); and the answer made is held until its promise has passed,
 * whatever the instance's cache evicts meanwhile.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { deferrer, HELD_PAST_MS, type Deferrer } from '../../../core/http/cache/deferred.ts';
import type { Rerun } from '../../../core/http/cache/rerun.ts';
import { hold } from '../../../core/http/cache/entry.ts';
import { DEFERRED } from '../../../core/drivers/kit/budget/fair-queue.ts';
import { shortOfTurns } from '../../../core/drivers/kit/refusals.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { requiredText } from '../../../core/schemas/params.ts';
import { memoryStorage } from '../../../core/storage/memory.ts';
import type { SleeveError } from '../../../core/errors.ts';
import { scopeOf, spent } from '../../helpers/drivers/budget.ts';
import { T0, type FakeClock } from '../../helpers/clock.ts';
import type { Budget } from '../../../core/drivers/kit/budget/budget.ts';
import { createMetrics } from '../../../core/observe/metrics.ts';
import { echoEndpoint, frameEndpoints, stub, testApp } from '../../helpers/http/app.ts';

/** What a refused request's first run says: the budget's 503 for want of a turn in time. */
const refusal = (): SleeveError =>
  shortOfTurns('[sleeve] [deezer] upstream call budget exhausted (no turn within 2750 ms); retry in 3 s');

/**
 * A deferrer on `budget` whose answers each take `calls` turns, and when each was made;
 * `deferredMs` stands in for the deferred lane's estimate (the budget's own by default).
 */
function promises(
  budget: Budget,
  clock: FakeClock,
  calls = 2,
  deferredMs: (more: number) => number = (more) => budget.laneBacklogMs(DEFERRED, more),
) {
  const made = new Map<string, number>();
  let defer: Deferrer | undefined;
  const run: Rerun = async (request, _env, scope) => {
    for (let i = 0; i < calls; i++) await budget.take(scope);
    made.set(request.url, clock.now());
    defer!.keep(
      request.url,
      hold({ k: request.url, status: 200, body: '{}', etag: '"1"', freshUntil: null, maxAge: 60 }),
    );
    return new Response('{}');
  };
  defer = deferrer(run, {
    now: clock.now,
    backlogMs: (more) => budget.backlogMs(more),
    deferredMs,
  });
  return { defer, made };
}

/** A client that asks a fresh call every 100 ms until `until`: more than the budget's 8 a second. */
async function flood(budget: Budget, clock: FakeClock, until: number, taken: { n: number }) {
  while (clock.now() < until) {
    budget.take(scopeOf('flood')).then(
      () => taken.n++,
      () => {},
    );
    await clock.sleep(100);
  }
}

interface Told {
  key: string;
  at: number;
  retryAfter: string | undefined;
  message: string;
  /** When the client came back, and whether its answer was there. */
  back?: { at: number; there: boolean };
}

/** `key` refused at the clock's now: the 503 told, and its client back at its Retry-After. */
function refuse(defer: Deferrer, made: Map<string, number>, clock: FakeClock, key: string, client: string): Told {
  const error = defer.promise(refusal(), key, new Request(key), {}, client);
  const told: Told = { key, at: clock.now(), retryAfter: error.headers['Retry-After'], message: error.message };
  if (told.retryAfter !== undefined)
    void clock.sleep(Number(told.retryAfter) * 1000).then(() => {
      told.back = { at: clock.now(), there: made.has(key) && defer.kept(key) !== undefined };
    });
  return told;
}

describe('a promise kept (issue #63)', () => {
  it('a backlog promised in order is made by each promise while another client floods the budget', async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const { defer, made } = promises(budget, clock);
    const taken = { n: 0 };
    void flood(budget, clock, T0 + 200_000, taken);
    const told: Told[] = [];
    for (let i = 0; i < 40; i++) {
      told.push(refuse(defer, made, clock, `http://sleeve.test/t?query=${i}`, `client-${i % 4}`));
      await clock.runUntil(clock.now() + 250);
    }
    await clock.runUntil(T0 + 200_000);
    // Every refusal promised, later ones no sooner than earlier ones (to the second).
    for (const t of told) expect(t.retryAfter, t.key).toBeDefined();
    const dueAt = told.map((t) => t.at + Number(t.retryAfter) * 1000);
    for (let i = 1; i < dueAt.length; i++) expect(dueAt[i]! + 1000).toBeGreaterThanOrEqual(dueAt[i - 1]!);
    // Each client found its answer when it came back, made in the order promised.
    for (const t of told) expect(t.back, t.key).toEqual({ at: expect.any(Number), there: true });
    const order = [...made.entries()].sort((a, b) => a[1] - b[1]).map(([key]) => key);
    expect(order).toEqual(told.map((t) => t.key));
    expect(defer.broken).toBe(0);
    // The flood still had most turns: 8 a second over 200 s, less the 80 promised calls.
    expect(taken.n).toBeGreaterThan(1500);
  });

  it('a burst past what can be kept is told that nothing is promised, with no Retry-After, and every promise made is kept', async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const { defer, made } = promises(budget, clock);
    void flood(budget, clock, T0 + 200_000, { n: 0 });
    const told: Told[] = [];
    // 600 answers of two calls at once: 150 s of the budget's full rate, past the longest promise.
    for (let i = 0; i < 600; i++)
      told.push(refuse(defer, made, clock, `http://sleeve.test/t?query=${i}`, `client-${i % 60}`));
    await clock.runUntil(T0 + 200_000);
    const promised = told.filter((t) => t.retryAfter !== undefined);
    const not = told.filter((t) => t.retryAfter === undefined);
    expect(not.length).toBeGreaterThan(0);
    expect(promised.length).toBeGreaterThan(100);
    for (const t of not) expect(t.message).toMatch(/not promised/);
    for (const t of not) expect(made.has(t.key)).toBe(false);
    for (const t of promised) expect(t.back?.there, t.key).toBe(true);
    for (const t of promised) expect(Number(t.retryAfter)).toBeLessThanOrEqual(120);
    expect(defer.dropped).toBe(not.length);
    expect(defer.broken).toBe(0);
  });
});

describe("a deferred answer survives the instance's own cache pressure until its promise has passed", () => {
  // Refused for want of a turn while a client asks; made when it runs again as a deferred answer.
  const promised = defineEndpoint({
    path: '/t/promised',
    ...stub,
    cache: 900,
    params: v.object({ query: requiredText('query') }),
    async handle({ params, scope }) {
      if (scope.progress.lane !== DEFERRED) throw refusal();
      return { query: params.query };
    },
  });
  const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('is answered from what it made when its client comes back, after the cache evicted it', async () => {
    const echo = echoEndpoint({ cache: 900 });
    // A storage that keeps nothing (one byte): only what this process holds answers.
    const { json, clock } = testApp([...frameEndpoints, promised, echo.endpoint], {
      rateLimits: 'off',
      mode: 'live',
      storage: memoryStorage(1),
    });
    const first = await json('/t/promised?query=x');
    expect(first.res.status).toBe(503);
    const retryAfter = Number(first.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await settled();
    // Pressure: more answers than the process holds push it out.
    for (let i = 0; i < 300; i++) await json(`/t/echo?query=fill${i}`);
    clock.now += retryAfter * 1000;
    const back = await json('/t/promised?query=x');
    expect(back.res.status).toBe(200);
    expect(back.res.headers.get('x-cache')).toBe('HIT');
    expect(back.body).toEqual({ query: 'x' });
    // Once the promise has passed, it is no longer held against the pressure.
    clock.now += HELD_PAST_MS + 1000;
    for (let i = 0; i < 300; i++) await json(`/t/echo?query=again${i}`);
    expect((await json('/t/promised?query=x')).res.status).toBe(503);
  });
});

describe('promises made only where kept, and a broken one counted (issue #63, second pass)', () => {
  const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('promises at the longest are spaced into the gaps before it rather than refused, and every one is kept', async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    // The fresh lane's estimate says it leaves nothing for ten minutes: every promise is put at the longest.
    const { defer, made } = promises(budget, clock, 2, () => 600_000);
    void flood(budget, clock, T0 + 300_000, { n: 0 });
    const told: Told[] = [];
    // Six refusals a second for 20 s: more than one a quarter second (two calls at 8 a second) at the longest.
    for (let i = 0; i < 120; i++) {
      told.push(refuse(defer, made, clock, `http://sleeve.test/t?query=${i}`, `client-${i % 8}`));
      await clock.runUntil(clock.now() + 166);
    }
    await clock.runUntil(T0 + 300_000);
    for (const t of told) expect(t.retryAfter, t.key).toBeDefined();
    for (const t of told) expect(Number(t.retryAfter)).toBeLessThanOrEqual(120);
    for (const t of told) expect(t.back?.there, t.key).toBe(true);
    expect(defer.dropped).toBe(0);
    expect(defer.broken).toBe(0);
  });

  it('a degraded answer a 503 promised is held for its client and sent no-store when it comes back', async () => {
    const gappy = defineEndpoint({
      path: '/t/gappy',
      ...stub,
      cache: 900,
      params: v.object({ query: requiredText('query') }),
      async handle({ params, scope, degraded }) {
        if (scope.progress.lane !== DEFERRED) throw refusal();
        degraded('its audio features');
        return { query: params.query, features: null };
      },
    });
    const { json, clock } = testApp([...frameEndpoints, gappy], { rateLimits: 'off', mode: 'live' });
    const first = await json('/t/gappy?query=x');
    expect(first.res.status).toBe(503);
    const retryAfter = Number(first.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await settled();
    clock.now += retryAfter * 1000;
    const back = await json('/t/gappy?query=x');
    expect(back.res.status).toBe(200);
    expect(back.body).toEqual({ query: 'x', features: null });
    expect(back.res.headers.get('cache-control')).toBe('no-store');
    // Held for that promise only: once it has passed, the next client's request runs the route again.
    clock.now += HELD_PAST_MS + 1000;
    expect((await json('/t/gappy?query=x')).res.status).toBe(503);
  });

  it("a no-store endpoint's budget refusal promises nothing: no Retry-After, and it says so", async () => {
    const live = defineEndpoint({
      path: '/t/live-only',
      ...stub,
      cache: 'no-store',
      params: v.object({ query: requiredText('query') }),
      async handle() {
        throw refusal();
      },
    });
    const { json } = testApp([...frameEndpoints, live], { rateLimits: 'off', mode: 'live' });
    const { res, body } = await json('/t/live-only?query=x');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((body as { error: { code: string; message: string } }).error).toEqual({
      code: 'service_unavailable',
      message: expect.stringMatching(/not promised/),
    });
  });

  it('a promise broken (its answer not made) is counted, and /metrics shows it', async () => {
    const { clock } = spent({ maxWaitMs: 3000 });
    const defer = deferrer(
      async () => {
        throw new Error('the upstream failed');
      },
      { now: clock.now, backlogMs: () => 0, deferredMs: () => 0 },
    );
    defer.promise(refusal(), 'http://sleeve.test/t?query=x', new Request('http://sleeve.test/t?query=x'), {}, 'a');
    await clock.runUntil(clock.now() + 10_000);
    expect(defer.broken).toBe(1);
    const metrics = createMetrics({ version: '3.0.0', mode: 'live', startedAt: 0, budgets: () => new Map() });
    metrics.watchDeferred(defer);
    expect(metrics.render()).toContain(
      '# TYPE sleeve_completions_broken_total counter\nsleeve_completions_broken_total 1\n',
    );
  });
});
