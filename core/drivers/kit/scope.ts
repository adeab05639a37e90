/**
 * @module
 * A request's scope: the one typed value that says whose an upstream call is and how long it
 * may take. The frame makes it as a route starts and hands it to the route, which passes it to
 * each driver call (`CallOptions.scope`) as it passes any other argument; the kit reads it in
 * the budget (the lane, the client's fair share, the patience), in the tries (the bounds) and in
 * each request it sends (the tally of the request log's line, `tally.ts`). Drivers see no HTTP:
 * a client is only a string here.
 *
 * Three kinds: a client's request (the fresh lane), an answer a 503 promised, made later (a deferred answer)
 * (`http/cache/deferred.ts`: a lane of its own, a patience of its own), and a cache refresh
 * (`http/cache/refresh.ts`: the lowest lane, nobody waiting). A call no request made (a health
 * probe, the radio's watcher) has no scope.
 */
import { REQUEST_BOUND_MS, REQUEST_TURNS_MS, UPSTREAM_TIMEOUT_MS } from './bounds.ts';
import { DEFERRED, FRESH, REFRESH, type Lane } from './budget/fair-queue.ts';
import type { UpstreamTally } from './tally.ts';

/**
 * The client of a cache refresh's calls: nobody waits for them, so the budget serves them last
 * and only from spare turns (`budget.ts`, `fair-queue.ts`). No client address the rate limits
 * count can be this.
 */
export const BACKGROUND = '\u0000background';

/** What every scope derived from one request's shares (`withSignal`): its turns and lane move for all. */
interface Progress {
  /** Budget turns the request has had: its next call continues an answer under way (`fair-queue.ts`). */
  turns: number;
  /** A deferred answer's moves to the fresh lane once a client waits on it (`hurry`). */
  lane: Lane;
  /**
   * A deferred answer's: from when its calls go before every fresh request, so its promise is
   * kept (`fair-queue.ts`); the deferred lane is served in this order. Infinity for the others.
   */
  dueAt: number;
  readonly onHurry: Set<() => void>;
}

export interface RequestScope {
  /** The request's abort signal (or, for a shared call, the shared flight's). */
  readonly signal: AbortSignal;
  /**
   * The client's address, as the rate limits count it; `BACKGROUND` for a refresh; undefined
   * where no budget serves by client (demo mode).
   */
  readonly client: string | undefined;
  /** The request log's count of its calls; undefined while the log is off. */
  readonly tally: UpstreamTally | undefined;
  /** By when its calls must have had their budget turns (the clock's Unix ms). */
  readonly turnsBy: number;
  /** By when its upstream work is over: no call or retry starts after. */
  readonly until: number;
  /** A deferred answer's wait for each turn, where a request waits the budget's usual bound. */
  readonly patienceMs: number | undefined;
  readonly progress: Progress;
  /**
   * Told each time the budget grants one of this scope's calls a turn: a shared flight's scope
   * (`shared-work.ts`) learns its call is under way, not waiting, so its joiners wait for it.
   */
  readonly onTurn?: (() => void) | undefined;
}

const progress = (lane: Lane, dueAt = Infinity): Progress => ({ turns: 0, lane, dueAt, onHurry: new Set() });

export interface RequestScopeInit {
  signal?: AbortSignal;
  client?: string | undefined;
  tally?: UpstreamTally | undefined;
  /** When the route started (the Sleeve's clock); its bounds count from it. */
  now: number;
}

/**
 * A client's request, as its route starts: its calls have their turns within
 * `REQUEST_TURNS_MS` (so its first answer, a 503 included, comes within 3 s) and its upstream
 * work is over within `REQUEST_BOUND_MS`; past them its answer is completed in the background.
 */
export function requestScope(init: RequestScopeInit): RequestScope {
  return {
    signal: init.signal ?? new AbortController().signal,
    client: init.client,
    tally: init.tally,
    turnsBy: init.now + REQUEST_TURNS_MS,
    until: init.now + REQUEST_BOUND_MS,
    patienceMs: undefined,
    progress: progress(FRESH),
  };
}

/**
 * `client`'s deferred answer (`http/cache/deferred.ts`): each call may wait
 * `waitMs` for its turn, in the lane behind every fresh request until `dueAt` (then before
 * them), and the work ends within `waitMs` and one call.
 */
export function deferredScope(
  signal: AbortSignal,
  client: string,
  waitMs: number,
  now: number,
  dueAt = Infinity,
): RequestScope {
  return {
    signal,
    client,
    tally: undefined,
    turnsBy: now + waitMs,
    until: now + waitMs + UPSTREAM_TIMEOUT_MS,
    patienceMs: waitMs,
    progress: progress(DEFERRED, dueAt),
  };
}

/**
 * Work no request asked for, with an abort of its own (a shared flight none of whose callers had
 * a scope, a health probe). `turnsBy`: by when its calls must have had their turns, else the
 * budget refuses them (a probe's, so the refusal comes before the check's own cut-off).
 */
export function unboundScope(signal: AbortSignal, turnsBy = Infinity): RequestScope {
  return {
    signal,
    client: undefined,
    tally: undefined,
    turnsBy,
    until: Infinity,
    patienceMs: undefined,
    progress: progress(FRESH),
  };
}

/** A cache refresh (`http/cache/refresh.ts`): the lowest lane, under a request's bounds. */
export function refreshScope(signal: AbortSignal, now: number): RequestScope {
  return { ...requestScope({ signal, client: BACKGROUND, now }), progress: progress(REFRESH) };
}

/**
 * The same request's calls under another signal: a call's timeout combined with the caller's,
 * or a shared flight's own (`shared-work.ts`), which counts for the caller who started it.
 */
export function withSignal(scope: RequestScope, signal: AbortSignal): RequestScope {
  return { ...scope, signal };
}

/**
 * A client now waits on the deferred answer `scope` is (it asked for the same answer, or joined one
 * of its calls, `shared-work.ts`): its calls go in the fresh lane from now on, those waiting
 * included, keeping the deferred answer's patience. Work a client waits on is fresh work, whoever
 * started it; left behind every fresh request, a popular answer promised early would hold each
 * of its askers to a 503 until the fresh lane drains.
 */
export function hurry(scope: RequestScope | undefined): void {
  const step = scope?.progress;
  if (!step || step.lane !== DEFERRED) return;
  step.lane = FRESH;
  for (const told of step.onHurry) told();
  step.onHurry.clear();
}

/**
 * One budget turn taken for `scope`'s request (the budget tells it as it grants the turn, so the
 * request's next call, even one asked in the same tick, continues an answer under way): the
 * count a deferred answer's estimate reads (`http/cache/deferred.ts`).
 */
export function countTurn(scope: RequestScope | undefined): void {
  if (!scope) return;
  scope.progress.turns++;
  scope.onTurn?.();
}

/** Calls `told` when `scope`'s deferred answer is hurried; the function returned stops that. */
export function whenHurried(scope: RequestScope | undefined, told: () => void): () => void {
  const hooks = scope?.progress.onHurry;
  if (!hooks) return () => {};
  hooks.add(told);
  return () => hooks.delete(told);
}
