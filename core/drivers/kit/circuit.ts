/**
 * @module
 * A circuit breaker per upstream: the one breaker (`createBreaker`) with an upstream's rules.
 * When most of its recent calls fail (no answer in time, unreachable, 5xx, garbage, error
 * bodies) the upstream is not asked for a cool-down: every call fails at once, so callers get
 * their `502` (or a STALE answer from the cache layer) in milliseconds instead of each waiting
 * out a timeout, and a struggling upstream is left alone.
 * Then one trial call goes through; its success closes the circuit, its failure opens it again.
 * "Not found" and quota answers are the upstream working. A call the upstream never heard (its
 * caller says which, `unheard`: the budget refused its turn, its request's time was spent, its
 * caller left) counts for nothing: counted as working, a dead upstream busy enough that most
 * calls wait in vain for a turn never reached the failure rate.
 *
 * It opens on a failure rate, not on a run of failures: at least `minCalls` calls
 * ended within the last `windowMs`, and at least `failureRate` of them failed. Five failures in
 * a row let a dead upstream be asked five times, each call waiting out its timeout, and never
 * opened on one failing most calls but not five in a row. A call is counted once, after its
 * retries (`call.ts`): at one try in ten failing, about one call in a thousand fails, so ten
 * calls in 10 s hold five failures practically never, while a dead upstream busy with requests
 * opens as soon as ten of its calls have failed. Counted in one-second buckets, so memory is
 * fixed whatever the traffic.
 */
import { SleeveError, type ErrorCode } from '../../errors.ts';
import { CircuitOpen } from './refusals.ts';
import { createBreaker, type BreakerState } from '../../utils/breaker.ts';

/** Calls that must have ended in the window before a rate counts. */
export const MIN_CALLS = 10;
/** Share of those calls failing that opens the circuit. */
export const FAILURE_RATE = 0.5;
/** How far back the rate looks. */
export const WINDOW_MS = 10_000;
export const COOLDOWN_MS = 10_000;
const BUCKET_MS = 1000;
const FAILURES: readonly ErrorCode[] = ['upstream_error', 'upstream_timeout'];

export interface Circuit {
  /**
   * Runs one upstream call, or fails at once while the circuit is open. `unheard` says of an
   * error whether the upstream never heard the call: such a call is not counted.
   */
  run<T>(call: () => Promise<T>, unheard?: (error: unknown) => boolean): Promise<T>;
  readonly state: BreakerState;
  /**
   * When a call last succeeded, on the circuit's clock; 0 before any. Only a success counts: an
   * error may be the budget's refusal or the caller's abort, which prove nothing of the upstream.
   * `/healthz` takes a recent one in place of a probe of its own.
   */
  readonly answeredAt: number;
}

export interface CircuitOptions {
  name: string;
  minCalls?: number;
  failureRate?: number;
  windowMs?: number;
  cooldownMs?: number;
  /** The Sleeve's clock's `now` (`clock.ts`): no other reads time here. */
  now(): number;
  /** Told once when the circuit opens and once when it closes again. */
  onChange?(state: 'open' | 'closed', name: string): void;
  /** Told each call that failed as the circuit counts failures (sent, and ended `upstream_error` or `upstream_timeout`). */
  onFailure?(error: SleeveError, name: string): void;
}

/** Calls and failures of one second. */
interface Bucket {
  second: number;
  calls: number;
  failures: number;
}

export function createCircuit(options: CircuitOptions): Circuit {
  const minCalls = options.minCalls ?? MIN_CALLS;
  const failureRate = options.failureRate ?? FAILURE_RATE;
  const { now } = options;
  const buckets: Bucket[] = Array.from({ length: Math.ceil((options.windowMs ?? WINDOW_MS) / BUCKET_MS) }, () => ({
    second: -1,
    calls: 0,
    failures: 0,
  }));
  let answeredAt = 0;

  /** Counts one call that ended at `at`; true when the window now holds enough calls, mostly failed. */
  const trips = (at: number, failed: boolean): boolean => {
    const second = Math.floor(at / BUCKET_MS);
    const bucket = buckets[second % buckets.length]!;
    if (bucket.second !== second) Object.assign(bucket, { second, calls: 0, failures: 0 });
    bucket.calls++;
    if (failed) bucket.failures++;
    let calls = 0;
    let failures = 0;
    for (const b of buckets) {
      if (b.second <= second - buckets.length) continue;
      calls += b.calls;
      failures += b.failures;
    }
    return calls >= minCalls && failures >= calls * failureRate;
  };
  // One trial call after each cool-down; calls that were under way when it opened count for nothing.
  const breaker = createBreaker({
    now,
    cooldownMs: options.cooldownMs ?? COOLDOWN_MS,
    trips,
    reset: () => {
      for (const b of buckets) Object.assign(b, { second: -1, calls: 0, failures: 0 });
    },
    recovery: 'trial',
    onOpen: () => options.onChange?.('open', options.name),
    onClose: () => options.onChange?.('closed', options.name),
  });
  const refuse = (): never => {
    const seconds = Math.max(1, Math.ceil((breaker.openUntil - now()) / 1000));
    throw new CircuitOpen(`[sleeve] [${options.name}] is failing; it is not asked again for ${seconds} s`, seconds);
  };

  return {
    get state() {
      return breaker.state;
    },
    get answeredAt() {
      return answeredAt;
    },
    async run(call, unheard) {
      const ticket = breaker.admit() ?? refuse();
      try {
        const result = await call();
        answeredAt = now();
        breaker.ended(ticket, 'ok');
        return result;
      } catch (error) {
        const heard = unheard?.(error) !== true;
        const failed = heard && error instanceof SleeveError && FAILURES.includes(error.code);
        if (failed) options.onFailure?.(error, options.name);
        // A trial's failure opens it again; anything else leaves it half-open for the next call.
        breaker.ended(ticket, !heard ? 'unheard' : failed ? 'failed' : 'other', error);
        throw error;
      }
    },
  };
}
