/**
 * @module
 * One upstream request shared by every caller who needs its answer (identical calls in flight
 * coalesce, `createCacher`; ISRCs batched together, the ReccoBeats driver). A caller whose signal
 * aborts leaves at once with its own reason; the request itself is aborted only when the last
 * caller waiting for it has left, so a disconnect never leaves work running for nobody, and
 * never cuts it short for someone still waiting. The request itself counts for the first
 * caller's request (`scope.ts`): the others joined a call already made. A cache refresh's call
 * is the budget's lowest lane and may be dropped (`isBackgroundDrop`); a client that joined it
 * then makes the call again as itself, so a refresh never costs a client a 503; so
 * does a deferred answer that joined a call its first request could not wait for.
 */
import { isBackgroundDrop, isShortOfTurns, shortOfTurns } from './refusals.ts';
import type { Clock } from './clock.ts';
import { REQUEST_BOUND_MS } from './bounds.ts';
import { upstreamError } from '../../errors.ts';
import { BACKGROUND, hurry, unboundScope, withSignal, type RequestScope } from './scope.ts';

/** A joiner's wait for turns ran out before the shared call had its answer: a refusal like the budget's own, naming the upstream. */
const lateJoin = (upstream: string) =>
  shortOfTurns(`[sleeve] [${upstream}] the upstream call this request joined had no turn in time; retry in 1 s`);

/** A joiner's call was under way past the request's bound for its work: what a try of its own would have said. */
const lateAnswer = (upstream: string) =>
  upstreamError(
    upstream,
    `the upstream call this request joined did not answer within ${REQUEST_BOUND_MS} ms`,
    'upstream_timeout',
  );

/**
 * A joiner whose call was refused for want of a turn it could itself still wait for makes the
 * call again as itself: a client behind a dropped refresh, or a deferred answer (`http/cache/deferred.ts`,
 * patient) behind a request that could not wait.
 */
const mayWaitLonger = (error: unknown, scope: RequestScope): boolean =>
  (isBackgroundDrop(error) && scope.client !== BACKGROUND) || (isShortOfTurns(error) && scope.patienceMs !== undefined);

export interface SharedWork<T> {
  /** Waits for the answer on behalf of one caller (none: a call no request made). */
  join(scope?: RequestScope): Promise<T>;
}

/**
 * Starts `run` on the next microtask, so the owner has registered the work (and its first
 * caller joined) before any of it runs (a run that fails at once can then unregister it). `run`
 * is given the first caller's scope with the work's own signal, which aborts once every caller
 * has left; `abandoned` is called then (before the abort), so the owner stops handing this work
 * to newcomers. A caller leaves at its bound for turns only while the work's call has had none:
 * a call under way is waited for (it ends by its own time), never cut off unanswered.
 * `upstream` names whose call it is, in the errors of callers that stop waiting.
 */
export function shareWork<T>(
  run: (scope: RequestScope) => Promise<T>,
  abandoned: () => void,
  upstream: string,
  clock: Pick<Clock, 'now' | 'timer'>,
): SharedWork<T> {
  const controller = new AbortController();
  // The work counts for the first caller's request: the others joined a call already made.
  let owner: RequestScope | undefined;
  // Once its call has had a budget turn, the work is under way, bounded by the call's own time:
  // a joiner then waits for its answer rather than leaving at its bound for turns.
  let turned = false;
  const flight = (scope: RequestScope): RequestScope => ({
    ...withSignal(scope, controller.signal),
    onTurn: () => {
      turned = true;
      scope.onTurn?.();
    },
  });
  const done = Promise.resolve().then(() => run(owner ? flight(owner) : unboundScope(controller.signal)));
  // Every caller may have left before it settles: its rejection then has no listener.
  done.catch(() => {});
  let waiting = 0;
  return {
    join(scope) {
      owner ??= scope;
      // A client's request joining a deferred answer's call: that deferred answer is now fresh work (`scope.ts` `hurry`).
      if (scope && scope.patienceMs === undefined && scope.client !== BACKGROUND) hurry(owner);
      waiting++;
      if (!scope) return done.finally(() => waiting--);
      const { signal } = scope;
      return new Promise<T>((resolve, reject) => {
        let left = false;
        // A request joining a call that still waits for its turn (a deferred answer's may wait long)
        // waits no longer than it would for a turn of its own; a call under way, no longer than
        // the request's bound for its work. Each wait is a timer of the request's own: a Workers
        // isolate cancels a request that waits on another's work with nothing of its own pending.
        const { turnsBy, until } = scope;
        const at = (time: number, then: () => void) => clock.timer(Math.max(0, time - clock.now()), then);
        let stopTimer =
          turnsBy === Infinity || scope.patienceMs !== undefined
            ? undefined
            : at(turnsBy, () => {
                if (!turned) leave(lateJoin(upstream));
                else if (until !== Infinity) stopTimer = at(until, () => leave(lateAnswer(upstream)));
              });
        const onAbort = () => leave(signal.reason);
        const settle = () => {
          left = true;
          stopTimer?.();
          signal.removeEventListener('abort', onAbort);
          waiting--;
        };
        const leave = (reason: unknown) => {
          settle();
          if (waiting === 0) {
            abandoned();
            controller.abort(reason);
          }
          reject(reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        done.then(
          (value) => {
            if (left) return;
            settle();
            resolve(value);
          },
          (error: unknown) => {
            if (left) return;
            settle();
            if (mayWaitLonger(error, scope)) run(scope).then(resolve, reject);
            else reject(error);
          },
        );
      });
    },
  };
}
