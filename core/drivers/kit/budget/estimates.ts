/**
 * @module
 * What a budget expects of its queue (`budget.ts`), for the `Retry-After` of its refusals and of
 * a deferred answer's promise: when a newcomer should have its turn given the lanes ahead of it and
 * the clients beside it, and how much of the rate the fresh lane leaves to the lanes after it.
 * Estimates, not bounds: the slot arithmetic's lower bound is `slot-pace.ts`'s `earliest`.
 */
import { FRESH, type FairQueue, type Lane, type Queued } from './fair-queue.ts';
import { SLOT_MS, type SlotPace } from './slot-pace.ts';

/** How far back the turns the fresh lane took are looked at, for the rate left to deferred answers (e-fold time). */
const LANE_RATE_MS = 10_000;
/**
 * The least share of the budget's rate a deferred answer's estimate counts on, however busy the fresh
 * lane has been: fresh demand falls as the cache fills, and a promise made at a rate of nothing
 * would be no promise at all. Not less (a quarter was tried, issue #63): longer estimates put
 * more promises at the longest one, where they must be spaced by the budget's full rate
 * (`http/cache/deferred.ts`), and more refusals went unpromised.
 */
const LEAST_SPARE = 0.5;

/** A backlog the slot cannot clear: the pump then spaces its turns (`budget.ts`). */
const backlogged = (pace: SlotPace, waiting: number): boolean => waiting > pace.allowance;

/**
 * How long until a call of `client` in `lane` with `mine` of its own waiters ahead would have
 * its turn if the queue were served as it is now: every waiter of the lanes before it, then
 * in its lane each other client's waiters up to one more than `mine` (they take turns,
 * `fair-queue.ts`), and calls continuing an answer before all. What a refused request's
 * `Retry-After` is built from: unlike `earliest`, not a lower bound but the likely wait.
 */
export function fairWait<W extends Queued>(
  queue: FairQueue<W>,
  pace: SlotPace,
  client: string,
  lane: Lane,
  mine: number,
  now: number,
): number {
  let ahead = mine;
  for (let before = FRESH; before < lane; before++) ahead += queue.sizeOf(before as Lane);
  for (const waiters of queue.byClient(lane)) {
    if (waiters[0]?.client === client) continue;
    ahead +=
      waiters.filter((w) => w.continuing).length + Math.min(waiters.filter((w) => !w.continuing).length, mine + 1);
  }
  return Math.max(0, pace.earliest(ahead, now, backlogged(pace, queue.size + 1)) - now);
}

/** The turns one lane has lately taken, fading over `LANE_RATE_MS`; and what that leaves to the lanes after it. */
export interface LaneRate {
  /** The lane took a turn at `now`. */
  took(now: number): void;
  /**
   * How long until `more` calls joining `lane` could expect their turns: the lanes before it
   * and its own waiters first, the fresh lane taking what it has lately taken of the rate
   * (`LEAST_SPARE` of it left at least).
   */
  backlogMs<W extends Queued>(queue: FairQueue<W>, pace: SlotPace, lane: Lane, more: number, now: number): number;
}

export function laneRate(): LaneRate {
  let value = 0;
  let at = 0;
  return {
    took(now) {
      value = value * Math.exp(-Math.max(0, now - at) / LANE_RATE_MS) + 1;
      at = now;
    },
    backlogMs(queue, pace, lane, more, now) {
      let before = 0;
      for (let l = FRESH; l < lane; l++) before += queue.sizeOf(l as Lane);
      const clear = Math.max(0, pace.earliest(before, now, true) - now);
      if (lane === FRESH) return Math.max(0, pace.earliest(queue.sizeOf(FRESH) + more, now, true) - now);
      // Turns a millisecond: the budget's, less what the lanes before this one lately took.
      const rate = pace.allowance / SLOT_MS;
      const freshRate = (value * Math.exp(-Math.max(0, now - at) / LANE_RATE_MS)) / LANE_RATE_MS;
      const spare = Math.max(rate * LEAST_SPARE, rate - freshRate);
      return clear + (queue.sizeOf(lane) + more) / spare;
    },
  };
}
