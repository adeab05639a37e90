/**
 * @module
 * The budget's pace (D13): calls counted in small fixed slots through the counters the rate
 * limits already use (`INCR` in Redis when the storage is Redis, unless the scope is per
 * instance; a Map in process otherwise), so no sliding window of the upstream's ever holds more
 * than its published budget, less a margin; and the arithmetic of when a turn can come. The
 * queue that hands the turns out is `budget.ts`'s.
 */
import { memoryCounters, type CounterStore, type WindowCount } from '../../../storage/counters.ts';

/** Slot length. Shorter slots waste less of the budget at the window edges; see `perSlot`. */
export const SLOT_MS: number = 500;
/** Share of the published budget used: 48 of 50, a margin for the upstream's own counting. */
export const SAFETY: number = 0.96;
/**
 * How far apart the moment a call is counted here and the moment the upstream counts it may
 * drift between two calls: latency jitter, a Redis round trip, clock skew between instances.
 */
export const SKEW_MS: number = 500;
/** After a counter error the in-process fallback is used this long, so a dead Redis is not asked per call. */
const FALLBACK_MS = 5000;

/**
 * Calls allowed per slot so that no sliding window of `windowMs` ever holds more than
 * `limit * safety` of them. A window, widened by `skewMs` because the upstream does not see
 * a call at the instant it was counted, overlaps at most `ceil((windowMs + skewMs) / slotMs) + 1`
 * slots. With 1-s slots and no skew, Deezer's 50 per 5000 ms gives 8 (6 slots, 48 calls); but
 * any skew at all lets a seventh slot in (56 calls), hence the defaults: 500-ms slots with
 * 500 ms of skew give 4 per slot, the same 8 calls a second, and at most 48 in any 5.5 s.
 */
export function perSlot(
  limit: number,
  windowMs: number,
  slotMs: number = SLOT_MS,
  safety: number = SAFETY,
  skewMs: number = SKEW_MS,
): number {
  const slots = Math.ceil((windowMs + skewMs) / slotMs) + 1;
  // The epsilon keeps 50 × 0.96 = 47.999… from costing a whole call.
  return Math.floor((limit * safety) / slots + 1e-9);
}

export interface SlotPace {
  /** Turns a slot has. */
  readonly allowance: number;
  /** Under a backlog, the slot's turns go out this far apart (`budget.ts` `pump`). */
  readonly spacing: number;
  /** Until when nobody takes a turn: the slot found full, or the upstream's quota pause. */
  holdUntil(): number;
  readonly pausedUntil: number;
  /** The upstream said "quota exceeded": nobody takes for `ms`. */
  pause(now: number, ms: number): void;
  /** Counts one turn at `now`; never rejects (a broken counter store falls back to this process). */
  count(now: number): WindowCount | Promise<WindowCount>;
  /** Whether the counted turn `hit` is within the slot's allowance (else the slot is full until its end). */
  admits(hit: WindowCount): boolean;
  /** The pump holds a counted turn for the next waiter (see `earliest`). */
  holding: boolean;
  /**
   * The earliest time a waiter with `ahead` waiters before it can have its turn: a slot has
   * `allowance` turns, of which those this process saw counted are gone (but the one the pump
   * holds), and under a backlog (`paced`) they go out `spacing` apart. A lower bound whatever
   * other clients and instances do; alone on the budget, exact.
   */
  earliest(ahead: number, now: number, paced: boolean): number;
}

export function slotPace(name: string, counters: CounterStore, limit: number, windowMs: number): SlotPace {
  const allowance = perSlot(limit, windowMs);
  if (allowance < 1)
    throw new Error(`[sleeve] [${name}] a budget of ${limit} per ${windowMs} ms is too small for ${SLOT_MS}-ms slots`);
  const key = `budget:${name}`;
  const fallback = memoryCounters();
  let fallbackUntil = 0;
  // The end of the slot this process last found full: until then nobody asks the counters.
  let fullUntil = 0;
  let pausedUntil = 0;
  // The latest slot counted here and its count: the turns of it already gone.
  let seen = { slot: 0, count: 0 };
  const toFallback = (now: number): WindowCount => {
    fallbackUntil = now + FALLBACK_MS;
    return fallback.hit(key, now, SLOT_MS);
  };
  const pace: SlotPace = {
    allowance,
    spacing: SLOT_MS / allowance,
    holding: false,
    get pausedUntil() {
      return pausedUntil;
    },
    holdUntil: () => Math.max(pausedUntil, fullUntil),
    pause(now, ms) {
      pausedUntil = Math.max(pausedUntil, now + ms);
    },
    // It cannot hang longer than the client lets a command hang: Sleeve's Redis driver fails one after 1 s.
    count(now) {
      if (now < fallbackUntil) return fallback.hit(key, now, SLOT_MS);
      try {
        const hit = counters.hit(key, now, SLOT_MS);
        return hit instanceof Promise ? hit.catch(() => toFallback(now)) : hit;
      } catch {
        return toFallback(now);
      }
    },
    admits(hit) {
      const slot = hit.resetAt - SLOT_MS;
      if (slot > seen.slot) seen = { slot, count: hit.count };
      else if (slot === seen.slot) seen.count = Math.max(seen.count, hit.count);
      if (hit.count <= allowance) return true;
      fullUntil = Math.max(fullUntil, hit.resetAt);
      return false;
    },
    earliest(ahead, now, paced) {
      const from = Math.max(now, pausedUntil, fullUntil);
      const slot = Math.floor(from / SLOT_MS) * SLOT_MS;
      const gone = seen.slot === slot ? seen.count - (pace.holding ? 1 : 0) : 0;
      const turn = gone + ahead;
      const at = slot + Math.floor(turn / allowance) * SLOT_MS + (paced ? (turn % allowance) * pace.spacing : 0);
      return Math.max(from, at);
    },
  };
  return pace;
}
