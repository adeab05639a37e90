/**
 * @module
 * Popular answers never go cold (stale-while-revalidate, RFC 5861). In live
 * mode an entry just past its lifetime is answered at once as `STALE` while one refresh runs
 * in the background, and an entry asked often is refreshed shortly before its lifetime ends.
 * A refresh is the endpoint's own route run again for the same request, with no client
 * waiting: its upstream calls are in the refresh lane (`kit/scope.ts`), which the budget
 * serves only from spare turns and drops when clients wait (`kit/budget/budget.ts`). Here: how long
 * past its lifetime an entry may be answered so, when an entry is due for a refresh ahead of
 * time, and the bounded set of refreshes running.
 */
import { refreshScope } from '../../drivers/kit/index.ts';
import { rerun, type Rerun } from './rerun.ts';

/** Share of an entry's lifetime it may be answered past it, as `STALE`, while it is refreshed. */
const STALE_SHARE = 0.1;
/** The most an entry is answered past its lifetime, whatever its lifetime: 5 minutes. */
const STALE_CAP_SECONDS = 300;
/** Share of an entry's lifetime, at its end, in which a popular entry is refreshed ahead. */
const AHEAD_SHARE = 0.1;
/** Hits, while held in process, that make an entry popular enough to refresh ahead. */
export const POPULAR_HITS = 8;
/** Refreshes running at once in one process, at most; past it a stale entry is still answered, not refreshed. */
export const MAX_REFRESHES = 16;

/**
 * How many seconds past its lifetime an entry of `lifetime` seconds is answered `STALE` while
 * it is refreshed: a tenth of it, at most 5 minutes (D9's table). The
 * one place the bound is derived, from the entry's own lifetime (`maxAge`), so a brief
 * lifetime (a not-found `{ found: false }`, 5 minutes) gets a brief bound too.
 */
export function staleSeconds(lifetime: number): number {
  return Math.min(Math.ceil(lifetime * STALE_SHARE), STALE_CAP_SECONDS);
}

/** When an entry fresh until `freshUntil`, of `lifetime` seconds, may be refreshed ahead (Unix ms). */
export function aheadAt(freshUntil: number | null, lifetime: number): number {
  return freshUntil === null ? Infinity : freshUntil - lifetime * 1000 * AHEAD_SHARE;
}

export interface Refresher {
  /**
   * Starts a refresh of the entry under `key` by running `request`'s route again in the
   * background; false (nothing started) when one of that key is running or `MAX_REFRESHES` are.
   */
  start(key: string, request: Request, env: unknown): boolean;
  /** Refreshes running now. */
  readonly running: number;
}

/**
 * `run` answers a request through the endpoint's refresh chain (params, the cache layer's
 * `refresh`, the route: no rate limit, no request log, no metrics of client requests).
 */
export function refresher(run: Rerun, now: () => number): Refresher {
  const running = new Set<string>();
  return {
    get running() {
      return running.size;
    },
    start(key, request, env) {
      if (running.has(key) || running.size >= MAX_REFRESHES) return false;
      running.add(key);
      rerun(
        run,
        request,
        env,
        (signal) => refreshScope(signal, now()),
        () => running.delete(key),
      );
      return true;
    },
  };
}
