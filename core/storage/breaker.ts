/**
 * @module
 * Keeps the API answering when the storage goes away (D9): a failed call opens the breaker,
 * and for a cool-down every call skips the storage and returns its fallback at once, so a
 * dead Redis costs one slow call per cool-down rather than one per request. The outage is
 * logged once, when it starts. Real time, not `deps.now()`: the outage is real.
 */

export interface Breaker {
  /**
   * Runs `work`, or returns `fallback` while the breaker is open or when `work` fails. A
   * synchronous `work` (the in-process counters) is answered synchronously: no promise on
   * the hot path.
   */
  run<T>(work: () => T | Promise<T>, fallback: T): T | Promise<T>;
  /** Whether calls are being skipped right now. */
  readonly open: boolean;
}

export interface BreakerOptions {
  cooldownMs?: number;
  onOutage(error: unknown): void;
}

export function breaker(options: BreakerOptions): Breaker {
  const cooldownMs = options.cooldownMs ?? 5000;
  let downUntil = 0;
  let failing = false;
  const fail = <T>(error: unknown, fallback: T): T => {
    if (!failing) options.onOutage(error);
    failing = true;
    downUntil = Date.now() + cooldownMs;
    return fallback;
  };
  const ok = <T>(result: T): T => {
    failing = false;
    downUntil = 0;
    return result;
  };
  return {
    get open() {
      return Date.now() < downUntil;
    },
    run(work, fallback) {
      if (downUntil !== 0 && Date.now() < downUntil) return fallback;
      try {
        const result = work();
        return result instanceof Promise ? result.then(ok, (error: unknown) => fail(error, fallback)) : ok(result);
      } catch (error) {
        return fail(error, fallback);
      }
    },
  };
}

/** The storage's breaker as Sleeve builds it: the outage logged once, naming the storage. */
export function storageBreaker(log: { error(message: string, fields?: Record<string, unknown>): void }, storageName: string): Breaker {
  return breaker({
    onOutage: (error) =>
      log.error('storage unavailable: answering uncached and unlimited until it is back', {
        storage: storageName,
        error: error instanceof Error ? error.message : String(error),
      }),
  });
}
