/**
 * @module
 * Graceful shutdown for the server adapters (D34), the same on Node, Bun and Deno; each
 * adapter says only how its server stops (`Stoppable`) and how its runtime delivers signals.
 *
 * On SIGTERM or SIGINT: Sleeve drains (`/healthz` answers 503 `draining`, live streams are told
 * to reconnect), the server stops accepting and closes idle keep-alive connections, requests in
 * flight finish, then the log is flushed and the storage closed, and the process exits 0. Past
 * `shutdownTimeoutMs` (default 10 s) whatever is left is cut and it exits 1. A second signal
 * exits at once (128 + the signal's number, as a shell reports it).
 *
 * D39: with a shutdown delay (`shutdownDelayMs`, for Kubernetes), all that is preceded by the
 * delay: `/healthz` answers 503 `draining` at once while requests are still accepted and
 * answered, each answer closing its connection, so the connections Kubernetes still sends while
 * it removes the endpoint are served, not refused. The bound counts from the delay's end.
 */
import type { Sleeve } from '../../core/index.ts';

export type ShutdownSignal = 'SIGTERM' | 'SIGINT';
const SIGNALS: readonly ShutdownSignal[] = ['SIGTERM', 'SIGINT'];
const SIGNAL_NUMBER: Record<ShutdownSignal, number> = { SIGINT: 2, SIGTERM: 15 };

/** How one runtime's server stops. */
export interface Stoppable {
  /** D39: the shutdown delay begins: from now on each answer closes its connection (`Connection: close`). */
  leave?(): void;
  /**
   * Stops accepting; resolves once requests in flight are answered and every connection is
   * closed. `liveGone` resolves once the live clients Sleeve told to reconnect have closed.
   */
  stop(liveGone: Promise<void>): Promise<void>;
  /** Cuts whatever connections are left (the bound has passed). */
  cut(): void;
}

/**
 * After `delayMs` (D39) of serving with `/healthz` draining, drains `sleeve`, stops `server` and
 * closes `sleeve`, all within `timeoutMs`; resolves true when everything ended in time, false
 * when what was left had to be cut. One promise for every call.
 */
export function gracefulStop(
  sleeve: Sleeve,
  server: Stoppable,
  timeoutMs: number,
  delayMs = 0,
): () => Promise<boolean> {
  let stopping: Promise<boolean> | undefined;
  const stop = async (): Promise<boolean> => {
    if (delayMs > 0) {
      sleeve.leave();
      server.leave?.();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    const liveGone = sleeve.drain();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    // The storage's close is inside the bound too: a Redis that does not answer must not hold the exit.
    const ended = server
      .stop(liveGone)
      .then(() => sleeve.close())
      .then(() => true as const);
    const clean = await Promise.race([ended, bound]);
    clearTimeout(timer);
    if (!clean) {
      sleeve.deps.log.error(`shutdown: what was still open after ${timeoutMs} ms was cut`);
      server.cut();
      sleeve.deps.log.flush?.();
    }
    return clean;
  };
  return () => (stopping ??= stop());
}

export interface SignalRuntime {
  /** Calls `handler` on each delivery of `signal`. */
  on(signal: ShutdownSignal, handler: () => void): void;
  exit(code: number): void;
}

/** Signals as Node and Bun deliver them (`process`); Deno has its own `addSignalListener`. */
export const processSignals: SignalRuntime = {
  on: (signal, handler) => void process.on(signal, handler),
  exit: (code) => process.exit(code),
};

interface Served {
  sleeve: Sleeve;
  stop(): Promise<boolean>;
  timeoutMs: number;
  /** D39: the shutdown delay before the drain (0: none). */
  delayMs?: number;
}

/** Every server of this process that exits on a signal; the handlers are installed once, whatever their number. */
const served = new Set<Served>();
let installed = false;
let received = false;

function onSignal(signal: ShutdownSignal, runtime: SignalRuntime): void {
  if (received) {
    for (const { sleeve } of served) sleeve.deps.log.flush?.();
    runtime.exit(128 + SIGNAL_NUMBER[signal]);
    return;
  }
  received = true;
  const stops = [...served].map(({ sleeve, stop, timeoutMs, delayMs = 0 }) => {
    sleeve.deps.log.info(
      delayMs > 0
        ? `${signal}: serving ${delayMs} ms more with /healthz draining, then draining; exiting within ${delayMs + timeoutMs} ms`
        : `${signal}: draining, exiting within ${timeoutMs} ms`,
    );
    return stop();
  });
  void Promise.all(stops).then((clean) => runtime.exit(clean.every(Boolean) ? 0 : 1));
}

/**
 * The first SIGTERM or SIGINT stops every server registered here gracefully, then exits (0, or
 * 1 when one had to be cut); a second one exits at once.
 */
export function exitOnSignals(instance: Served, runtime: SignalRuntime): void {
  if (!installed) for (const signal of SIGNALS) runtime.on(signal, () => onSignal(signal, runtime));
  installed = true;
  served.add(instance);
}
