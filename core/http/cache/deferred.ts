/**
 * @module
 * A 503 that keeps its promise. When the budget cannot give a request's call a
 * turn in time (`kit/budget/budget.ts` `isShortOfTurns`), the client is answered 503 at once, and the
 * request's route runs again in the background as a deferred answer: its calls wait in the budget's
 * deferred lane, behind every client's fresh requests and ahead of refreshes,
 * served client by client within it, so neither its own client's later requests nor anyone
 * else's queue behind work already promised for later; each may wait up to `DEFERRED_WAIT_MS`
 * for its turn, the calls the first run made are answered from the driver caches, and the
 * answer is kept by the cache layer. `Retry-After` says when it should be there, given the
 * lane's order (see `promise`). A client that asks again then is answered from the cache; one that asks while it
 * is still being completed waits for it as long as a request waits for turns, then is told anew.
 *
 * Bounded per client and in all, and by how long the answer would take; past any, the 503
 * promises nothing, says when the queue ahead should have cleared, and the work is dropped.
 * One deferred answer per answer: a second refusal for the same key while one runs is promised the
 * same.
 */
import { SleeveError } from '../../errors.ts';
import { deferredScope, hurry, keyedCount, type RequestScope } from '../../drivers/kit/index.ts';
import { rerun, type Rerun } from './rerun.ts';

/**
 * The longest promise: an answer expected later is not promised (a client told to come back
 * later than two minutes has left). A cold start at three times the budget (`bench:upstream`'s
 * Zipf workload) needs about two minutes to clear behind the fresh requests.
 */
const PROMISE_MS = 120_000;
/**
 * A deferred answer's calls have their turns within this: past the longest promise, so a deferred answer
 * a little late is still made when its client comes back, and that client's return hurries it.
 */
const DEFERRED_WAIT_MS = 180_000;
/** Deferred answers one client may have running in one process. */
export const MAX_DEFERRED_PER_CLIENT = 32;
/**
 * Deferred answers running in one process, all clients together. Their calls wait in the budget's
 * queue outside its 200 places (`kit/budget/budget.ts`): at 8 calls a second, 256 answers of one to
 * three calls are about a minute of Deezer's budget, as much as is worth promising.
 */
const MAX_DEFERRED = 256;
/**
 * Upstream calls counted for the promised answer itself. Generous (a cold answer makes about two
 * on `bench:upstream`'s Zipf workload): an estimate a few seconds short sends the client back
 * early (its return hurries the deferred answer), one a few seconds long only makes it wait.
 */
const CALLS_AN_ANSWER = 3;
/** Added to the budget's expected wait: the calls of the answer after the one refused. */
const AFTER_TURN_MS = 1000;
/** How fast the typical lateness of promises follows the latest ones (an exponential average). */
const SMOOTHING = 0.2;

export interface Deferrer {
  /**
   * For a request refused with `error`, short of turns: starts completing its answer under
   * `key` for `client` (or finds one running) and returns the 503 that promises it. When the
   * bounds are full, a 503 that promises nothing, but whose `Retry-After` is when the queue
   * ahead should have cleared, so the client's retry finds room.
   */
  promise(error: SleeveError, key: string, request: Request, env: unknown, client: string): SleeveError;
  /** For a request that waited its bound on the deferred answer of `key`, still being made: the 503 that promises it anew. */
  renew(key: string): SleeveError | undefined;
  /** Whether the deferred answer of `key` is being made. */
  has(key: string): boolean;
  /** A client asks for `key` while its deferred answer runs: its calls go in the budget's fresh lane from now on (`kit/scope.ts` `hurry`). */
  hurry(key: string): void;
  /** Deferred answers running now. */
  readonly running: number;
  /** Refusals answered without a promise because the bounds were full. */
  readonly dropped: number;
}

interface Running {
  client: string;
  /** When its answer is expected (Unix ms): what `Retry-After` promises. */
  readyAt: number;
  /** Its request's scope, whose calls the budget serves in the deferred lane until hurried. */
  scope?: RequestScope;
}

/** What a deferrer reads of the budgets, and its clock. */
export interface DeferrerDeps {
  /** Unix ms: the Sleeve's clock. */
  now(): number;
  /** How long the budgets need for every call waiting now and `more` after them. */
  backlogMs(more: number): number;
  /** How long until `more` calls of deferred answers could have their turns, behind every fresh request's. */
  deferredMs(more: number): number;
}

/**
 * `run` answers a request through the endpoint's refresh chain (`cache/refresh.ts`): the
 * cache layer's `refresh` runs the route and keeps its answer.
 */
export function deferrer(run: Rerun, { now: clock, backlogMs, deferredMs }: DeferrerDeps): Deferrer {
  const running = new Map<string, Running>();
  const perClient = keyedCount();
  // How late (or, below zero, early) the latest promises came true: the budget's estimate
  // foresees neither the fresh requests still to come nor their falling off as the cache
  // fills, and this corrects it by what happened.
  let lateMs = 0;
  let dropped = 0;
  const promised = (said: string, readyAt: number, what = 'the answer is being completed: ask again'): SleeveError => {
    const seconds = Math.max(1, Math.ceil((readyAt - clock()) / 1000));
    return new SleeveError('service_unavailable', `${said.replace(/; retry in \d+ s$/, '')}; ${what} in ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  };
  const finish = (key: string, under: Running) => {
    running.delete(key);
    lateMs += SMOOTHING * (clock() - under.readyAt - lateMs);
    perClient.remove(under.client);
  };
  return {
    get running() {
      return running.size;
    },
    get dropped() {
      return dropped;
    },
    has: (key) => running.has(key),
    hurry: (key) => hurry(running.get(key)?.scope),
    promise(error, key, request, env, client) {
      const known = running.get(key);
      if (known) return promised(error.message, known.readyAt);
      const mine = perClient.of(client);
      const now = clock();
      if (mine >= MAX_DEFERRED_PER_CLIENT || running.size >= MAX_DEFERRED) {
        dropped++;
        // Room comes when the deferred lane has moved on: when the calls waiting in it now
        // should have had their turns, behind the fresh requests.
        return promised(
          error.message,
          now + Math.max(backlogMs(running.size), deferredMs(CALLS_AN_ANSWER)) + AFTER_TURN_MS,
          'too many answers are being completed: not this one; try again',
        );
      }
      // Its turns in the deferred lane, as the budget expects them: behind every fresh request
      // waiting, at the rate fresh requests have lately left, after the deferred answer calls queued
      // and one more for each deferred answer ahead (its calls go one after another: one is queued at
      // a time, about two an answer), its own three; corrected by how late the latest promises
      // came true; never before the turn the refusal named.
      const expectedMs =
        Math.max(
          Number(error.headers['Retry-After'] ?? 1) * 1000,
          deferredMs(running.size + CALLS_AN_ANSWER) + lateMs,
        ) + AFTER_TURN_MS;
      // Not a promise it could not keep: past the deferred answers' own wait, the work is dropped.
      if (expectedMs > PROMISE_MS) {
        dropped++;
        return promised(error.message, now + expectedMs, 'the queue is too long to promise this answer; try again');
      }
      const under: Running = { client, readyAt: now + expectedMs };
      running.set(key, under);
      perClient.add(client);
      rerun(
        run,
        request,
        env,
        (signal) => (under.scope = deferredScope(signal, client, DEFERRED_WAIT_MS, now)),
        () => finish(key, under),
      );
      return promised(error.message, under.readyAt);
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
