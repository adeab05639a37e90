/**
 * @module
 * A 503 that keeps its promise (D44, D66). When the budget cannot give a request's call a
 * turn in time, or has no place for it in its queue (`kit/budget/budget.ts`), the client is answered 503 at once, and the
 * request's route runs again in the background as a deferred answer: its calls wait in the budget's
 * deferred lane, behind every client's fresh requests and ahead of refreshes, in the order they
 * were promised, the calls the first run made answered from the driver caches, and the answer kept
 * by the cache layer. `Retry-After` says when it will be there (see `promise`).
 *
 * A promise is kept or not made. Kept, because a deferred answer's calls go before every fresh
 * request from `LEAD_MS` before its promise (`kit/budget/fair-queue.ts`), and promises are spaced
 * so that what falls due together fits in the budget's full rate; and because the answer made is
 * held here until its promise has passed (`keep`), whatever the instance's cache evicts meanwhile.
 * Not made when it could not be kept (more deferred answers than the bounds, or a promise past
 * `PROMISE_MS`): that 503 has no `Retry-After` and says nothing is promised, and no work is started.
 * A client that asks while its answer is still being made waits for it as long as a request
 * waits for turns, then is told anew. One deferred answer per answer: a second refusal for the
 * same key while one runs is promised the same.
 */
import { SleeveError } from '../../errors.ts';
import { deferredScope, hurry, keyedCount, type RequestScope } from '../../drivers/kit/index.ts';
import type { Held } from './entry.ts';
import { rerun, type Rerun } from './rerun.ts';

/**
 * The longest promise: an answer expected later is not promised (a client told to come back
 * later than two minutes has left). A cold start at three times the budget (`bench:upstream`'s
 * Zipf workload) needs about a minute and a half of promises behind the fresh requests.
 */
const PROMISE_MS = 120_000;
/** A deferred answer's calls have their turns within this: past the longest promise, so a renewed one is still made. */
const DEFERRED_WAIT_MS = 180_000;
/** Deferred answers one client may have running in one process. */
export const MAX_DEFERRED_PER_CLIENT = 32;
/**
 * Deferred answers running in one process, all clients together: a bound on memory. What can be
 * promised is bounded before it by the budget's rate (see `promise`: about 460 answers of two
 * calls at Deezer's 8 a second within the longest promise); their calls wait in the budget's
 * queue outside its 200 places (`kit/budget/budget.ts`). It was 256, which a cold start at three
 * times the budget filled in its first minute while there was room to promise more.
 */
const MAX_DEFERRED = 1024;
/**
 * Upstream calls a deferred answer is counted for until some have been made: then the average of
 * the turns the latest ones took (their first run's calls are in the driver caches by then).
 */
const CALLS_AN_ANSWER = 2;
/** Added to the estimate: the calls of the answer after the one refused. */
const AFTER_TURN_MS = 1000;
/**
 * From this long before its promise a deferred answer's calls go before every fresh request: room
 * for the few calls one answer makes one after another, with their answers' latency, and for a
 * few more than counted.
 */
const LEAD_MS = 5000;
/** An answer made is held this long past its promise, for a client a little late (jitter, a slow network). */
export const HELD_PAST_MS = 30_000;
/** How fast the typical lateness and calls of deferred answers follow the latest ones (an exponential average). */
const SMOOTHING = 0.2;

export interface Deferrer {
  /**
   * For a request refused with `error` by a budget: starts completing its answer under
   * `key` for `client` (or finds one running) and returns the 503 that promises it. When the
   * promise could not be kept, a 503 that promises nothing and has no `Retry-After` (D66).
   */
  promise(error: SleeveError, key: string, request: Request, env: unknown, client: string): SleeveError;
  /** For a request that waited its bound on the deferred answer of `key`, still being made: the 503 that promises it anew. */
  renew(key: string): SleeveError | undefined;
  /** Whether the deferred answer of `key` is being made. */
  has(key: string): boolean;
  /** A client asks for `key` while its deferred answer runs: its calls go in the budget's fresh lane from now on (`kit/scope.ts` `hurry`). */
  hurry(key: string): void;
  /** The cache layer kept `held` under `key`: if a deferred answer is making it, it is held here until its promise has passed. */
  keep(key: string, held: Held): void;
  /** The answer a deferred answer made for `key`, while its promise stands. */
  kept(key: string): Held | undefined;
  /** Deferred answers running now. */
  readonly running: number;
  /** Refusals answered without a promise, since it could not have been kept. */
  readonly dropped: number;
  /** Promises not kept: the answer was not made and held by the time `Retry-After` said. */
  readonly broken: number;
}

interface Running {
  client: string;
  /** When its answer will be there (Unix ms): what `Retry-After` promises. */
  readyAt: number;
  /** The first promise made for it: a later answer broke it. */
  readonly promisedAt: number;
  /** Whether its answer was kept (`keep`). */
  made: boolean;
  /** The budget's time its calls take at the full rate, just before `readyAt`: no other promise is spaced into it. */
  readonly slotMs: number;
  /** Its request's scope, whose calls the budget serves in the deferred lane until hurried or due. */
  scope?: RequestScope;
}

/** What a deferrer reads of the budgets, and its clock. */
export interface DeferrerDeps {
  /** Unix ms: the Sleeve's clock. */
  now(): number;
  /**
   * How long the budgets need for every call waiting now and `more` after them, at their full
   * rate: the difference between two of these is what `more` calls take when they go first.
   */
  backlogMs(more: number): number;
  /** How long until `more` calls of deferred answers could have their turns, behind every fresh request's, at the rate fresh requests leave. */
  deferredMs(more: number): number;
}

/**
 * A 503 that promises nothing, with no `Retry-After` (D66): what the budget said (`said`, its
 * "retry in" left out), `why`, and that nothing is promised, so no client takes it for a promise.
 */
export function notPromised(said: string, why: string): SleeveError {
  return new SleeveError(
    'service_unavailable',
    `${said.replace(/; retry in \d+ s$/, '')}; ${why}: this answer is not promised, ask again later`,
  );
}

/**
 * `run` answers a request through the endpoint's refresh chain (`cache/refresh.ts`): the
 * cache layer's `refresh` runs the route and keeps its answer.
 */
export function deferrer(run: Rerun, { now: clock, backlogMs, deferredMs }: DeferrerDeps): Deferrer {
  const running = new Map<string, Running>();
  const held = new Map<string, { held: Held; until: number }>();
  const perClient = keyedCount();
  // How late (or, below zero, early) the latest answers came against their promises: the
  // budget's estimate foresees neither the fresh requests still to come nor their falling off
  // as the cache fills, and this corrects it by what happened.
  let lateMs = 0;
  // Turns a deferred answer takes, lately.
  let callsEach = CALLS_AN_ANSWER;
  // The latest promise made: the next is spaced after it.
  let lastReadyAt = 0;
  let dropped = 0;
  let broken = 0;
  const fullMs = (calls: number): number => Math.max(0, backlogMs(calls) - backlogMs(0));
  const words = (said: string): string => said.replace(/; retry in \d+ s$/, '');
  const promised = (said: string, readyAt: number, what = 'the answer is being completed: ask again'): SleeveError => {
    const seconds = Math.max(1, Math.ceil((readyAt - clock()) / 1000));
    return new SleeveError('service_unavailable', `${words(said)}; ${what} in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  };
  const unpromised = (said: string, why: string): SleeveError => {
    dropped++;
    return notPromised(said, why);
  };
  /**
   * The latest moment at or before `latest`, and not before `earliest`, whose slot of `slotMs`
   * no promise standing takes: promises made once the latest reached the longest go in the gaps
   * left before it (where the estimate had put earlier promises far apart), in place of being
   * refused. What falls due in any span still fits the budget's full rate.
   */
  const gapBefore = (latest: number, slotMs: number, earliest: number): number | undefined => {
    const slots = [...running.values()].sort((a, b) => b.readyAt - a.readyAt);
    let end = latest;
    for (const { readyAt, slotMs: taken } of slots) {
      if (end < earliest) return undefined;
      if (readyAt - taken >= end) continue;
      if (readyAt <= end - slotMs) return end;
      end = Math.min(end, readyAt - taken);
    }
    return end >= earliest ? end : undefined;
  };
  const finish = (key: string, under: Running) => {
    running.delete(key);
    perClient.remove(under.client);
    const now = clock();
    if (!under.made || now > under.promisedAt) broken++;
    if (!under.made) return;
    lateMs += SMOOTHING * (now - under.readyAt - lateMs);
    callsEach += SMOOTHING * (Math.max(1, under.scope?.progress.turns ?? 1) - callsEach);
  };
  const forget = (now: number) => {
    for (const [key, kept] of held) if (kept.until < now) held.delete(key);
  };
  /** Calls still to be made by the deferred answers running, each counted for at least one. */
  const ahead = (): number => {
    let calls = 0;
    for (const under of running.values()) calls += Math.max(1, callsEach - (under.scope?.progress.turns ?? 0));
    return calls;
  };
  return {
    get running() {
      return running.size;
    },
    get dropped() {
      return dropped;
    },
    get broken() {
      return broken;
    },
    has: (key) => running.has(key),
    hurry: (key) => hurry(running.get(key)?.scope),
    keep(key, answer) {
      const under = running.get(key);
      if (!under) return;
      under.made = true;
      held.set(key, { held: answer, until: under.readyAt + HELD_PAST_MS });
    },
    kept(key) {
      const kept = held.get(key);
      if (!kept) return undefined;
      if (kept.until >= clock()) return kept.held;
      held.delete(key);
      return undefined;
    },
    promise(error, key, request, env, client) {
      const known = running.get(key);
      if (known) return promised(error.message, known.readyAt);
      const now = clock();
      forget(now);
      if (perClient.of(client) >= MAX_DEFERRED_PER_CLIENT)
        return unpromised(error.message, `${MAX_DEFERRED_PER_CLIENT} answers of this client are being completed`);
      if (running.size >= MAX_DEFERRED) return unpromised(error.message, `${MAX_DEFERRED} answers are being completed`);
      const calls = Math.ceil(callsEach);
      const work = ahead() + calls;
      // The soonest it can be kept: every deferred answer's calls ahead of it and its own at the
      // budgets' full rate (its calls go before any fresh request's from LEAD_MS before), spaced
      // after the latest promise by its own calls, so what falls due together fits that rate;
      // never before the turn the refusal named.
      const soonest = Math.max(now + Number(error.headers['Retry-After'] ?? 1) * 1000, now + fullMs(work) + LEAD_MS);
      const slotMs = fullMs(calls);
      const keepable = Math.max(soonest, lastReadyAt + slotMs);
      const full = `the answers already promised fill the next ${PROMISE_MS / 1000} s`;
      if (soonest > now + PROMISE_MS) return unpromised(error.message, full);
      // When it should be there: behind every fresh request waiting, at the rate fresh requests
      // have lately left (`kit/budget/estimates.ts`), after the calls ahead; corrected by how late
      // the latest answers came, only half as much when they came early (erring long); and the
      // lead, so its calls go before fresh requests only once that estimate has passed. The
      // longest promise at most, but never sooner than it can be kept.
      const correction = lateMs > 0 ? lateMs : lateMs / 2;
      const expected = now + deferredMs(work) + AFTER_TURN_MS + correction + LEAD_MS;
      const readyAt =
        keepable <= now + PROMISE_MS
          ? Math.max(keepable, Math.min(expected, now + PROMISE_MS))
          : gapBefore(now + PROMISE_MS, slotMs, soonest);
      if (readyAt === undefined) return unpromised(error.message, full);
      lastReadyAt = Math.max(lastReadyAt, readyAt);
      const under: Running = { client, readyAt, promisedAt: readyAt, made: false, slotMs };
      running.set(key, under);
      perClient.add(client);
      rerun(
        run,
        request,
        env,
        (signal) => (under.scope = deferredScope(signal, client, DEFERRED_WAIT_MS, now, readyAt - LEAD_MS)),
        () => finish(key, under),
      );
      return promised(error.message, readyAt);
    },
    renew(key) {
      const under = running.get(key);
      if (!under) return undefined;
      const now = clock();
      under.readyAt = Math.max(under.readyAt, now + AFTER_TURN_MS + Math.max(0, lateMs));
      return promised('[sleeve] the upstream call budget is short', under.readyAt);
    },
  };
}
