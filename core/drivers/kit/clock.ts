/**
 * @module
 * The one clock: every read of time and every wait in core (the kit, the frame's cache and its
 * deferred answers, the services, the routes' streams, the storage's breaker, the watcher, the
 * status board) goes through `now()`, `sleep`, `timer` or `every`, so a test moves time instead of
 * waiting for it. This file is the only one in core that touches the runtime's time (a test
 * holds it so); `systemClock` is the real clock; a Sleeve's is built from the `now()` of its
 * options (`deps.ts`), timers staying the runtime's.
 */

export interface TimerOptions {
  /**
   * A timer that must never hold a process open on its own (a probe, a sampler, a bound on a
   * handshake): unref'd where the runtime's timers have `unref` (Node, Bun).
   */
  background?: boolean;
}

export interface Clock {
  /** Unix milliseconds. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Calls `run` after `ms`; the function returned cancels it. Throws where the runtime refuses
   * a timer (a Worker outside a request).
   */
  timer(ms: number, run: () => void, options?: TimerOptions): () => void;
}

const timer = (ms: number, run: () => void, options?: TimerOptions): (() => void) => {
  const id = setTimeout(run, ms);
  if (options?.background) (id as { unref?: () => void }).unref?.();
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

/**
 * Calls `run` every `ms` on `clock`, each timer set when the last one fires (so a virtual clock
 * needs no interval of its own); the function returned stops it. Throws as `timer` does, at once.
 */
export function every(clock: Pick<Clock, 'timer'>, ms: number, run: () => void, options?: TimerOptions): () => void {
  let cancel: () => void;
  let stopped = false;
  const arm = () => {
    cancel = clock.timer(
      ms,
      () => {
        if (stopped) return;
        arm();
        run();
      },
      options,
    );
  };
  arm();
  return () => {
    stopped = true;
    cancel();
  };
}
