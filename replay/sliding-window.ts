/**
 * @module
 * The quota the replay enforces when asked to: at most `limit` admitted calls in any window
 * of `windowMs`, the way Deezer counts its 50 requests per 5 seconds. Refused calls do not
 * count, so a client that backs off gets through once the window has slid past.
 */
export class SlidingWindow {
  readonly #times: number[] = [];
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts the call at `now` and says yes, or says no when the window is full. */
  admit(now: number): boolean {
    while (this.#times.length > 0 && (this.#times[0] ?? now) <= now - this.#windowMs) this.#times.shift();
    if (this.#times.length >= this.#limit) return false;
    this.#times.push(now);
    return true;
  }

  clear(): void {
    this.#times.length = 0;
  }
}

/**
 * The most calls any sliding window of `windowMs` held, counted as `SlidingWindow` counts
 * them, (t − windowMs, t]: what a test or bench checks a client's budget against.
 */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let end = 0, start = 0; end < sorted.length; end++) {
    while (sorted[start]! <= sorted[end]! - windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
