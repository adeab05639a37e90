/**
 * @module
 * A circuit breaker per upstream (issue: hostile traffic and faults). After a run of failures
 * (no answer in time, unreachable, 5xx, garbage, error bodies) the upstream is not asked for
 * a cool-down: every call fails at once, so callers get their `502` (or a STALE answer from
 * the cache layer) in milliseconds instead of each waiting out a timeout, and a struggling
 * upstream is left alone. Then one trial call goes through; its success closes the circuit,
 * its failure opens it again. "Not found" and quota answers are the upstream working.
 */
import { SleeveError, type ErrorCode } from '../../errors.ts';

/** Consecutive failures that open the circuit. */
export const FAILURES_TO_OPEN = 5;
export const COOLDOWN_MS = 10_000;
const FAILURES: readonly ErrorCode[] = ['upstream_error', 'upstream_timeout'];

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface Circuit {
  /** Runs one upstream call, or fails at once while the circuit is open. */
  run<T>(call: () => Promise<T>): Promise<T>;
  readonly state: CircuitState;
}

export interface CircuitOptions {
  name: string;
  failuresToOpen?: number;
  cooldownMs?: number;
  /** Real time by default. */
  now?(): number;
  /** Told once when the circuit opens and once when it closes again. */
  onChange?(state: 'open' | 'closed', name: string): void;
}

export function createCircuit(options: CircuitOptions): Circuit {
  const limit = options.failuresToOpen ?? FAILURES_TO_OPEN;
  const cooldownMs = options.cooldownMs ?? COOLDOWN_MS;
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let trial = false;

  const state = (): CircuitState => (failures < limit ? 'closed' : now() < openUntil || trial ? 'open' : 'half-open');
  const refuse = (): never => {
    const seconds = Math.max(1, Math.ceil((openUntil - now()) / 1000));
    throw new SleeveError('upstream_error', `[sleeve] [${options.name}] is failing; it is not asked again for ${seconds} s`, {
      headers: { 'Retry-After': String(seconds) },
    });
  };

  return {
    get state() {
      return state();
    },
    async run(call) {
      const current = state();
      if (current === 'open') refuse();
      const trying = current === 'half-open';
      if (trying) trial = true;
      try {
        const result = await call();
        if (failures >= limit) options.onChange?.('closed', options.name);
        failures = 0;
        return result;
      } catch (error) {
        if (error instanceof SleeveError && FAILURES.includes(error.code)) {
          failures++;
          if (failures === limit || trying) {
            openUntil = now() + cooldownMs;
            if (failures === limit) options.onChange?.('open', options.name);
          }
        }
        throw error;
      } finally {
        if (trying) trial = false;
      }
    },
  };
}
