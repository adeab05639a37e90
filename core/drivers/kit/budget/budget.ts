/**
 * @module
 * The upstream call budget of live mode (D13). Deezer allows about 50 calls per 5 s per IP and
 * past that answers HTTP 200 with error code 4 ("Quota limit exceeded"), so Sleeve stays under
 * it under any load; instances sharing one Redis share one egress IP, so they share one budget
 * (the slots and their counters: `slot-pace.ts`). A call that would wait past its bound for its
 * turn fails at once with a 503 and `Retry-After`, rather than holding its client for nothing.
 * One pump per process serves the waiters, so a full slot costs one timer, not a poll per waiter.
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
import type { WindowCount } from '../../../storage/counters.ts';
import {
  BACKGROUND_WAIT_MS,
  MAX_BACKGROUND,
  MAX_PER_CLIENT,
  NO_CLIENT,
  type Budget,
  type BudgetOptions,
} from './face.ts';
import { fairWait, laneRate } from './estimates.ts';
import { keyedCount } from './keyed-count.ts';
import { DEFERRED, fairQueue, FRESH, REFRESH, USE_DECAY_MS, type Lane } from './fair-queue.ts';
import { BudgetRefusal, type RefusalReason } from '../refusals.ts';
import { SLOT_MS, slotPace } from './slot-pace.ts';
import { BACKGROUND, whenHurried, type RequestScope } from '../scope.ts';

export { BACKGROUND_WAIT_MS, MAX_BACKGROUND, type Budget, type BudgetOptions, type BudgetClock } from './face.ts';
export { perSlot, SAFETY, SKEW_MS, SLOT_MS } from './slot-pace.ts';

interface Waiter {
  readonly client: string;
  /** Its lane; a deferred answer's moves to the fresh lane when a client comes to wait on it (`scope.ts` `hurry`). */
  lane: Lane;
  /** A deferred answer's call (its scope has a patience): outside the queue's bounds, never evicted. */
  readonly patient: boolean;
  /** While in the deferred lane, its promise's due moment (`fair-queue.ts`): from then it goes first. */
  readonly due: number | undefined;
  unhook(): void;
  /** Its request has had a turn already: served first in its lane (`fair-queue.ts`). */
  readonly continuing: boolean;
  resolve(): void;
  reject(reason: unknown): void;
  deadline: number;
  boundMs: number;
  readonly scope: RequestScope | undefined;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

export function createBudget(options: BudgetOptions): Budget {
  const { name } = options;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const maxQueue = options.maxQueue ?? 200;
  const maxPerClient = options.maxPerClient ?? MAX_PER_CLIENT;
  const { clock } = options;
  const pace = slotPace(name, options.counters, options.limit, options.windowMs);
  const { allowance } = pace;
  let pumping = false;
  const queue = fairQueue<Waiter>(USE_DECAY_MS, BACKGROUND);
  // Deferred answers' waiters, in all and by client: not counted against the queue's bounds.
  const patients = keyedCount();
  // Turns the fresh lane took lately: what it leaves to deferred answers.
  const fresh = laneRate();
  const stats = {
    taken: 0,
    waited: 0,
    refused: 0,
    dropped: 0,
    get queued() {
      return queue.size;
    },
  };

  /** A backlog the slot cannot clear: the pump then spaces its turns (see `pump`). */
  const backlogged = (waiting: number): boolean => waiting > allowance;
  const took = (client: string, lane: Lane, scope: RequestScope | undefined, now: number) => {
    queue.served(client, now);
    if (scope) scope.progress.turns++;
    stats.taken++;
    if (lane === FRESH) fresh.took(now);
  };

  const refusal = (waitMs: number, why: string, reason: RefusalReason): BudgetRefusal => {
    if (reason === 'dropped') stats.dropped++;
    else stats.refused++;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new BudgetRefusal(
      reason,
      `[sleeve] [${name}] upstream call budget exhausted (${why}); retry in ${seconds} s`,
      seconds,
    );
  };
  const late = (waiter: Waiter, ahead: number, now: number): BudgetRefusal =>
    refusal(
      fairWait(queue, pace, waiter.client, waiter.lane, ahead, now),
      `no turn within ${waiter.boundMs} ms`,
      waiter.lane === REFRESH ? 'dropped' : 'late',
    );
  const leave = (waiter: Waiter) => {
    if (queue.remove(waiter) && waiter.patient) patients.remove(waiter.client);
    waiter.unhook();
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  };
  const dropLate = (now: number) => {
    const paced = backlogged(queue.size);
    for (const mine of queue.byClient()) {
      let ahead = 0;
      for (const waiter of mine) {
        if (pace.earliest(ahead, now, paced) <= waiter.deadline) {
          ahead++;
          continue;
        }
        leave(waiter);
        waiter.reject(late(waiter, ahead, now));
      }
    }
  };
  /** A turn was won: the next waiter by lane and client (`fair-queue.ts`) still in time gets it. */
  const grant = (now: number) => {
    for (let waiter = queue.next(now); waiter; waiter = queue.next(now)) {
      leave(waiter);
      if (now > waiter.deadline) {
        waiter.reject(late(waiter, queue.countOf(waiter.client, waiter.lane), now));
        continue;
      }
      took(waiter.client, waiter.lane, waiter.scope, now);
      stats.waited++;
      waiter.resolve();
      return;
    }
  };

  /**
   * The pump. With no more waiters than a slot's turns it hands each out as soon as the counters
   * give it; under a backlog the n-th turn of a slot (by the shared count, so across instances
   * too) goes out `(n - 1) * spacing` after the slot starts, to whoever is next by lane and
   * client then: a quiet client's call arriving a moment later waits one spacing (125 ms for
   * Deezer), not the next slot. The rate is the same.
   */
  const pump = async (): Promise<void> => {
    pumping = true;
    try {
      while (queue.size > 0) {
        const now = clock.now();
        const holdUntil = pace.holdUntil();
        if (now < holdUntil) {
          dropLate(now);
          if (queue.size > 0) await clock.sleep(holdUntil - now);
          continue;
        }
        const paced = backlogged(queue.size);
        const hit = await pace.count(now);
        if (!pace.admits(hit)) continue;
        if (paced) {
          const waitMs = hit.resetAt - SLOT_MS + (hit.count - 1) * pace.spacing - clock.now();
          if (waitMs > 0) {
            pace.holding = true;
            try {
              // Whoever cannot have this turn or a later one in time hears now, not after it.
              dropLate(clock.now());
              await clock.sleep(waitMs);
            } finally {
              pace.holding = false;
            }
          }
          // Upstream said "quota exceeded" meanwhile: this turn is let go.
          if (clock.now() < pace.pausedUntil) continue;
        }
        grant(clock.now());
      }
    } catch (error) {
      // Only a broken injected clock gets here; nobody may be left waiting on a dead pump.
      for (const waiter of queue.all()) {
        leave(waiter);
        waiter.reject(error);
      }
    } finally {
      pumping = false;
    }
  };

  const wait = (
    scope: RequestScope | undefined,
    signal: AbortSignal | undefined,
    client: string,
    lane: Lane,
    start: number,
    until: number,
  ): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = clock.now();
    const mine = queue.countOf(client, lane);
    const at = pace.earliest(mine, now, backlogged(queue.size + 1));
    const patience = lane === REFRESH ? undefined : scope?.patienceMs;
    // A deferred answer's calls are bounded by the deferred answers (`http/cache/deferred.ts`), not by the
    // queue's places: they neither take a request's place nor lose theirs to one.
    if (patience === undefined && queue.countOf(client) - patients.of(client) >= maxPerClient)
      return Promise.reject(refusal(at - now, `${maxPerClient} calls of this client already waiting`, 'full'));
    // Full: a client with fewer waiters takes the place of the last waiter of the one with most.
    const full = patience === undefined && queue.size - patients.total >= maxQueue;
    const tail = full ? queue.longestTail(mine + 1) : undefined;
    const evicted = tail?.patient === true ? undefined : tail;
    if (full && !evicted) return Promise.reject(refusal(at - now, `${maxQueue} calls already waiting`, 'full'));
    const boundMs = lane === REFRESH ? BACKGROUND_WAIT_MS : (patience ?? maxWaitMs);
    const deadline = Math.min(start + boundMs, until);
    // The likely turn, not only the earliest: a call that would be refused at its deadline is
    // refused now, its client told at once (and its answer completed, `http/cache/deferred.ts`).
    // A promised deferred answer's call goes first once due (`fair-queue.ts`): its turn is no later than that.
    const promisedBy = lane === DEFERRED ? (scope?.progress.dueAt ?? Infinity) : Infinity;
    const likely =
      lane === REFRESH ? at : Math.max(at, Math.min(promisedBy, now + fairWait(queue, pace, client, lane, mine, now)));
    if (likely > deadline)
      return Promise.reject(
        refusal(
          likely - now,
          `no turn within ${Math.max(0, Math.round(deadline - start))} ms`,
          lane === REFRESH ? 'dropped' : 'late',
        ),
      );
    if (evicted) {
      leave(evicted);
      evicted.reject(
        refusal(at - now, `${maxQueue} calls already waiting`, evicted.lane === REFRESH ? 'dropped' : 'full'),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        client,
        lane,
        patient: patience !== undefined,
        get due() {
          // Kept when hurried into the fresh lane: its promise still stands (`fair-queue.ts`).
          return waiter.lane === REFRESH ? undefined : scope?.progress.dueAt;
        },
        unhook: () => {},
        continuing: lane !== REFRESH && (scope?.progress.turns ?? 0) > 0,
        resolve,
        reject,
        deadline,
        boundMs,
        scope,
        signal,
        onAbort: () => {
          leave(waiter);
          reject(signal!.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      queue.add(waiter);
      if (waiter.patient) patients.add(client);
      // A client came to wait on this deferred answer: its call goes to the fresh lane, where it is.
      if (lane === DEFERRED)
        waiter.unhook = whenHurried(scope, () => {
          if (!queue.remove(waiter)) return;
          waiter.lane = FRESH;
          queue.add(waiter);
        });
      if (!pumping) void pump();
    });
  };

  return {
    stats,
    take(scope, { until = Infinity, abortable = true } = {}) {
      const signal = abortable ? scope?.signal : undefined;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const client = scope?.client ?? NO_CLIENT;
      const now = clock.now();
      const lane = scope?.progress.lane ?? FRESH;
      if (lane === REFRESH) {
        const behind = queue.sizeOf(REFRESH);
        if (queue.size > behind) return Promise.reject(refusal(0, 'client calls are waiting', 'dropped'));
        if (behind >= MAX_BACKGROUND)
          return Promise.reject(refusal(0, `${MAX_BACKGROUND} background calls already waiting`, 'dropped'));
      }
      // Most calls are within budget: empty queue, free slot, one counter hit, no timer.
      if (queue.size > 0 || now < pace.holdUntil()) return wait(scope, signal, client, lane, now, until);
      const through = (hit: WindowCount): Promise<void> | undefined => {
        if (!pace.admits(hit)) return wait(scope, signal, client, lane, now, until);
        took(client, lane, scope, now);
        return undefined;
      };
      const hit = pace.count(now);
      return hit instanceof Promise ? hit.then(through) : (through(hit) ?? Promise.resolve());
    },
    backlogMs(more) {
      const now = clock.now();
      return Math.max(0, pace.earliest(queue.size + more, now, true) - now);
    },
    laneBacklogMs: (lane, more) => fresh.backlogMs(queue, pace, lane, more, clock.now()),
    pause(ms) {
      const now = clock.now();
      pace.pause(now, ms);
      dropLate(now);
    },
  };
}
