/**
 * @module
 * The budget's pump: one per budget, running while calls wait, so a full slot costs one timer,
 * not a poll per waiter. It wins turns from the slot's counters (`slot-pace.ts`) and hands each
 * to the next waiter by lane and client (`waiters.ts`).
 *
 * With no more waiters than a slot's turns it hands each out as soon as the counters give it;
 * under a backlog the n-th turn of a slot (by the shared count, so across instances too) goes out
 * `(n - 1) * spacing` after the slot starts, to whoever is next by lane and client then: a quiet
 * client's call arriving a moment later waits one spacing (125 ms for Deezer), not the next
 * slot. The rate is the same.
 */
import type { BudgetClock } from './face.ts';
import { SLOT_MS, type SlotPace } from './slot-pace.ts';
import type { Waiter, Waiters } from './waiters.ts';

/** Starts the pump unless it runs; `granted` is told of each waiter handed a turn, at `now`. */
export function budgetPump(
  clock: BudgetClock,
  pace: SlotPace,
  waiters: Waiters,
  granted: (waiter: Waiter, now: number) => void,
): () => void {
  const { queue } = waiters;
  let pumping = false;

  /** A turn was won: the next waiter still in time gets it. */
  const grant = (now: number) => {
    const waiter = waiters.next(now);
    if (waiter) granted(waiter, now);
  };

  const pump = async (): Promise<void> => {
    pumping = true;
    try {
      while (queue.size > 0) {
        const now = clock.now();
        const holdUntil = pace.holdUntil();
        if (now < holdUntil) {
          waiters.dropLate(now);
          if (queue.size > 0) await clock.sleep(holdUntil - now);
          continue;
        }
        const paced = waiters.backlogged(queue.size);
        const hit = await pace.count(now);
        if (!pace.admits(hit)) continue;
        if (paced) {
          const waitMs = hit.resetAt - SLOT_MS + (hit.count - 1) * pace.spacing - clock.now();
          if (waitMs > 0) {
            pace.holding = true;
            try {
              // Whoever cannot have this turn or a later one in time hears now, not after it.
              waiters.dropLate(clock.now());
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
      waiters.failAll(error);
    } finally {
      pumping = false;
    }
  };

  return () => {
    if (!pumping) void pump();
  };
}
