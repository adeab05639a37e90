/**
 * @module
 * Keeps the API answering when the storage goes away (D9): a failed call opens the breaker,
 * and for a cool-down every call skips the storage and returns its fallback at once, so a
 * dead Redis costs one slow call per cool-down rather than one per request. The outage is
 * logged once, when it starts. Real time, not `deps.now()`: the outage is real.
 */

export interface Breaker {
  run<T>(work: () => T | Promise<T>, fallback: T): Promise<T>;
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
  return {
    get open() {
      return Date.now() < downUntil;
    },
    async run(work, fallback) {
      if (downUntil !== 0 && Date.now() < downUntil) return fallback;
      try {
        const result = await work();
        failing = false;
        downUntil = 0;
        return result;
      } catch (error) {
        if (!failing) options.onOutage(error);
        failing = true;
        downUntil = Date.now() + cooldownMs;
        return fallback;
      }
    },
  };
}
