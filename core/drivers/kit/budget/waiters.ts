/**
 * @module
 * The budget's waiters: the calls queued for a turn (`fair-queue.ts`, by lane and client), the
 * deferred answers' among them counted apart (they are outside the queue's bounds), and what
 * happens to a waiter: it leaves (served, refused, aborted), it is refused once no turn it could
 * still have comes in time, or it is handed the turn just won. Who joins is the admission's
 * (`admission.ts`); when a turn is won, the pump's (`pump.ts`).
 */
import type { BudgetRefusal, RefusalReason } from '../refusals.ts';
import type { RequestScope } from '../scope.ts';
import { fairWait } from './estimates.ts';
import { fairQueue, REFRESH, USE_DECAY_MS, type FairQueue, type Lane } from './fair-queue.ts';
import { keyedCount, type KeyedCount } from './keyed-count.ts';
import type { SlotPace } from './slot-pace.ts';
import { BACKGROUND } from '../scope.ts';

export interface Waiter {
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

/** A budget refusal, counted in the budget's figures: how long until a turn, why, and its reason. */
export type Refuse = (waitMs: number, why: string, reason: RefusalReason) => BudgetRefusal;

export interface Waiters {
  readonly queue: FairQueue<Waiter>;
  /** Deferred answers' waiters, in all and by client: not counted against the queue's bounds. */
  readonly patients: KeyedCount;
  /** A backlog the slot cannot clear: the pump then spaces its turns (`pump.ts`). */
  backlogged(waiting: number): boolean;
  join(waiter: Waiter): void;
  leave(waiter: Waiter): void;
  /** The refusal of a waiter with `ahead` calls of its client before it, whose bound has passed. */
  late(waiter: Waiter, ahead: number, now: number): BudgetRefusal;
  /** Refuses, now, every waiter no turn it could still have comes to in time. */
  dropLate(now: number): void;
  /** A turn was won: the next waiter by lane and client still in time, taken out (the late ones on the way refused). */
  next(now: number): Waiter | undefined;
  /** Refuses every waiter with `error` (a dead pump leaves nobody waiting). */
  failAll(error: unknown): void;
}

export function budgetWaiters(pace: SlotPace, refuse: Refuse): Waiters {
  const queue = fairQueue<Waiter>(USE_DECAY_MS, BACKGROUND);
  const patients = keyedCount();
  const backlogged = (waiting: number): boolean => waiting > pace.allowance;
  const late = (waiter: Waiter, ahead: number, now: number): BudgetRefusal =>
    refuse(
      fairWait(queue, pace, waiter.client, waiter.lane, ahead, now),
      `no turn within ${waiter.boundMs} ms`,
      waiter.lane === REFRESH ? 'dropped' : 'late',
    );
  const leave = (waiter: Waiter) => {
    if (queue.remove(waiter) && waiter.patient) patients.remove(waiter.client);
    waiter.unhook();
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  };
  return {
    queue,
    patients,
    backlogged,
    join(waiter) {
      queue.add(waiter);
      if (waiter.patient) patients.add(waiter.client);
    },
    leave,
    late,
    dropLate(now) {
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
    },
    next(now) {
      for (let waiter = queue.next(now); waiter; waiter = queue.next(now)) {
        leave(waiter);
        if (now <= waiter.deadline) return waiter;
        waiter.reject(late(waiter, queue.countOf(waiter.client, waiter.lane), now));
      }
      return undefined;
    },
    failAll(error) {
      for (const waiter of queue.all()) {
        leave(waiter);
        waiter.reject(error);
      }
    },
  };
}
