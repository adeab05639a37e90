/**
 * @module
 * One upstream request shared by every caller who needs its answer (identical calls in flight
 * coalesce, `cached.ts`; ISRCs batched together, the ReccoBeats driver). A caller whose signal
 * aborts leaves at once with its own reason; the request itself is aborted only when the last
 * caller waiting for it has left, so a disconnect never leaves work running for nobody, and
 * never cuts it short for someone still waiting. The request itself counts for the first
 * caller's request (`tally.ts`): the others joined a call already made. A cache refresh's call
 * is the budget's lowest lane and may be dropped (`isBackgroundDrop`); a client that joined it
 * then makes the call again as itself, so a refresh never costs a client a 503 (issue #35); so
 * does a completion that joined a call its first request could not wait for (issue #43).
 */
import { isBackgroundDrop, isShortOfTurns, shortOfTurns } from './refusals.ts';
import { systemClock, type Clock } from './clock.ts';
import { BACKGROUND, carry, clientOf, deadlineOf, hurry, patienceOf } from './tally.ts';

/** A joiner's wait for turns ran out before the shared call had its answer: a refusal like the budget's own, naming the upstream. */
const lateJoin = (upstream: string) =>
  shortOfTurns(`[sleeve] [${upstream}] the upstream call this request joined had no turn in time; retry in 1 s`);

/**
 * A joiner whose call was refused for want of a turn it could itself still wait for makes the
 * call again as itself: a client behind a dropped refresh, or a completion (`http/cache/completions.ts`,
 * patient) behind a request that could not wait.
 */
const mayWaitLonger = (error: unknown, signal: AbortSignal): boolean =>
  (isBackgroundDrop(error) && clientOf(signal) !== BACKGROUND) ||
  (isShortOfTurns(error) && patienceOf(signal) !== undefined);

export interface SharedWork<T> {
  /** Waits for the answer on behalf of one caller. */
  join(signal?: AbortSignal): Promise<T>;
}

/**
 * Starts `run` on the next microtask, so the owner has registered the work before any of it
 * runs (a run that fails at once can then unregister it). `abandoned` is called when every
 * caller has left (before the abort), so the owner stops handing this work to newcomers.
 * `upstream` names whose call it is, in the errors of callers that stop waiting (`deezer`).
 */
export function shareWork<T>(
  run: (signal: AbortSignal) => Promise<T>,
  abandoned: () => void,
  upstream: string,
  clock: Pick<Clock, 'now' | 'timer'> = systemClock,
): SharedWork<T> {
  const controller = new AbortController();
  const done = Promise.resolve().then(() => run(controller.signal));
  // Every caller may have left before it settles: its rejection then has no listener.
  done.catch(() => {});
  let waiting = 0;
  return {
    join(signal) {
      carry(controller.signal, signal);
      // A client's request joining a completion's call: that completion is now fresh work (`tally.ts` `hurry`).
      if (signal && patienceOf(signal) === undefined && clientOf(signal) !== BACKGROUND) hurry(controller.signal);
      waiting++;
      if (!signal) return done.finally(() => waiting--);
      return new Promise<T>((resolve, reject) => {
        let left = false;
        // A request joining a call that still waits for its turn (a completion's may wait long)
        // waits no longer than it would for a turn of its own (`tally.ts` `deadlineOf`).
        const { turnsBy } = deadlineOf(signal);
        const stopTimer =
          turnsBy === Infinity || patienceOf(signal) !== undefined
            ? undefined
            : clock.timer(Math.max(0, turnsBy - clock.now()), () => leave(lateJoin(upstream)));
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
            if (mayWaitLonger(error, signal)) run(signal).then(resolve, reject);
            else reject(error);
          },
        );
      });
    },
  };
}
