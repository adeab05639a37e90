/**
 * @module
 * The budget's admission: what one call asking for a turn is told. Most calls are within the
 * budget (no one waiting, a free slot: one counter hit, no timer) and go through at once. The
 * others join the waiters (`waiters.ts`), or are refused at once with a 503 and `Retry-After`:
 * a refresh while clients wait, a client with too many calls waiting, a full queue (where a
 * client with fewer waiters takes the place of the last waiter of the one with most), or a call
 * whose likely turn is past its bound, so its client is told now rather than at its deadline.
 */
import type { WindowCount } from '../../../storage/counters.ts';
import { whenHurried, type RequestScope } from '../scope.ts';
import { fairWait } from './estimates.ts';
import {
  BACKGROUND_WAIT_MS,
  MAX_BACKGROUND,
  MAX_PER_CLIENT,
  NO_CLIENT,
  type BudgetClock,
  type TakeOptions,
} from './face.ts';
import { DEFERRED, FRESH, REFRESH, type Lane } from './fair-queue.ts';
import type { SlotPace } from './slot-pace.ts';
import type { Refuse, Waiter, Waiters } from './waiters.ts';

export interface AdmissionOptions {
  clock: BudgetClock;
  pace: SlotPace;
  waiters: Waiters;
  refuse: Refuse;
  /** Starts the pump unless it runs (`pump.ts`). */
  pump(): void;
  /** A call goes through at once, at `now`. */
  through(client: string, lane: Lane, scope: RequestScope | undefined, now: number): void;
  maxWaitMs: number;
  maxQueue: number;
  maxPerClient?: number;
}

/** `Budget.take`: resolves when the call has its turn, or rejects with the refusal (or the caller's abort). */
export function admission(options: AdmissionOptions): (scope?: RequestScope, take?: TakeOptions) => Promise<void> {
  const { clock, pace, waiters, refuse, maxWaitMs, maxQueue } = options;
  const maxPerClient = options.maxPerClient ?? MAX_PER_CLIENT;
  const { queue, patients } = waiters;

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
    const at = pace.earliest(mine, now, waiters.backlogged(queue.size + 1));
    const patience = lane === REFRESH ? undefined : scope?.patienceMs;
    // A deferred answer's calls are bounded by the deferred answers (`http/cache/deferred.ts`), not by the
    // queue's places: they neither take a request's place nor lose theirs to one.
    if (patience === undefined && queue.countOf(client) - patients.of(client) >= maxPerClient)
      return Promise.reject(refuse(at - now, `${maxPerClient} calls of this client already waiting`, 'full'));
    // Full: a client with fewer waiters takes the place of the last waiter of the one with most.
    const full = patience === undefined && queue.size - patients.total >= maxQueue;
    const tail = full ? queue.longestTail(mine + 1) : undefined;
    const evicted = tail?.patient === true ? undefined : tail;
    if (full && !evicted) return Promise.reject(refuse(at - now, `${maxQueue} calls already waiting`, 'full'));
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
        refuse(
          likely - now,
          `no turn within ${Math.max(0, Math.round(deadline - start))} ms`,
          lane === REFRESH ? 'dropped' : 'late',
        ),
      );
    if (evicted) {
      waiters.leave(evicted);
      evicted.reject(
        refuse(at - now, `${maxQueue} calls already waiting`, evicted.lane === REFRESH ? 'dropped' : 'full'),
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
          waiters.leave(waiter);
          reject(signal!.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      waiters.join(waiter);
      // A client came to wait on this deferred answer: its call goes to the fresh lane, where it is.
      if (lane === DEFERRED)
        waiter.unhook = whenHurried(scope, () => {
          if (!queue.remove(waiter)) return;
          waiter.lane = FRESH;
          queue.add(waiter);
        });
      options.pump();
    });
  };

  return (scope, { until = Infinity, abortable = true } = {}) => {
    const signal = abortable ? scope?.signal : undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const client = scope?.client ?? NO_CLIENT;
    const now = clock.now();
    const lane = scope?.progress.lane ?? FRESH;
    if (lane === REFRESH) {
      const behind = queue.sizeOf(REFRESH);
      if (queue.size > behind) return Promise.reject(refuse(0, 'client calls are waiting', 'dropped'));
      if (behind >= MAX_BACKGROUND)
        return Promise.reject(refuse(0, `${MAX_BACKGROUND} background calls already waiting`, 'dropped'));
    }
    // Most calls are within budget: empty queue, free slot, one counter hit, no timer.
    if (queue.size > 0 || now < pace.holdUntil()) return wait(scope, signal, client, lane, now, until);
    const through = (hit: WindowCount): Promise<void> | undefined => {
      if (!pace.admits(hit)) return wait(scope, signal, client, lane, now, until);
      options.through(client, lane, scope, now);
      return undefined;
    };
    const hit = pace.count(now);
    return hit instanceof Promise ? hit.then(through) : (through(hit) ?? Promise.resolve());
  };
}
