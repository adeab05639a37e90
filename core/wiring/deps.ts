/**
 * @module
 * What every handler and service is given: the resolved options, the drivers, the storage and
 * a clock. Built once per `createSleeve` call; nothing here reads a runtime global.
 */
import type { Storage } from '../storage/storage.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Breaker } from '../storage/breaker.ts';
import type { CounterStore } from '../storage/counters.ts';
import type { Metrics } from '../observe/metrics.ts';
import type { StatusBoard } from '../status/board.ts';
import type { Logger } from '../logger.ts';
import type { ResolvedOptions } from './options.ts';
import type { Drivers } from '../drivers/contracts/drivers.ts';
import type { Clock } from '../drivers/kit/index.ts';

export interface Deps {
  options: ResolvedOptions;
  drivers: Drivers;
  storage: Storage;
  /** The storage's breaker: while it is open, caches and counters are skipped. */
  breaker: Breaker;
  /** Where the rate limits and the shared budgets count: the `counters` option, else the storage's own. */
  counters: CounterStore;
  /** What the start-up line says of the mode and its upstreams. */
  summary: string;
  /**
   * The one clock, built from the `now` option so tests can move time (radio, cache expiry,
   * limits): its `now()` (Unix ms) and the timers every wait of the frame, its cache and the
   * drivers' kit goes through (`kit/clock.ts`).
   */
  clock: Clock;
  log: Logger;
  /** What /metrics reports; absent unless metrics are on, and then nothing is counted. */
  metrics?: Metrics;
  /** Graceful shutdown (D34): whether the instance is draining, and the live streams to tell. */
  lifecycle: Lifecycle;
  /**
   * Live mode: how long the upstream budgets need to serve every call waiting now and `more`
   * after them (ms, the busiest budget's): what a 503's `Retry-After` is built from.
   */
  backlogMs?(more: number): number;
  /**
   * Live mode: how long until `more` calls of deferred answers (`http/cache/deferred.ts`) could
   * expect their turns, behind every fresh request's (ms, the busiest budget's): a deferred answer's
   * promise.
   */
  deferredMs?(more: number): number;
  /** `/status`: its history and feed; absent unless `SLEEVE_STATUS=1`. */
  status?: StatusBoard;
}
