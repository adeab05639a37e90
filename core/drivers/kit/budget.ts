/**
 * @module
 * The upstream call budget of live mode. Deezer allows about 50 calls per 5 s per IP and past
 * that answers HTTP 200 with error code 4 ("Quota limit exceeded"), so Sleeve must stay under
 * it under any load; instances that share one Redis share one egress IP, so they share one
 * budget. A call that would wait longer than `maxWaitMs` for its turn fails at once with 503
 * `service_unavailable` and `Retry-After`, rather than holding its client for nothing.
 *
 * Counted in small fixed slots (see `perSlot`) through the counters the rate limits already
 * use: `INCR` in Redis when the storage is Redis (unless the scope is per instance:
 * `SLEEVE_BUDGET_SCOPE`, `context.ts`), a Map in process otherwise. One pump per process
 * serves the waiters, so a full slot costs one timer, not one poll per waiter.
 *
 * Waiters are served client by client (`fair-queue.ts`, issue 35): the least-used client's
 * call goes next, so one client's flood does not cost a quiet client its answers. Under a
 * backlog the slot's turns go out `spacing` apart (see `pump`), so a quiet client's calls wait
 * one spacing each, not a slot each. Across instances on one Redis nothing more is shared than
 * the slot count: each instance serves its own clients fairly from the turns it wins, and
 * under a backlog each pump holds one turn at a time, placed by the shared count, so instances
 * win turns in turn and a quiet client's call waits at most one spacing per busy instance
 * (about 250 ms on two), with one `INCR` per turn (`test/live/budget-fair.test.ts` counts the
 * calls a quiet client's requests wait behind). Making instances yield
 * to each other's fresher clients would need every waiter's client published in Redis and a
 * read of the others' before each turn: more round trips per call for a wait already bounded.
 *
 * Three lanes (issue #52, `fair-queue.ts`), served in order: fresh requests, then completions
 * of answers a 503 promised, then refreshes. A completion's calls wait as long as the completions
 * allow (`tally.ts` `patienceOf`) outside the queue's bounds; `laneBacklogMs` says when a lane's
 * newcomer could expect its turn, given what waits ahead of it and the turns the lanes before it
 * have lately taken, which is what a completion's `Retry-After` is built from. The slot
 * arithmetic is `slot-pace.ts`'s; refusals are `BudgetRefusal`s (`refusals.ts`).
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
import type { CounterStore, Hit } from '../../storage/counters.ts';
import type { Clock as KitClock } from './clock.ts';
import { systemClock } from './clock.ts';
import { keyedCount } from './keyed-count.ts';
import { COMPLETION, fairQueue, FRESH, REFRESH, USE_DECAY_MS, type Lane } from './fair-queue.ts';
import { BudgetRefusal, type RefusalReason } from './refusals.ts';
import { SLOT_MS, slotPace } from './slot-pace.ts';
import { BACKGROUND, clientOf, continues, hurried, patienceOf, tookTurn, whenHurried } from './tally.ts';

export { isBackgroundDrop, isShortOfTurns, shortOfTurns } from './refusals.ts';
export { perSlot, SAFETY, SKEW_MS, SLOT_MS } from './slot-pace.ts';

/** Calls one client may have waiting in one process (its share of `maxQueue`'s 200). */
const MAX_PER_CLIENT: number = 50;
/** The client of calls no request made (or made before a route named its client). */
const NO_CLIENT = '';
/**
 * A background call (a cache refresh, `tally.ts` `BACKGROUND`) waits at most this long for a
 * spare turn, then is dropped: a refresh that cannot go soon is not worth holding a turn for.
 */
export const BACKGROUND_WAIT_MS: number = 1000;
/** Background calls waiting in one process at most; past it a newcomer is dropped at once. */
export const MAX_BACKGROUND: number = 16;
/** How far back the turns the fresh lane took are looked at, for the rate left to completions (e-fold time). */
const LANE_RATE_MS = 10_000;
/**
 * The least share of the budget's rate a completion's estimate counts on, however busy the fresh
 * lane has been: fresh demand falls as the cache fills, and a promise made at a rate of nothing
 * would be no promise at all.
 */
const LEAST_SPARE = 0.25;

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
  /** The kit's clock by default; injectable for unit tests. */
  clock?: Clock;
}

/** What the budget reads of the kit's clock (`clock.ts`). */
export type Clock = Pick<KitClock, 'now' | 'sleep'>;

export interface Budget {
  /**
   * Resolves when one upstream call may go out now; rejects with a `BudgetRefusal` (503 with
   * Retry-After) when the wait would pass its bound or the queue is full; rejects with the
   * signal's reason when the caller aborts while waiting (and the waiter leaves at once).
   * The lane is the signal's (`tally.ts`): `BACKGROUND` calls are refreshes, let through only
   * when no other call waits, dropped when any waits as they ask, when `MAX_BACKGROUND` already
   * wait, or when no spare turn comes within `BACKGROUND_WAIT_MS`; a completion's (patient)
   * calls wait behind every fresh request's. Within a lane, waiters are served client by client
   * (`fair-queue.ts`). A call waits `maxWaitMs` at most, or its request's patience, and never
   * past `until` (the clock's ms: the end of its request's bound).
   */
  take(signal?: AbortSignal, client?: string, until?: number): Promise<void>;
  /** The upstream said "quota exceeded" (Deezer code 4): nobody in this process takes for `ms`. */
  pause(ms: number): void;
  /** How long until every call waiting now, and `more` after them, could have had a turn: the backlog, in ms. */
  backlogMs(more: number): number;
  /**
   * How long until `more` calls joining `lane` could expect their turns: the lanes before it
   * and its own waiters first, the lanes before it taking what they have lately taken of the
   * rate (`LEAST_SPARE` of it left at least). What a completion's promise is built from.
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

interface Waiter {
  readonly client: string;
  /** Its lane; a completion's moves to the fresh lane when a client comes to wait on it (`tally.ts` `hurry`). */
  lane: Lane;
  /** A completion's call (`tally.ts` `patienceOf`): outside the queue's bounds, never evicted. */
  readonly patient: boolean;
  /** Stops listening for `hurry`. */
  unhook(): void;
  /** Its request has had a turn already (`tally.ts` `continues`): served first in its lane (`fair-queue.ts`). */
  readonly continuing: boolean;
  resolve(): void;
  reject(reason: unknown): void;
  deadline: number;
  /** What it was told it may wait, for its refusal's words. */
  boundMs: number;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

/** The lane of a call: a refresh's, a completion's (it has a patience of its own and nobody waits on it yet), or a fresh request's. */
const laneOf = (client: string, signal: AbortSignal | undefined): Lane =>
  client === BACKGROUND ? REFRESH : patienceOf(signal) !== undefined && !hurried(signal) ? COMPLETION : FRESH;

export function createBudget(options: BudgetOptions): Budget {
  const { name } = options;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const maxQueue = options.maxQueue ?? 200;
  const maxPerClient = options.maxPerClient ?? MAX_PER_CLIENT;
  const clock = options.clock ?? systemClock;
  const pace = slotPace(name, options.counters, options.limit, options.windowMs);
  const { allowance } = pace;
  let pumping = false;
  const queue = fairQueue<Waiter>(USE_DECAY_MS, BACKGROUND);
  // Completions' waiters, in all and by client: not counted against the queue's bounds.
  const patients = keyedCount();
  // Turns the fresh lane took lately (fading over `LANE_RATE_MS`): what it leaves to completions.
  const freshUse = { value: 0, at: 0 };
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
  const took = (client: string, lane: Lane, signal: AbortSignal | undefined, now: number) => {
    queue.served(client, now);
    tookTurn(signal);
    stats.taken++;
    if (lane !== FRESH) return;
    freshUse.value = freshUse.value * Math.exp(-Math.max(0, now - freshUse.at) / LANE_RATE_MS) + 1;
    freshUse.at = now;
  };

  /**
   * How long until a call of `client` in `lane` with `mine` of its own waiters ahead would have
   * its turn if the queue were served as it is now: every waiter of the lanes before it, then
   * in its lane each other client's waiters up to one more than `mine` (they take turns,
   * `fair-queue.ts`), and calls continuing an answer before all. What a refused request's
   * `Retry-After` is built from: unlike `earliest`, not a lower bound but the likely wait.
   */
  const fairWait = (client: string, lane: Lane, mine: number, now: number): number => {
    let ahead = mine;
    for (let before = FRESH; before < lane; before++) ahead += queue.sizeOf(before as Lane);
    for (const waiters of queue.byClient(lane)) {
      if (waiters[0]?.client === client) continue;
      ahead +=
        waiters.filter((w) => w.continuing).length + Math.min(waiters.filter((w) => !w.continuing).length, mine + 1);
    }
    return Math.max(0, pace.earliest(ahead, now, backlogged(queue.size + 1)) - now);
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
      fairWait(waiter.client, waiter.lane, ahead, now),
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
      took(waiter.client, waiter.lane, waiter.signal, now);
      stats.waited++;
      waiter.resolve();
      return;
    }
  };

  /**
   * One pump per process serves the queue. With no more waiters than a slot's turns it hands
   * each turn out as soon as the counters give it. Under a backlog it spaces them: the n-th turn
   * of a slot (by the shared count, so across instances too) goes out `(n - 1) * spacing` after
   * the slot starts, to whoever is next by lane and client at that moment. Giving a full slot
   * away at its first instant would leave a quiet client's call that arrives a moment later
   * waiting for the next slot; spaced, it waits one spacing (125 ms for Deezer) per call at
   * most. The rate is the same.
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
    const patience = lane === REFRESH ? undefined : patienceOf(signal);
    // A completion's calls are bounded by the completions (`http/cache/completions.ts`), not by the
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
    // refused now, its client told at once (and its answer completed, `http/cache/completions.ts`).
    const likely = lane === REFRESH ? at : Math.max(at, now + fairWait(client, lane, mine, now));
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
        unhook: () => {},
        continuing: lane !== REFRESH && continues(signal),
        resolve,
        reject,
        deadline,
        boundMs,
        signal,
        onAbort: () => {
          leave(waiter);
          reject(signal!.reason);
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      queue.add(waiter);
      if (waiter.patient) patients.add(client);
      // A client came to wait on this completion: its call goes to the fresh lane, where it is.
      if (lane === COMPLETION)
        waiter.unhook = whenHurried(signal, () => {
          if (!queue.remove(waiter)) return;
          waiter.lane = FRESH;
          queue.add(waiter);
        });
      if (!pumping) void pump();
    });
  };

  return {
    stats,
    take(signal, client = clientOf(signal) ?? NO_CLIENT, until = Infinity) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      const lane = laneOf(client, signal);
      if (lane === REFRESH) {
        const behind = queue.sizeOf(REFRESH);
        if (queue.size > behind) return Promise.reject(refusal(0, 'client calls are waiting', 'dropped'));
        if (behind >= MAX_BACKGROUND)
          return Promise.reject(refusal(0, `${MAX_BACKGROUND} background calls already waiting`, 'dropped'));
      }
      // Most calls are within budget: empty queue, free slot, one counter hit, no timer.
      if (queue.size > 0 || now < pace.holdUntil()) return wait(signal, client, lane, now, until);
      const through = (hit: Hit): Promise<void> | undefined => {
        if (!pace.admits(hit)) return wait(signal, client, lane, now, until);
        took(client, lane, signal, now);
        return undefined;
      };
      const hit = pace.count(now);
      return hit instanceof Promise ? hit.then(through) : (through(hit) ?? Promise.resolve());
    },
    backlogMs(more) {
      const now = clock.now();
      return Math.max(0, pace.earliest(queue.size + more, now, true) - now);
    },
    laneBacklogMs(lane, more) {
      const now = clock.now();
      let before = 0;
      for (let l = FRESH; l < lane; l++) before += queue.sizeOf(l as Lane);
      const clear = Math.max(0, pace.earliest(before, now, true) - now);
      if (lane === FRESH) return Math.max(0, pace.earliest(queue.sizeOf(FRESH) + more, now, true) - now);
      // Turns a millisecond: the budget's, less what the lanes before this one lately took.
      const rate = allowance / SLOT_MS;
      const freshRate = (freshUse.value * Math.exp(-Math.max(0, now - freshUse.at) / LANE_RATE_MS)) / LANE_RATE_MS;
      const spare = Math.max(rate * LEAST_SPARE, rate - freshRate);
      return clear + (queue.sizeOf(lane) + more) / spare;
    },
    pause(ms) {
      const now = clock.now();
      pace.pause(now, ms);
      dropLate(now);
    },
  };
}
