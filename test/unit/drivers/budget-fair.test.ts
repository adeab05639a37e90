/**
 * Issue 35: the budget's waiters are served client by client (`core/drivers/kit/budget/fair-queue.ts`)
 * on a fake clock: a client that has used none of the budget is served next whatever another
 * has queued, clients that use alike take turns, each client's queue is bounded and a full
 * queue makes room for a client with fewer waiters, aborts and deadlines hold as before, and a
 * backlog's turns are spaced so that a newcomer waits one spacing, not a slot.
 */
import { describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import { createBudget, SLOT_MS } from '../../../core/drivers/kit/budget/budget.ts';
import { fairQueue, MAX_REMEMBERED } from '../../../core/drivers/kit/budget/fair-queue.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { ask, scopeOf, spent, through, type Turn } from '../../helpers/drivers/budget.ts';
import { fakeClock, settle, T0 } from '../../helpers/clock.ts';
import { withSignal } from '../../../core/drivers/kit/scope.ts';

/** Deezer's 4 turns a 500-ms slot, spaced under a backlog. */
const SPACING = SLOT_MS / 4;

describe('the budget served client by client', () => {
  it('a client with nothing used is served at the next turn, whatever another has queued', async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 200, maxQueue: 300 });
    const turns: Turn[] = [];
    ask(budget, clock, 'noisy', 100, turns);
    await clock.runUntil(T0 + 1010);
    const before = through(turns).length;
    expect(before).toBeGreaterThan(0);
    ask(budget, clock, 'quiet', 1, turns);
    await clock.runUntil(T0 + 3000);
    const order = through(turns).map((t) => t.client);
    expect(order[before]).toBe('quiet');
    // One spacing at most, not a slot: the backlog's turns go out 125 ms apart.
    const quiet = turns.find((t) => t.client === 'quiet')!;
    expect(quiet.at - quiet.asked).toBeLessThanOrEqual(SPACING);
  });

  it("a quiet client's calls that depend on each other wait one spacing each, while another floods", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 200, maxQueue: 300 });
    const turns: Turn[] = [];
    ask(budget, clock, 'noisy', 150, turns);
    await clock.runUntil(T0 + 2033);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const asked = clock.now();
      let at = -1;
      void budget.take(scopeOf('quiet')).then(() => (at = clock.now()));
      while (at < 0) await clock.runUntil(clock.now() + 1);
      waits.push(at - asked);
      // The upstream answers 20 ms later; then the next call.
      await clock.runUntil(clock.now() + 20);
    }
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(SPACING);
  });

  it('clients that use alike take turns (round robin), first come first served within each', async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000 });
    const turns: Turn[] = [];
    for (const client of ['a', 'b', 'c']) ask(budget, clock, client, 10, turns);
    await clock.runUntil(T0 + 10_000);
    expect(
      through(turns)
        .map((t) => t.client)
        .join(''),
    ).toBe('abc'.repeat(10));
    // Through at 8 a second: the budget's rate, none of it left unused.
    const times = through(turns).map((t) => t.at - T0);
    expect(times.slice(0, 8)).toEqual([500, 625, 750, 875, 1000, 1125, 1250, 1375]);
  });

  it('under a flood of many clients, each gets its share of the turns', async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxQueue: 300 });
    const turns: Turn[] = [];
    const clients = Array.from({ length: 10 }, (_, i) => `198.51.100.${i}`);
    for (const client of clients) ask(budget, clock, client, 30, turns);
    await clock.runUntil(T0 + 5500);
    const first = through(turns).slice(0, 40);
    expect(first).toHaveLength(40);
    for (const client of clients) expect(first.filter((t) => t.client === client)).toHaveLength(4);
  });

  it('turns taken without waiting count: a client that had the budget to itself is served after a newcomer', async () => {
    const clock = fakeClock();
    const budget = createBudget({ name: 'deezer', counters: memoryCounters(), limit: 50, windowMs: 5000, clock });
    const turns: Turn[] = [];
    ask(budget, clock, 'first', 8, turns);
    ask(budget, clock, 'second', 2, turns);
    await clock.runUntil(T0 + 5000);
    expect(
      through(turns)
        .map((t) => t.client)
        .join(' '),
    ).toBe('first first first first second second first first first first');
  });

  it("bounds each client's queue, and a full queue makes room for a client with fewer waiters", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000, maxPerClient: 5, maxQueue: 8 });
    const turns: Turn[] = [];
    ask(budget, clock, 'a', 7, turns);
    await settle();
    expect(budget.stats.queued).toBe(5);
    const refused = turns.filter((t) => t.error);
    expect(refused).toHaveLength(2);
    for (const t of refused) {
      expect(t.error).toBeInstanceOf(SleeveError);
      expect((t.error as SleeveError).message).toMatch(
        /^\[sleeve\] \[deezer\] upstream call budget exhausted \(5 calls of this client already waiting\); retry in \d+ s$/,
      );
      expect((t.error as SleeveError).headers['Retry-After']).toMatch(/^[1-9]\d*$/);
      expect(t.at).toBe(t.asked);
    }
    ask(budget, clock, 'b', 3, turns);
    await settle();
    expect(budget.stats.queued).toBe(8);
    // The queue is full: c (no waiter) takes the place of a's last; a newcomer of a (now 4, the
    // most) is refused.
    ask(budget, clock, 'c', 1, turns);
    ask(budget, clock, 'a', 1, turns);
    await settle();
    expect(budget.stats.queued).toBe(8);
    expect(turns.filter((t) => t.error).map((t) => (t.error as Error).message.match(/\((.*)\)/)![1])).toEqual([
      '5 calls of this client already waiting',
      '5 calls of this client already waiting',
      '8 calls already waiting',
      '8 calls already waiting',
    ]);
    await clock.runUntil(T0 + 5000);
    expect(
      through(turns)
        .map((t) => t.client)
        .join(''),
    ).toBe('abcababa');
  });

  it("an aborted waiter leaves its client's queue at once; the other clients keep their turns", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000 });
    const turns: Turn[] = [];
    const controller = new AbortController();
    ask(budget, clock, 'a', 3, turns);
    ask(budget, clock, 'b', 2, turns, controller.signal);
    ask(budget, clock, 'c', 2, turns);
    await settle();
    expect(budget.stats.queued).toBe(7);
    const reason = new Error('client went away');
    controller.abort(reason);
    await settle();
    expect(budget.stats.queued).toBe(5);
    expect(turns.filter((t) => t.error).map((t) => [t.client, t.error, t.at - T0])).toEqual([
      ['b', reason, 0],
      ['b', reason, 0],
    ]);
    await clock.runUntil(T0 + 5000);
    expect(
      through(turns)
        .map((t) => t.client)
        .join(''),
    ).toBe('acaca');
  });

  it('deadlines hold per client: whoever cannot be served within 3 s is refused at once with 503, the rest served in time', async () => {
    const { budget, clock } = spent();
    const turns: Turn[] = [];
    ask(budget, clock, 'noisy', 100, turns);
    await clock.runUntil(T0 + 1000);
    ask(budget, clock, 'quiet', 3, turns);
    await clock.runUntil(T0 + 10_000);
    expect(turns).toHaveLength(103);
    for (const t of through(turns)) expect(t.at - t.asked).toBeLessThanOrEqual(3000);
    const refused = turns.filter((t) => t.error);
    expect(refused.length).toBeGreaterThan(50);
    for (const t of refused) {
      expect((t.error as SleeveError).status).toBe(503);
      expect((t.error as SleeveError).headers['Retry-After']).toMatch(/^[1-9]\d*$/);
      expect(t.client).toBe('noisy');
    }
    // Some of the noisy client's admitted waiters lost their turns to the quiet one and heard by their deadline.
    for (const t of refused) expect(t.at - t.asked).toBeLessThanOrEqual(3000);
    const quiet = turns.filter((t) => t.client === 'quiet');
    expect(quiet.every((t) => !t.error && t.at - t.asked <= 3 * SPACING)).toBe(true);
  });

  it("finds the client in the call's scope, kept in a scope derived for another signal", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000 });
    const turns: Turn[] = [];
    const scope = withSignal(scopeOf('quiet'), new AbortController().signal);
    expect(scope.client).toBe('quiet');
    ask(budget, clock, 'noisy', 20, turns);
    await clock.runUntil(T0 + 510);
    let at = -1;
    void budget.take(scope).then(() => (at = clock.now()));
    await clock.runUntil(T0 + 1000);
    expect(at).toBeGreaterThan(0);
    expect(at - (T0 + 510)).toBeLessThanOrEqual(SPACING);
  });
});

describe('a request under way goes first', () => {
  it("a request that has had a turn takes its next before new requests' first calls, whoever is less used", async () => {
    const { budget, clock, counters } = spent({ maxWaitMs: 60_000 });
    const turns: Turn[] = [];
    // A request of a busy client, under way: it had its first call, at the next slot's start.
    const busy = scopeOf('busy');
    void budget.take(busy);
    await clock.runUntil(T0 + SLOT_MS + 1);
    // Others spend the rest of that slot; fresh clients' first calls wait, then the busy request
    // asks its second call.
    for (let i = 0; i < 3; i++) counters.hit('budget:deezer', clock.now(), SLOT_MS);
    for (const fresh of ['a', 'b', 'c', 'd', 'e']) ask(budget, clock, fresh, 1, turns);
    let second = -1;
    void budget.take(busy).then(() => (second = clock.now()));
    await clock.runUntil(T0 + 3000);
    // It takes the first turn of the next slot, ahead of the five fresh clients (by use, any of
    // them was next: the busy client has used a turn, they none).
    expect(second).toBe(T0 + 2 * SLOT_MS);
    expect(through(turns)).toHaveLength(5);
    expect(through(turns).every((t) => t.at > second)).toBe(true);
  });

  it("a request's first call is still served by use: a flood of requests starts no faster", async () => {
    const { budget, clock } = spent({ maxWaitMs: 60_000 });
    const turns: Turn[] = [];
    ask(budget, clock, 'noisy', 12, turns);
    await clock.runUntil(T0 + 10);
    ask(budget, clock, 'quiet', 1, turns);
    await clock.runUntil(T0 + 3000);
    // Noisy's calls are each a first call: the quiet client's is served at the next turn.
    expect(through(turns).findIndex((t) => t.client === 'quiet')).toBeLessThanOrEqual(1);
  });
});

describe('fairQueue', () => {
  it('remembers the use of a bounded number of idle clients, and forgets faded use first', () => {
    const queue = fairQueue<{ client: string }>();
    for (let i = 0; i < MAX_REMEMBERED * 3; i++) queue.served(`192.0.2.${i}`, T0 + i);
    expect(queue.remembered).toBeLessThanOrEqual(MAX_REMEMBERED);
    // Use fades over a minute: five minutes later 40 turns weigh less than one a second ago.
    for (let i = 0; i < 40; i++) queue.served('heavy', T0);
    const heavy = { client: 'heavy' };
    const fresh = { client: 'fresh' };
    queue.add(heavy);
    queue.add(fresh);
    expect(queue.next(T0 + 1000)).toBe(fresh);
    queue.served('fresh', T0 + 299_000);
    expect(queue.next(T0 + 300_000)).toBe(heavy);
  });
});
