/**
 * @module
 * The kit's one clock: every read of time in the kit, the frame's cache and its
 * deferred answers goes through `now()`, and every wait through `sleep` or `timer`, so a test moves
 * time instead of waiting for it. `systemClock` is the real one; a Sleeve's is built from the
 * `now()` of its options (`deps.ts`), timers staying the runtime's.
 */

export interface Clock {
  /** Unix milliseconds. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `run` after `ms`; the function returned cancels it. */
  timer(ms: number, run: () => void): () => void;
}

const timer = (ms: number, run: () => void): (() => void) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(id);
      reject(signal!.reason);
    };
    const id = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Real time. */
export const systemClock: Clock = { now: () => Date.now(), sleep, timer };

/** A clock reading `now` (a Sleeve's injected one) with the runtime's timers. */
export function clockOf(now: () => number): Clock {
  return { now, sleep, timer };
}
