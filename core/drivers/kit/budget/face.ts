/**
 * @module
 * A budget as its callers see it (`budget.ts` makes one): its options, the clock it reads, and
 * what it answers. Why Sleeve's own and not a library: docs/decisions.md, D13.
 */
import type { CounterStore } from '../../../storage/counters.ts';
import type { Clock } from '../clock.ts';
import type { Lane } from './fair-queue.ts';
import type { RequestScope } from '../scope.ts';

/** Calls one client may have waiting in one process (its share of `maxQueue`'s 200). */
export const MAX_PER_CLIENT: number = 50;
/** The client of calls no request made (or made before a route named its client). */
export const NO_CLIENT = '';
/**
 * A background call (a cache refresh, `scope.ts` `refreshScope`) waits at most this long for a
 * spare turn, then is dropped: a refresh that cannot go soon is not worth holding a turn for.
 */
export const BACKGROUND_WAIT_MS: number = 1000;
/** Background calls waiting in one process at most; past it a newcomer is dropped at once. */
export const MAX_BACKGROUND: number = 16;

export interface BudgetOptions {
  /** Upstream name, used in the counter key and in error messages: `deezer`. */
  name: string;
  counters: CounterStore;
  /** The upstream's published budget: `limit` calls per `windowMs` (Deezer: 50 per 5000). */
  limit: number;
  windowMs: number;
  /** The longest a call may wait for its turn before failing with 503 (3000). */
  maxWaitMs?: number;
  /**
   * Calls waiting in this process at most (200). When it is full, a newcomer whose client has
   * fewer waiters than another takes the place of that one's last waiter (refused with 503);
   * otherwise the newcomer fails at once with 503.
   */
  maxQueue?: number;
  /** Calls one client may have waiting in this process; beyond it that client's call fails at once with 503 (50). */
  maxPerClient?: number;
  /** The Sleeve's clock (`clock.ts`): every wait and reading of time goes through it. */
  clock: BudgetClock;
}

/** What the budget reads of the kit's clock (`clock.ts`). */
export type BudgetClock = Pick<Clock, 'now' | 'sleep'>;

/** How one call waits for its turn (`Budget.take`). */
export interface TakeOptions {
  /** No turn after this (the clock's ms); default: none but the wait's own bound. */
  until?: number;
  /** Whether the scope's abort ends the wait (default); a shared call's does not. */
  abortable?: boolean;
}

export interface Budget {
  /**
   * Resolves when one upstream call may go out now; rejects with a `BudgetRefusal` (503 with
   * Retry-After) when the wait would pass its bound or the queue is full; rejects with the
   * scope's abort reason when the caller aborts while waiting (and the waiter leaves at once),
   * unless the call is not `abortable` (a shared one, which others wait on too).
   * The lane is the scope's (`scope.ts`): refreshes are let through only when no other call
   * waits, dropped when any waits as they ask, when `MAX_BACKGROUND` already wait, or when no
   * spare turn comes within `BACKGROUND_WAIT_MS`; a deferred answer's calls wait behind every fresh
   * request's. Within a lane, waiters are served client by client (`fair-queue.ts`). A call
   * waits `maxWaitMs` at most, or its scope's patience, and never past `until` (the clock's ms:
   * the end of its request's bound). No scope: a call no request made, in the fresh lane.
   */
  take(scope?: RequestScope, options?: TakeOptions): Promise<void>;
  /** The upstream said "quota exceeded" (Deezer code 4): nobody in this process takes for `ms`. */
  pause(ms: number): void;
  /** How long until every call waiting now, and `more` after them, could have had a turn: the backlog, in ms. */
  backlogMs(more: number): number;
  /**
   * How long until `more` calls joining `lane` could expect their turns: the lanes before it
   * and its own waiters first, the lanes before it taking what they have lately taken of the
   * rate (`LEAST_SPARE` of it left at least). What a deferred answer's promise is built from.
   */
  laneBacklogMs(lane: Lane, more: number): number;
  /**
   * Figures for benches and /metrics: calls let through (`taken`), those of them that waited
   * in the queue first (`waited`), calls refused with 503, and calls waiting now (`queued`);
   * `dropped`: background calls let go for a busy budget (no client saw those).
   */
  readonly stats: {
    readonly taken: number;
    readonly waited: number;
    readonly refused: number;
    readonly queued: number;
    readonly dropped: number;
  };
}
