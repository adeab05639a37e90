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
