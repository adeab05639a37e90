/**
 * What the budget's tests share: calls of one client asked at once and each turn recorded
 * (`ask`), and a budget whose current slot is already spent (`spent`), on the tests' fake clock
 * (`test/helpers/clock.ts`, moved with `runUntil`).
 */
import {
  createBudget,
  SLOT_MS,
  type Budget,
  type BudgetOptions,
  type BudgetClock,
} from '../../../core/drivers/kit/budget/budget.ts';
import { fakeClock, type FakeClock, T0 } from '../clock.ts';
import { memoryCounters, type MemoryCounters } from '../../../core/storage/counters.ts';
import {
  BACKGROUND,
  deferredScope,
  refreshScope,
  unboundScope,
  type RequestScope,
} from '../../../core/drivers/kit/scope.ts';

export interface Turn {
  client: string;
  asked: number;
  at: number;
  error?: unknown;
}

/** The scope of `client`'s calls: a fresh request's, or a refresh's for `BACKGROUND`; no client given, none named. */
export function scopeOf(client?: string, signal: AbortSignal = new AbortController().signal): RequestScope {
  if (client === BACKGROUND) return refreshScope(signal, T0);
  return { ...unboundScope(signal), client };
}

/** A deferred answer's scope, `client`'s, each call waiting up to `waitMs` (a minute) for its turn. */
export function deferredScopeOf(client: string, waitMs = 60_000, signal = new AbortController().signal): RequestScope {
  return deferredScope(signal, client, waitMs, T0);
}

/** `n` calls of `client` asked now; each settled turn is recorded in order. */
export function ask(
  budget: Budget,
  clock: BudgetClock,
  client: string,
  n: number,
  turns: Turn[],
  signal?: AbortSignal,
): void {
  for (let i = 0; i < n; i++) {
    const asked = clock.now();
    budget.take(scopeOf(client, signal)).then(
      () => turns.push({ client, asked, at: clock.now() }),
      (error: unknown) => turns.push({ client, asked, at: clock.now(), error }),
    );
  }
}

/** A budget whose current slot is already spent (by someone else), so every call queues. */
export function spent(more: Partial<BudgetOptions> = {}): {
  budget: Budget;
  clock: FakeClock;
  counters: MemoryCounters;
} {
  const clock = fakeClock();
  const counters = memoryCounters();
  for (let i = 0; i < 4; i++) counters.hit('budget:deezer', T0, SLOT_MS);
  const budget = createBudget({ name: 'deezer', counters, limit: 50, windowMs: 5000, clock, ...more });
  return { budget, clock, counters };
}

export const through = (turns: readonly Turn[]): Turn[] => turns.filter((t) => !t.error);
