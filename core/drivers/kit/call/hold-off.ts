/**
 * @module
 * An upstream's answer that says "hold off" (Deezer's code 4, "quota exceeded"), as a driver's
 * `read` classifies it: the call pauses its upstream's budget, so everyone in this process holds
 * off, and asks again as a new call once a turn comes (`retry.ts`), at most `MAX_TRIES` times in
 * all; then the caller hears the error it carries. The upstream answered, so the circuit counts
 * the upstream working (`circuit-breaker.ts`).
 */
import { SleeveError } from '../../../errors.ts';

/** A 503 (or any error) the caller hears if the upstream does not let go, asking to hold off `pauseMs` first. */
export class HoldOff extends SleeveError {
  /** How long everyone in this process holds off the upstream, ms. */
  readonly pauseMs: number;
  constructor(pauseMs: number, ...error: ConstructorParameters<typeof SleeveError>) {
    super(...error);
    this.pauseMs = pauseMs;
  }
}
