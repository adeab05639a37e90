/**
 * Issue 35: background calls (cache refreshes, the refresh lane of `kit/scope.ts`) are the budget's
 * lowest lane, on a fake clock: granted only when no client call waits, never before a client
 * call queued with them, dropped (counted apart from the 503s clients get) when they cannot
 * have a spare turn within `BACKGROUND_WAIT_MS`, and bounded in number.
 */
import { describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import { BACKGROUND_WAIT_MS, createBudget, MAX_BACKGROUND, SLOT_MS } from '../../../core/drivers/kit/budget/budget.ts';
import { fairQueue } from '../../../core/drivers/kit/budget/fair-queue.ts';
import { shareWork } from '../../../core/drivers/kit/shared-work.ts';
import { BACKGROUND, refreshScope, requestScope } from '../../../core/drivers/kit/scope.ts';
import { memoryCounters } from '../../../core/storage/counters.ts';
import { ask, spent, through, type Turn } from '../../helpers/drivers/budget.ts';
import { fakeClock, T0 } from '../../helpers/clock.ts';

describe("the budget's background lane", () => {
  it('a saturated budget serves every waiting client call before a queued refresh, which is then dropped', async () => {
    const { budget, clock } = spent({ maxWaitMs: 3000 });
    const turns: Turn[] = [];
    // The refresh asks first, alone: it waits for a spare turn.
    ask(budget, clock, BACKGROUND, 1, turns);
    // Then a client's calls arrive: 12, every turn of the next three slots.
    ask(budget, clock, '203.0.113.7', 12, turns);
    await clock.runUntil(T0 + 5000);
    const granted = through(turns);
    expect(granted.map((t) => t.client)).toEqual(Array(12).fill('203.0.113.7'));
    // Every client call went within the bound; the refresh never had a turn, and was dropped
    // at its own short bound with the budget's 503 error, not counted as a client's refusal.
    for (const t of granted) expect(t.at - t.asked).toBeLessThan(3000);
    const refresh = turns.find((t) => t.client === BACKGROUND)!;
    expect(refresh.error).toBeInstanceOf(SleeveError);
    expect((refresh.error as SleeveError).code).toBe('service_unavailable');
    expect(refresh.at - refresh.asked).toBeLessThanOrEqual(BACKGROUND_WAIT_MS);
    expect(budget.stats).toMatchObject({ refused: 0, dropped: 1, taken: 12 });
    // Once the clients are served, a refresh has its spare turn.
    ask(budget, clock, BACKGROUND, 1, turns);
    await clock.runUntil(T0 + 6000);
    expect(turns.at(-1)).toMatchObject({ client: BACKGROUND });
    expect(turns.at(-1)!.error).toBeUndefined();
  });

  it('a refresh asking while client calls wait is dropped at once', async () => {
    const { budget, clock } = spent();
    const turns: Turn[] = [];
    ask(budget, clock, 'client', 2, turns);
    ask(budget, clock, BACKGROUND, 1, turns);
    await clock.runUntil(T0 + 1);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ client: BACKGROUND, at: T0 });
    expect(turns[0]!.error).toBeInstanceOf(SleeveError);
    await clock.runUntil(T0 + 2000);
    expect(through(turns).map((t) => t.client)).toEqual(['client', 'client']);
  });

  it("a client that joined a refresh's call which is dropped makes the call as itself, never taking the 503", async () => {
    const { budget, clock } = spent();
    const turns: Turn[] = [];
    // A client's calls wait, so a refresh asking now is dropped at once.
    ask(budget, clock, 'waiting', 2, turns);
    const refresh = refreshScope(new AbortController().signal, T0);
    const client = requestScope({ client: '198.51.100.9', now: T0 });
    const asked: string[] = [];
    const work = shareWork(
      async (scope) => {
        const who = scope.client ?? '';
        asked.push(who);
        await budget.take(scope);
        return who;
      },
      () => {},
      'deezer',
      clock,
    );
    const first = work.join(refresh).then(
      () => undefined,
      (error: unknown) => error,
    );
    const joined = work.join(client);
    await clock.runUntil(T0 + 2000);
    expect(await first).toBeInstanceOf(SleeveError);
    await expect(joined).resolves.toBe('198.51.100.9');
    expect(asked).toEqual([BACKGROUND, '198.51.100.9']);
    expect(budget.stats).toMatchObject({ dropped: 1, refused: 0 });
  });

  it('a refresh takes a spare turn: at once when the budget is idle, at the next slot when it is only full', async () => {
    const idle = createBudget({
      name: 'deezer',
      counters: memoryCounters(),
      limit: 50,
      windowMs: 5000,
      clock: fakeClock(),
    });
    await expect(idle.take(refreshScope(new AbortController().signal, T0))).resolves.toBeUndefined();
    const { budget, clock } = spent();
    const turns: Turn[] = [];
    ask(budget, clock, BACKGROUND, 1, turns);
    await clock.runUntil(T0 + 1000);
    expect(turns).toEqual([{ client: BACKGROUND, asked: T0, at: T0 + SLOT_MS }]);
  });

  it('no more than MAX_BACKGROUND refreshes wait', async () => {
    // A budget of 40 turns a slot, the current one spent: every refresh could go within its bound.
    const clock = fakeClock();
    const counters = memoryCounters();
    for (let i = 0; i < 40; i++) counters.hit('budget:deezer', T0, SLOT_MS);
    const budget = createBudget({ name: 'deezer', counters, limit: 500, windowMs: 5000, clock });
    const turns: Turn[] = [];
    ask(budget, clock, BACKGROUND, MAX_BACKGROUND + 3, turns);
    await clock.runUntil(T0 + 1);
    expect(turns.filter((t) => t.error)).toHaveLength(3);
    expect(budget.stats.queued).toBe(MAX_BACKGROUND);
  });

  it('the fair queue hands the lowest lane a turn only when no other client waits', () => {
    const queue = fairQueue<{ client: string; n: number }>(60_000, BACKGROUND);
    queue.add({ client: BACKGROUND, n: 1 });
    queue.add({ client: 'b', n: 2 });
    queue.served('b', T0);
    queue.served('b', T0);
    expect(queue.next(T0)?.n).toBe(2);
    queue.remove(queue.next(T0)!);
    expect(queue.next(T0)?.n).toBe(1);
  });
});
