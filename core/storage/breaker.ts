/**
 * @module
 * Keeps the API answering when the storage goes away (D9): a failed call opens the breaker,
 * and from then on every call skips the storage and returns its fallback at once, so a dead
 * Redis costs one slow call at the start of an outage, not one per request. Whether the
 * storage is back is found out in the background (`probe`, every cool-down), never by a
 * caller's request. The outage is logged once when it starts, once when it ends. Time is the
 * Sleeve's one clock (`deps.clock`), so a test moves it to end a cool-down. It is the one
 * breaker (`createBreaker`) with the storage's rules; a skipped call answers its fallback.
 */
import { createBreaker, type Ticket } from '../utils/breaker.ts';

/**
 * What the breaker reads of the Sleeve's clock (`drivers/kit/clock.ts`, which storage may not
 * import): the same shape, so `deps.clock` is passed as it is.
 */
export interface BreakerClock {
  now(): number;
  timer(ms: number, run: () => void, options?: { background?: boolean }): () => void;
}

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
  /** What the cool-downs are read and the probes timed on. */
  clock: BreakerClock;
  cooldownMs?: number;
  onOutage(error: unknown): void;
  onRecovery?(): void;
  /**
   * A cheap call that succeeds when the storage is back, tried every cool-down while open.
   * Without one, the first call after each cool-down tries the storage itself.
   */
  probe?(): Promise<unknown>;
}

export function breaker(options: BreakerOptions): Breaker {
  const { clock, probe } = options;
  const cooldownMs = options.cooldownMs ?? 5000;
  // Any failure opens it. With a probe, callers skip the storage until the probe finds it back;
  // without, every call after a cool-down tries it. A call under way all along counts either way.
  const core = createBreaker({
    now: () => clock.now(),
    cooldownMs,
    trips: (_at, failed) => failed,
    recovery: probe ? 'probe' : 'every-call',
    onOpen: options.onOutage,
    onClose: options.onRecovery,
  });
  let probing: (() => void) | undefined;

  const scheduleProbe = () => {
    if (!probe || probing !== undefined) return;
    // A probe must never keep a process alive on its own: a background timer.
    probing = clock.timer(
      cooldownMs,
      () => {
        probe().then(
          () => {
            probing = undefined;
            core.recovered();
          },
          (error: unknown) => {
            probing = undefined;
            core.reopen(error);
            if (core.state !== 'closed') scheduleProbe();
          },
        );
      },
      { background: true },
    );
  };
  const fail = <T>(ticket: Ticket, error: unknown, fallback: T): T => {
    core.ended(ticket, 'failed', error);
    scheduleProbe();
    return fallback;
  };
  const ok = <T>(ticket: Ticket, result: T): T => {
    core.ended(ticket, 'ok');
    return result;
  };
  return {
    get open() {
      return core.state === 'open';
    },
    run(work, fallback) {
      const ticket = core.admit();
      if (ticket === undefined) return fallback;
      try {
        const result = work();
        return result instanceof Promise
          ? result.then(
              (value) => ok(ticket, value),
              (error: unknown) => fail(ticket, error, fallback),
            )
          : ok(ticket, result);
      } catch (error) {
        return fail(ticket, error, fallback);
      }
    },
  };
}

/** The storage's breaker as Sleeve builds it: the outage logged once, recovery found in the background. */
export function storageBreaker(
  log: {
    info?(message: string, fields?: Record<string, unknown>): void;
    error(message: string, fields?: Record<string, unknown>): void;
  },
  storageName: string,
  clock: BreakerClock,
  probe?: () => Promise<unknown>,
): Breaker {
  return breaker({
    clock,
    probe,
    onOutage: (error) =>
      log.error('storage unavailable: answering uncached and unlimited until it is back', {
        storage: storageName,
        error: error instanceof Error ? error.message : String(error),
      }),
    onRecovery: () => log.info?.('storage available again', { storage: storageName }),
  });
}
