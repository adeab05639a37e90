/**
 * @module
 * workerd ends what a request began (its timers, its fetches) once that request has answered
 * and nothing it handed to `ctx.waitUntil` is pending, and a promise another request awaits then
 * never settles. Sleeve shares work across the requests of an isolate: the upstream budget's
 * queue is served by a timer one request started, a miss several ask for is fetched once. So
 * each request holds its context open (`waitUntil`) until the isolate has no request in flight
 * and no work handed over: whichever request started a shared timer, it lives while anyone
 * waits on it. Bounded by `HOLD_MS`, under the 30 s Workers give `waitUntil` after an answer.
 */

/** The longest a request's context is held open past its answer. */
const HOLD_MS = 25_000;

export interface IsolateWork {
  /** Counts `work` (a request being answered, a cache write, a rerun) until it settles. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Settles once nothing is tracked, or after `HOLD_MS`. */
  quiet(): Promise<void>;
}

export function isolateWork(holdMs: number = HOLD_MS): IsolateWork {
  let open = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (--open > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  return {
    track(work) {
      open++;
      return work.finally(settle);
    },
    quiet() {
      if (open === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, holdMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
