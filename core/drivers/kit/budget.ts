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
import { keyedCount } from './keyed-count.ts';
import { memoryCounters, type CounterStore, type Hit } from '../../storage/counters.ts';
import { errorMark } from './error-mark.ts';
import { fairQueue, USE_DECAY_MS } from './fair-queue.ts';
import { BACKGROUND, clientOf, continues, patienceOf, tookTurn } from './tally.ts';

/** Slot length. Shorter slots waste less of the budget at the window edges; see `perSlot`. */
export const SLOT_MS: number = 500;
/** Share of the published budget used: 48 of 50, a margin for the upstream's own counting. */
export const SAFETY: number = 0.96;
/**
 * How far apart the moment a call is counted here and the moment the upstream counts it may
 * drift between two calls: latency jitter, a Redis round trip, clock skew between instances.
 */
export const SKEW_MS: number = 500;
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
   * (and the waiter is removed from the queue immediately). Waiters are served client by
   * client (`fair-queue.ts`): `client` is the one `signal` carries (`tally.ts`) unless named.
   * A `BACKGROUND` call is the lowest lane: let through only when no client call waits, after
   * every client call queued before its turn, and dropped (rejected with the same error, but
   * counted in `dropped`, not `refused`) when any client call is waiting as it asks, when
   * `MAX_BACKGROUND` already wait, or when no spare turn comes within `BACKGROUND_WAIT_MS`.
   * A call waits `maxWaitMs` at most, or its request's patience (`tally.ts` `patienceOf`: a
   * completion's), and never past `until` (the clock's ms: the end of its request's bound).
   */
  take(signal?: AbortSignal, client?: string, until?: number): Promise<void>;
  /** The upstream said "quota exceeded" (Deezer code 4): nobody in this process takes for `ms`. */
  pause(ms: number): void;
  /** How long until every call waiting now, and `more` after them, could have had a turn: the backlog, in ms. */
  backlogMs(more: number): number;
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

const realClock: Clock = {
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
  readonly client: string;
  /** A completion's call (`tally.ts` `patienceOf`): outside the queue's bounds, never evicted. */
  readonly patient: boolean;
  /** Its request has had a turn already (`tally.ts` `continues`): served first (`fair-queue.ts`). */
  readonly continuing: boolean;
  resolve(): void;
  reject(reason: unknown): void;
  deadline: number;
  /** What it was told it may wait, for its refusal's words. */
  boundMs: number;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

/** Refusals of background calls: nobody asked for those, so a client that joined one asks again. */
const backgroundDrops = errorMark();
/** Refusals for want of a turn in time (not of a full queue): their work could still be done later (`http/cache/completions.ts`). */
const lateRefusals = errorMark();

/** A 503 for want of a turn in time, made elsewhere than in a budget (a call joined too late, `shared-work.ts`). */
export function shortOfTurns(message: string): SleeveError {
  return lateRefusals.mark(new SleeveError('service_unavailable', message, { headers: { 'Retry-After': '1' } }));
}

/**
 * Whether `error` refused a client's call only because its turn would come too late: the
 * request's remaining calls can go on in the background, within its client's share
 * (`http/cache/completions.ts`). A full queue's refusals are not: there is no room to wait in.
 */
export function isShortOfTurns(error: unknown): boolean {
  return lateRefusals.has(error);
}

/**
 * Whether `error` is a background call let go for a busy budget (`dropped`): a client that joined
 * that call (`shared-work.ts`) makes it again in its own lane rather than take the refusal.
 */
export function isBackgroundDrop(error: unknown): boolean {
  return backgroundDrops.has(error);
}

export function createBudget(options: BudgetOptions): Budget {
  const { name, counters } = options;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const maxQueue = options.maxQueue ?? 200;
  const maxPerClient = options.maxPerClient ?? MAX_PER_CLIENT;
  const clock = options.clock ?? realClock;
  const allowance = perSlot(options.limit, options.windowMs);
  if (allowance < 1)
    throw new Error(
      `[sleeve] [${name}] a budget of ${options.limit} per ${options.windowMs} ms is too small for ${SLOT_MS}-ms slots`,
    );
  // Under a backlog, the slot's turns go out this far apart (see `pump`).
  const spacing = SLOT_MS / allowance;
  const key = `budget:${name}`;
  const fallback = memoryCounters();
  let fallbackUntil = 0;
  // The end of the slot this process last found full: until then nobody asks the counters.
  let fullUntil = 0;
  let pausedUntil = 0;
  let pumping = false;
  // The latest slot counted here and its count: the turns of it already gone.
  let seen = { slot: 0, count: 0 };
  // The pump has a turn counted and is waiting for its moment to hand it out.
  let holding = false;
  const queue = fairQueue<Waiter>(USE_DECAY_MS, BACKGROUND);
  // Completions' waiters (`patient`), in all and by client: not counted against the queue's bounds.
  const patients = keyedCount();
  const stats = {
    taken: 0,
    waited: 0,
    refused: 0,
    dropped: 0,
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
    const slot = hit.resetAt - SLOT_MS;
    if (slot > seen.slot) seen = { slot, count: hit.count };
    else if (slot === seen.slot) seen.count = Math.max(seen.count, hit.count);
    if (hit.count <= allowance) return true;
    fullUntil = Math.max(fullUntil, hit.resetAt);
    return false;
  };
  /** A backlog the slot cannot clear: the pump then spaces its turns (see `pump`). */
  const backlogged = (waiting: number): boolean => waiting > allowance;

  /**
   * The earliest time a waiter with `ahead` waiters of its own client before it can have its
   * turn: its client's waiters go first come first served, a slot has `allowance` turns, of
   * which those this process saw counted are gone (but the one its pump holds for the next
   * waiter), and under a backlog they go out `spacing` apart. So this is a lower bound whatever
   * other clients and instances do, and a waiter whose deadline falls before it can be refused
   * now rather than later. Alone on the budget (one client, one instance) it is exact.
   */
  const earliest = (ahead: number, now: number, paced: boolean): number => {
    const from = Math.max(now, pausedUntil, fullUntil);
    const slot = Math.floor(from / SLOT_MS) * SLOT_MS;
    const gone = seen.slot === slot ? seen.count - (holding ? 1 : 0) : 0;
    const turn = gone + ahead;
    const at = slot + Math.floor(turn / allowance) * SLOT_MS + (paced ? (turn % allowance) * spacing : 0);
    return Math.max(from, at);
  };
  /**
   * How long until a call of `client` with `mine` of its own waiters ahead would have its turn
   * if the queue were served as it is now: the waiting clients take turns (`fair-queue.ts`),
   * so each other client's waiters up to one more than `mine` go first, and calls continuing
   * an answer before all. What a refused request's `Retry-After` is built from: unlike
   * `earliest`, not a lower bound but the likely wait, given the queue ahead of it.
   */
  const fairWait = (client: string, mine: number, now: number): number => {
    let ahead = mine;
    for (const waiters of queue.byClient()) {
      if (waiters[0]?.client === client) continue;
      ahead +=
        waiters.filter((w) => w.continuing).length + Math.min(waiters.filter((w) => !w.continuing).length, mine + 1);
    }
    return Math.max(0, earliest(ahead, now, backlogged(queue.size + 1)) - now);
  };
  const refusal = (waitMs: number, why: string, client?: string, late = false): SleeveError => {
    if (client === BACKGROUND) stats.dropped++;
    else stats.refused++;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const error = new SleeveError(
      'service_unavailable',
      `[sleeve] [${name}] upstream call budget exhausted (${why}); retry in ${seconds} s`,
      {
        headers: { 'Retry-After': String(seconds) },
      },
    );
    if (client === BACKGROUND) return backgroundDrops.mark(error);
    return late ? lateRefusals.mark(error) : error;
  };
  const leave = (waiter: Waiter) => {
    if (queue.remove(waiter) && waiter.patient) patients.remove(waiter.client);
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  };
  const dropLate = (now: number) => {
    const paced = backlogged(queue.size);
    for (const mine of queue.byClient()) {
      let ahead = 0;
      for (const waiter of mine) {
        const at = earliest(ahead, now, paced);
        if (at <= waiter.deadline) {
          ahead++;
          continue;
        }
        leave(waiter);
        waiter.reject(
          refusal(fairWait(waiter.client, ahead, now), `no turn within ${waiter.boundMs} ms`, waiter.client, true),
        );
      }
    }
  };
  /** A turn was won: the next waiter by client (`fair-queue.ts`) still in time gets it. */
  const grant = (now: number) => {
    for (let waiter = queue.next(now); waiter; waiter = queue.next(now)) {
      leave(waiter);
      if (now > waiter.deadline) {
        waiter.reject(
          refusal(
            fairWait(waiter.client, queue.countOf(waiter.client), now),
            `no turn within ${waiter.boundMs} ms`,
            waiter.client,
            true,
          ),
        );
        continue;
      }
      queue.served(waiter.client, now);
      tookTurn(waiter.signal);
      stats.taken++;
      stats.waited++;
      waiter.resolve();
      return;
    }
  };

  /**
   * One pump per process serves the queue. With no more waiters than a slot's turns it hands
   * each turn out as soon as the counters give it. Under a backlog it spaces them: the n-th turn
   * of a slot (by the shared count, so across instances too) goes out `(n - 1) * spacing` after
   * the slot starts, to whoever is next by client at that moment. Giving a full slot away at its
   * first instant would leave a quiet client's call that arrives a moment later waiting for the
   * next slot, and each of its calls that depends on the one before waiting a slot more; spaced,
   * it waits one spacing (125 ms for Deezer) per call at most. The rate is the same.
   */
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
        const paced = backlogged(queue.size);
        const hit = await count(now);
        if (!admits(hit)) continue;
        if (paced) {
          const at = hit.resetAt - SLOT_MS + (hit.count - 1) * spacing;
          const waitMs = at - clock.now();
          if (waitMs > 0) {
            holding = true;
            try {
              // Whoever cannot have this turn or a later one in time hears now, not after it.
              dropLate(clock.now());
              await clock.sleep(waitMs);
            } finally {
              holding = false;
            }
          }
          // Upstream said "quota exceeded" meanwhile: this turn is let go.
          if (clock.now() < pausedUntil) continue;
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

  const wait = (signal: AbortSignal | undefined, client: string, start: number, until: number): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = clock.now();
    const mine = queue.countOf(client);
    const at = earliest(mine, now, backlogged(queue.size + 1));
    const patience = client === BACKGROUND ? undefined : patienceOf(signal);
    // A completion's calls are bounded by the completions (`http/cache/completions.ts`), not by the
    // queue's places: they neither take a request's place nor lose theirs to one.
    if (patience === undefined && mine - patients.of(client) >= maxPerClient)
      return Promise.reject(refusal(at - now, `${maxPerClient} calls of this client already waiting`));
    // Full: a client with fewer waiters takes the place of the last waiter of the one with most.
    const full = patience === undefined && queue.size - patients.total >= maxQueue;
    const tail = full ? queue.longestTail(mine + 1) : undefined;
    const evicted = tail?.patient === true ? undefined : tail;
    if (full && !evicted) return Promise.reject(refusal(at - now, `${maxQueue} calls already waiting`));
    const boundMs = client === BACKGROUND ? BACKGROUND_WAIT_MS : (patience ?? maxWaitMs);
    const deadline = Math.min(start + boundMs, until);
    // The likely turn, not only the earliest: a call that would be refused at its deadline is
    // refused now, its client told at once (and its answer completed, `http/cache/completions.ts`).
    const likely = client === BACKGROUND ? at : Math.max(at, now + fairWait(client, mine, now));
    if (likely > deadline)
      return Promise.reject(
        refusal(likely - now, `no turn within ${Math.max(0, Math.round(deadline - start))} ms`, client, true),
      );
    if (evicted) {
      leave(evicted);
      evicted.reject(refusal(at - now, `${maxQueue} calls already waiting`, evicted.client));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        client,
        patient: patience !== undefined,
        continuing: client !== BACKGROUND && continues(signal),
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
      if (!pumping) void pump();
    });
  };

  return {
    stats,
    take(signal, client = clientOf(signal) ?? NO_CLIENT, until = Infinity) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      if (client === BACKGROUND) {
        const behind = queue.countOf(BACKGROUND);
        if (queue.size > behind) return Promise.reject(refusal(0, 'client calls are waiting', client));
        if (behind >= MAX_BACKGROUND)
          return Promise.reject(refusal(0, `${MAX_BACKGROUND} background calls already waiting`, client));
      }
      // Most calls are within budget: empty queue, free slot, one counter hit, no timer.
      if (queue.size > 0 || now < pausedUntil || now < fullUntil) return wait(signal, client, now, until);
      const through = (hit: Hit): Promise<void> | undefined => {
        if (!admits(hit)) return wait(signal, client, now, until);
        queue.served(client, now);
        tookTurn(signal);
        stats.taken++;
        return undefined;
      };
      const hit = count(now);
      return hit instanceof Promise ? hit.then(through) : (through(hit) ?? Promise.resolve());
    },
    backlogMs(more) {
      const now = clock.now();
      return Math.max(0, earliest(queue.size + more, now, true) - now);
    },
    pause(ms) {
      const now = clock.now();
      pausedUntil = Math.max(pausedUntil, now + ms);
      dropLate(now);
    },
  };
}
