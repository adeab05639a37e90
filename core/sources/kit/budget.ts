/**
 * @module
 * The upstream call budget of live mode. Deezer allows about 50 calls per 5 s per IP and past
 * that answers HTTP 200 with error code 4 ("Quota limit exceeded"), so Sleeve must stay under
 * it under any load; instances that share one Redis share one egress IP, so they share one
 * budget. A call that would wait longer than `maxWaitMs` for its turn fails at once with 503
 * `service_unavailable` and `Retry-After`, rather than holding its client for nothing.
 *
 * Counted in small fixed slots (see `perSlot`) through the counters the rate limits already
 * use: `INCR` in Redis when the storage is Redis, a Map in process otherwise. One pump per
 * process serves a FIFO of waiters, so a full slot costs one timer, not one poll per waiter.
 * Instances are not fair to each other: the pump that counts first at a slot's start wins.
 *
 * Not a library: the budget must live in the storage Sleeve already uses through unstorage
 * (Redis or in process, possibly the embedder's client) and hold for any sliding 5-s window.
 * p-throttle counts in one process only (its strict mode is sliding, but two instances would
 * each spend the whole budget). rate-limiter-flexible and bottleneck reach Redis through store
 * layers of their own (their keys and scripts; bottleneck also its connections and heartbeats)
 * and count windows that start at a key's first hit, or refill a reservoir on a timer, which
 * lets up to twice the limit through across a window edge: the slot arithmetic would still be
 * needed on top, and with it the counters Sleeve has are all a budget needs.
 */
import { SleeveError } from '../../errors.ts';
import { memoryCounters, type CounterStore, type Hit } from '../../storage/counters.ts';

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
export function perSlot(limit: number, windowMs: number, slotMs: number = SLOT_MS, safety: number = SAFETY, skewMs: number = SKEW_MS): number {
  const slots = Math.ceil((windowMs + skewMs) / slotMs) + 1;
  // The epsilon keeps 50 × 0.96 = 47.999… from costing a whole call.
  return Math.floor((limit * safety) / slots + 1e-9);
}

export interface BudgetOptions {
  /** Upstream name, used in the counter key and in error messages: `deezer`. */
  name: string;
  counters: CounterStore;
  /** The upstream's published budget: `limit` calls per `windowMs` (Deezer: 50 per 5000). */
  limit: number;
  windowMs: number;
  /** The longest a call may wait for its turn before failing with 503 (3000). */
  maxWaitMs?: number;
  /** Calls waiting in this process at most; beyond it a call fails at once with 503 (200). */
  maxQueue?: number;
  /** Real time by default; injectable for unit tests. */
  clock?: Clock;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface Budget {
  /**
   * Resolves when one upstream call may go out now; rejects with SleeveError
   * service_unavailable (+ Retry-After seconds header) when the wait would pass maxWaitMs or
   * the queue is full; rejects with the signal's reason when the caller aborts while waiting
   * (and the waiter is removed from the queue immediately).
   */
  take(signal?: AbortSignal): Promise<void>;
  /** The upstream said "quota exceeded" (Deezer code 4): nobody in this process takes for `ms`. */
  pause(ms: number): void;
  /**
   * Figures for benches and /metrics: calls let through (`taken`), those of them that waited
   * in the queue first (`waited`), calls refused with 503, and calls waiting now (`queued`).
   */
  readonly stats: { readonly taken: number; readonly waited: number; readonly refused: number; readonly queued: number };
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

interface Waiter {
  resolve(): void;
  reject(reason: unknown): void;
  deadline: number;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

export function createBudget(options: BudgetOptions): Budget {
  const { name, counters } = options;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const maxQueue = options.maxQueue ?? 200;
  const clock = options.clock ?? realClock;
  const allowance = perSlot(options.limit, options.windowMs);
  if (allowance < 1) throw new Error(`[sleeve] [${name}] a budget of ${options.limit} per ${options.windowMs} ms is too small for ${SLOT_MS}-ms slots`);
  const key = `budget:${name}`;
  const fallback = memoryCounters();
  let fallbackUntil = 0;
  // The end of the slot this process last found full: until then nobody asks the counters.
  let fullUntil = 0;
  let pausedUntil = 0;
  let pumping = false;
  // A Set is a FIFO with O(1) removal, for waiters that leave from the middle.
  const queue = new Set<Waiter>();
  const stats = {
    taken: 0,
    waited: 0,
    refused: 0,
    get queued() {
      return queue.size;
    },
  };

  const toFallback = (now: number): Hit => {
    fallbackUntil = now + FALLBACK_MS;
    return fallback.hit(key, now, SLOT_MS);
  };
  // Never rejects: a broken counter store must not fail the call, so this process then keeps an
  // in-process budget of the same shape (the storage breaker logs the outage). It cannot hang
  // longer than the client lets a command hang: Sleeve's Redis driver fails one after 1 s.
  const count = (now: number): Hit | Promise<Hit> => {
    if (now < fallbackUntil) return fallback.hit(key, now, SLOT_MS);
    try {
      const hit = counters.hit(key, now, SLOT_MS);
      return hit instanceof Promise ? hit.catch(() => toFallback(now)) : hit;
    } catch {
      return toFallback(now);
    }
  };
  const admits = (hit: Hit): boolean => {
    if (hit.count <= allowance) return true;
    fullUntil = Math.max(fullUntil, hit.resetAt);
    return false;
  };

  /**
   * The earliest time the waiter with `ahead` waiters before it can have its turn: this process
   * gets at most `allowance` calls a slot, so this is a lower bound whatever other instances
   * do, and a waiter whose deadline falls before it can be refused now rather than later.
   */
  const earliest = (ahead: number, now: number): number => {
    const from = Math.max(now, pausedUntil, fullUntil);
    const slots = Math.floor(ahead / allowance);
    return slots === 0 ? from : Math.floor(from / SLOT_MS) * SLOT_MS + slots * SLOT_MS;
  };
  const refusal = (waitMs: number, why: string): SleeveError => {
    stats.refused++;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new SleeveError('service_unavailable', `[sleeve] [${name}] upstream call budget exhausted (${why}); retry in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  };
  const leave = (waiter: Waiter) => {
    queue.delete(waiter);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  };
  const dropLate = (now: number) => {
    let ahead = 0;
    for (const waiter of queue) {
      const at = earliest(ahead, now);
      if (at <= waiter.deadline) {
        ahead++;
        continue;
      }
      leave(waiter);
      waiter.reject(refusal(at - now, `no turn within ${maxWaitMs} ms`));
    }
  };
  /** A slot was won: the first waiter still in time gets it (the head may have left meanwhile). */
  const grant = (now: number) => {
    for (const waiter of queue) {
      leave(waiter);
      if (now > waiter.deadline) {
        waiter.reject(refusal(0, `no turn within ${maxWaitMs} ms`));
        continue;
      }
      stats.taken++;
      stats.waited++;
      waiter.resolve();
      return;
    }
  };

  const pump = async (): Promise<void> => {
    pumping = true;
    try {
      while (queue.size > 0) {
        const now = clock.now();
        const holdUntil = Math.max(pausedUntil, fullUntil);
        if (now < holdUntil) {
          dropLate(now);
          if (queue.size > 0) await clock.sleep(holdUntil - now);
          continue;
        }
        if (admits(await count(now))) grant(clock.now());
      }
    } catch (error) {
      // Only a broken injected clock gets here; nobody may be left waiting on a dead pump.
      for (const waiter of queue) {
        leave(waiter);
        waiter.reject(error);
      }
    } finally {
      pumping = false;
    }
  };

  const wait = (signal: AbortSignal | undefined, start: number): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = clock.now();
    const at = earliest(queue.size, now);
    if (queue.size >= maxQueue) return Promise.reject(refusal(at - now, `${maxQueue} calls already waiting`));
    if (at > start + maxWaitMs) return Promise.reject(refusal(at - now, `no turn within ${maxWaitMs} ms`));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        deadline: start + maxWaitMs,
        signal,
        onAbort: () => {
          leave(waiter);
          reject(signal!.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      queue.add(waiter);
      if (!pumping) void pump();
    });
  };

  return {
    stats,
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      // Most calls are within budget: empty queue, free slot, one counter hit, no timer.
      if (queue.size > 0 || now < pausedUntil || now < fullUntil) return wait(signal, now);
      const through = (hit: Hit): Promise<void> | undefined => {
        if (!admits(hit)) return wait(signal, now);
        stats.taken++;
        return undefined;
      };
      const hit = count(now);
      return hit instanceof Promise ? hit.then(through) : (through(hit) ?? Promise.resolve());
    },
    pause(ms) {
      const now = clock.now();
      pausedUntil = Math.max(pausedUntil, now + ms);
      dropLate(now);
    },
  };
}
