/**
 * Issue #52: the budget's three lanes, served in order (fresh requests, then deferred answers of
 * answers a 503 promised, then refreshes), fair between clients within each; and the wait a
 * deferred answer's promise is built from. On the fake clock: no test here waits in real time.
 */
import { describe, expect, it } from 'vitest';
import { DEFERRED, fairQueue, FRESH, REFRESH } from '../../../core/drivers/kit/budget/fair-queue.ts';
import { isShortOfTurns } from '../../../core/drivers/kit/refusals.ts';
import { BACKGROUND, deferredScope, hurry } from '../../../core/drivers/kit/scope.ts';
import { ask, deferredScopeOf, scopeOf, spent, type Turn } from '../../helpers/drivers/budget.ts';
import { T0 } from '../../helpers/clock.ts';

describe('the lanes of one fair queue', () => {
  it('serve fresh waiters first, then deferred answers, then refreshes, whatever came first', () => {
    const queue = fairQueue<{ client: string; lane?: 0 | 1 | 2; n: number }>(60_000, BACKGROUND);
    queue.add({ client: BACKGROUND, n: 1 });
    queue.add({ client: 'a', lane: DEFERRED, n: 2 });
    queue.add({ client: 'a', lane: FRESH, n: 3 });
    queue.add({ client: 'b', lane: DEFERRED, n: 4 });
    const order: number[] = [];
    for (let w = queue.next(T0); w; w = queue.next(T0)) {
      order.push(w.n);
      queue.served(w.client, T0);
      queue.remove(w);
    }
    // Within the deferred lane, b (nothing used) before a (one turn just now).
    expect(order).toEqual([3, 4, 2, 1]);
    expect(queue.size).toBe(0);
  });

  it('count each lane apart', () => {
    const queue = fairQueue<{ client: string; lane?: 0 | 1 | 2 }>();
    queue.add({ client: 'a', lane: DEFERRED });
    queue.add({ client: 'a', lane: DEFERRED });
    queue.add({ client: 'a' });
    expect([queue.countOf('a'), queue.countOf('a', FRESH), queue.countOf('a', DEFERRED)]).toEqual([3, 1, 2]);
    expect([queue.sizeOf(FRESH), queue.sizeOf(DEFERRED), queue.sizeOf(REFRESH)]).toEqual([1, 2, 0]);
  });
});

describe('the budget by lanes', () => {
  it("a client's fresh requests go before its own deferred answers queued earlier", async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const served: { what: string; at: number }[] = [];
    const scope = deferredScopeOf('a');
    for (let i = 0; i < 6; i++) void budget.take(scope).then(() => served.push({ what: 'deferred', at: clock.now() }));
    for (let i = 0; i < 3; i++)
      void budget.take(scopeOf('a')).then(() => served.push({ what: 'fresh', at: clock.now() }));
    await clock.runUntil(T0 + 10_000);
    expect(served.map((s) => s.what)).toEqual([...Array(3).fill('fresh'), ...Array(6).fill('deferred')]);
    // The next slot's first turns, spaced: not behind the six.
    for (const s of served.slice(0, 3)) expect(s.at - T0).toBeLessThanOrEqual(SLOT_MS_PLUS_SPACING);
  });

  it('a deferred answer waits behind every fresh request, and a refresh is dropped while one waits', async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const order: string[] = [];
    void budget.take(deferredScopeOf('c')).then(() => order.push('deferred'));
    for (const client of ['x', 'y']) void budget.take(scopeOf(client)).then(() => order.push(client));
    const refresh = budget.take(scopeOf(BACKGROUND)).catch((error: unknown) => error);
    await clock.runUntil(T0 + 5000);
    expect(order).toEqual(['x', 'y', 'deferred']);
    expect(await refresh).toMatchObject({ reason: 'dropped' });
  });

  it('a deferred answer a client comes to wait on is hurried: its waiting call moves to the fresh lane', async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 200, maxQueue: 300 });
    const order: string[] = [];
    const waitedOn = deferredScopeOf('c');
    void budget.take(deferredScopeOf('d')).then(() => order.push('deferred'));
    void budget.take(waitedOn).then(() => order.push('hurried'));
    for (let i = 0; i < 4; i++) void budget.take(scopeOf('busy')).then(() => order.push('fresh'));
    hurry(waitedOn);
    await clock.runUntil(T0 + 10_000);
    // Among the fresh, taking turns with busy by client (both unused: busy asked first), and
    // before the other deferred answer, which waits for every fresh call.
    expect(order.indexOf('hurried')).toBe(1);
    expect(order.at(-1)).toBe('deferred');
  });

  it('a hurried deferred answer keeps its promise: once due it goes before the fresh lane, continuing calls included (issue #63)', async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 200, maxQueue: 300 });
    let hurriedAt = Infinity;
    const waitedOn = deferredScope(new AbortController().signal, 'c', 60_000, T0, T0 + 2000);
    void budget.take(waitedOn).then(() => (hurriedAt = clock.now()));
    // Another request's calls, each continuing it: in the fresh lane they go before any first call.
    const busy = scopeOf('busy');
    busy.progress.turns = 1;
    for (let i = 0; i < 40; i++) void budget.take(busy).then(() => {});
    hurry(waitedOn);
    await clock.runUntil(T0 + 10_000);
    // Its promise's moment came at 2 s: the 40 continuing calls would have held it until 5 s or more.
    expect(hurriedAt).toBeLessThanOrEqual(T0 + 2500);
  });

  it("promises a deferred answer's turn after the fresh lane's waiters, at the rate the fresh lane leaves", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 200, maxQueue: 300 });
    const idle = budget.laneBacklogMs(DEFERRED, 4);
    const turns: Turn[] = [];
    ask(budget, clock, 'busy', 40, turns);
    await clock.runUntil(T0 + 2000);
    const fresh = budget.laneBacklogMs(FRESH, 4);
    const behind = budget.laneBacklogMs(DEFERRED, 4);
    // With fresh calls waiting and the fresh lane taking every turn lately, a deferred answer is
    // promised later than a fresh call would be, and later than on an idle budget.
    expect(behind).toBeGreaterThan(fresh);
    expect(behind).toBeGreaterThan(idle);
  });

  it("a deferred answer refused for a turn past its patience says late, so the deferred answers' bounds hold", async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const refused = budget.take(deferredScopeOf('c', 100)).catch((error: unknown) => error);
    await clock.runUntil(T0 + 1000);
    expect(isShortOfTurns(await refused)).toBe(true);
  });
});

/** Deezer's first turn of the next slot, and the spacing of a backlog's turns after it. */
const SLOT_MS_PLUS_SPACING = 500 + 3 * 125;
