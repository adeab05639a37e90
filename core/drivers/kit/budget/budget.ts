/**
 * @module
 * The upstream call budget of live mode (D13). Deezer allows about 50 calls per 5 s per IP and
 * past that answers HTTP 200 with error code 4 ("Quota limit exceeded"), so Sleeve stays under
 * it under any load; instances sharing one Redis share one egress IP, so they share one budget
 * (the slots and their counters: `slot-pace.ts`). A call that would wait past its bound for its
 * turn fails at once with a 503 and `Retry-After`, rather than holding its client for nothing.
 * One pump per process serves the waiters, so a full slot costs one timer, not a poll per waiter.
 *
 * Its parts, composed here: the admission (`admission.ts`: through at once, queued, or refused),
 * the waiters (`waiters.ts`: the queue and what happens to a waiter) and the pump (`pump.ts`:
 * turns won and handed out). A turn taken is counted here, once, for the figures, the queue's
 * fairness and the request's own count (`countTurn`, which the scope keeps).
 *
 * Three lanes (`fair-queue.ts`), served in order: fresh requests, then the deferred answers a
 * 503 promised, then refreshes; within each, client by client, the least-used client's call next,
 * so one client's flood does not cost a quiet client its answers. Under a backlog the slot's
 * turns go out `spacing` apart (see `pump`). Across instances on one Redis only the slot count is
 * shared: each instance serves its own clients fairly from the turns it wins, and a quiet
 * client's call waits at most one spacing per busy instance (about 250 ms on two;
 * `test/integration/live/budget-fair.test.ts`). A deferred answer's calls wait as long as the deferred answers allow
 * (the scope's patience, `scope.ts`), outside the queue's bounds, and move to the fresh lane when
 * a client comes to wait on them (`scope.ts` `hurry`). The estimates are `estimates.ts`'s,
 * what callers see `face.ts`'s; refusals are `BudgetRefusal`s (`refusals.ts`).
 */
import { MAX_PER_CLIENT, type Budget, type BudgetOptions } from './face.ts';
import { laneRate } from './estimates.ts';
import { FRESH, type Lane } from './fair-queue.ts';
import { BudgetRefusal } from '../refusals.ts';
import { slotPace } from './slot-pace.ts';
import { countTurn, type RequestScope } from '../scope.ts';
import { budgetWaiters, type Refuse } from './waiters.ts';
import { budgetPump } from './pump.ts';
import { admission } from './admission.ts';

export { BACKGROUND_WAIT_MS, MAX_BACKGROUND, type Budget, type BudgetOptions, type BudgetClock } from './face.ts';
export { perSlot, SAFETY, SKEW_MS, SLOT_MS } from './slot-pace.ts';

export function createBudget(options: BudgetOptions): Budget {
  const { name, clock } = options;
  const pace = slotPace(name, options.counters, options.limit, options.windowMs);
  // Turns the fresh lane took lately: what it leaves to deferred answers.
  const fresh = laneRate();
  const stats = {
    taken: 0,
    waited: 0,
    refused: 0,
    dropped: 0,
    get queued() {
      return waiters.queue.size;
    },
  };

  const refuse: Refuse = (waitMs, why, reason) => {
    if (reason === 'dropped') stats.dropped++;
    else stats.refused++;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new BudgetRefusal(
      reason,
      `[sleeve] [${name}] upstream call budget exhausted (${why}); retry in ${seconds} s`,
      seconds,
    );
  };
  const waiters = budgetWaiters(pace, refuse);
  /** A turn taken, at once or after a wait: the one place it is counted. */
  const took = (client: string, lane: Lane, scope: RequestScope | undefined, now: number) => {
    waiters.queue.served(client, now);
    countTurn(scope);
    stats.taken++;
    if (lane === FRESH) fresh.took(now);
  };
  const pump = budgetPump(clock, pace, waiters, (waiter, now) => {
    took(waiter.client, waiter.lane, waiter.scope, now);
    stats.waited++;
    waiter.resolve();
  });
  const take = admission({
    clock,
    pace,
    waiters,
    refuse,
    pump,
    through: took,
    maxWaitMs: options.maxWaitMs ?? 3000,
    maxQueue: options.maxQueue ?? 200,
    maxPerClient: options.maxPerClient ?? MAX_PER_CLIENT,
  });

  return {
    stats,
    take,
    backlogMs(more) {
      const now = clock.now();
      return Math.max(0, pace.earliest(waiters.queue.size + more, now, true) - now);
    },
    laneBacklogMs: (lane, more) => fresh.backlogMs(waiters.queue, pace, lane, more, clock.now()),
    pause(ms) {
      const now = clock.now();
      pace.pause(now, ms);
      waiters.dropLate(now);
    },
  };
}
