/**
 * @module
 * The one context every driver is given: fetch (the runtime's, or a test's), the
 * configured storage, the clock, the logger, named per-call caches, and each upstream declared
 * once (`upstream`: its base, timeout, budget and circuit composed into the record every call
 * goes through). Built once per `createSleeve`; the request's scope (`scope.ts`)
 * travels with each call (`CallOptions.scope`), never in the context.
 */
import type { Storage } from '../../storage/storage.ts';
import type { Logger } from '../../logger.ts';
import type { Breaker } from '../../storage/breaker.ts';
import { countersFor, memoryCounters, type CounterStore } from '../../storage/counters.ts';
import { MAX_BUDGET_WAIT_MS, UPSTREAM_TIMEOUT_MS } from './bounds.ts';
import type { Upstream } from './call/call.ts';
import type { Clock } from './clock.ts';
import { createBudget, type Budget } from './budget/budget.ts';
import { createCacher, type Cacher } from '../shared/cached.ts';
import { COOLDOWN_MS, createCircuit, WINDOW_MS, type Circuit } from './circuit.ts';
import { failureLog } from './failure-log.ts';
import { shapeList, type ShapeList } from '../shared/listing.ts';
import type { FetchLike } from './call/fetch-like.ts';
import { countingFetch } from './call/counting-fetch.ts';
import { manualRedirects } from './call/manual-redirects.ts';

/** An upstream's published budget, e.g. Deezer's 50 calls per 5 s per IP. */
export interface BudgetSpec {
  name: string;
  limit: number;
  windowMs: number;
}

/** One upstream as a driver declares it (`DriverContext.upstream`). */
interface UpstreamSpec {
  /** Names it in errors and /metrics, and names its circuit: `deezer`. */
  name: string;
  /** Origin and path prefix (trailing slashes dropped); '' when each call names a whole URL. */
  base: string;
  /** Each call's time, its tries included (2.5 s unless said). */
  timeoutMs?: number;
  /** Its published budget, shared by name, or one made already; none: no budget. */
  budget?: BudgetSpec | Budget;
  /** The circuit's name when not the upstream's (one upstream, two hosts: `deezer-images`). */
  circuit?: string;
  /** Who answers, where errors should say it: `the model`. */
  speaker?: string;
  /** The setting that points Sleeve at it, named in errors: `SLEEVE_DEEZER_URL`. */
  setting?: string;
}

export interface DriverContext {
  /**
   * The runtime's fetch (or a test's), counting each call on /metrics when it is on (`counting-fetch.ts`),
   * following no redirect (`manual-redirects.ts`).
   */
  fetch: FetchLike;
  storage: Storage;
  /** The storage's one breaker: while it is open, drivers skip the storage. */
  breaker: Breaker;
  /** Unix milliseconds. */
  now(): number;
  /** The kit's clock (`clock.ts`): `now` and the runtime's timers. */
  clock: Clock;
  log: Logger;
  /**
   * One upstream, composed once: the context's fetch and clock, its budget (one per name, see
   * `budget`) and its circuit (one per name, see `circuit`), for `call` (`call.ts`).
   */
  upstream(spec: UpstreamSpec): Upstream;
  /** Wraps one upstream call in a named cache (`createCacher`, in the drivers' shared folder). */
  cached: Cacher;
  /**
   * The budget of an upstream, one per name: every driver instance of this context shares it,
   * and with Redis storage every Sleeve instance does too (they share one egress IP), unless
   * `budgetScope` is `instance`.
   */
  budget(spec: BudgetSpec): Budget;
  /** The circuit breaker of an upstream, one per name (`circuit.ts`). */
  circuit(name: string): Circuit;
  /** Every budget made so far, by upstream name: /metrics reads their figures. */
  readonly budgets: ReadonlyMap<string, Budget>;
  /**
   * A driver's listings, shaped item by item: an item of an unexpected shape is left out and
   * reported once per answer (a log line and /metrics), the rest answered (`shapeList`).
   */
  listing(driver: string): ShapeList;
}

export interface DriverContextOptions {
  storage: Storage;
  breaker: Breaker;
  /** The Sleeve's one clock (`clock.ts`); every budget, circuit, cache and call reads it. */
  clock: Clock;
  log: Logger;
  /** The runtime's fetch, or a test's. */
  fetch?: FetchLike;
  /** /metrics' counter of calls per upstream host; absent while metrics are off. */
  onCall?(host: string): void;
  /** /metrics' count of listing items left out, by upstream and list (`shapeList`). */
  onDropped?(upstream: string, list: string, dropped: number): void;
  /**
   * Where the budgets count: `shared` (default) in the storage's counters, so instances
   * on one Redis share them (one egress IP); `instance` in this process only, even with Redis
   * (each instance its own IP: Vercel, several hosts).
   */
  budgetScope?: 'shared' | 'instance';
  /** The shared counters (`shared` scope); default: the storage's own (`countersFor`). */
  counters?: CounterStore;
  /**
   * The setting errors and log lines name in place of an upstream's own, when another set its
   * address (`SleeveOptions.upstreamSettings`): `{ SLEEVE_LRCLIB_URL: 'SLEEVE_UPSTREAMS' }`.
   */
  settings?: Readonly<Record<string, string>>;
}

export function createDriverContext(options: DriverContextOptions): DriverContext {
  const counters =
    options.budgetScope === 'instance' ? memoryCounters() : (options.counters ?? countersFor(options.storage));
  const budgets = new Map<string, Budget>();
  const circuits = new Map<string, Circuit>();
  // The runtime's fetch is looked up at each call (tests stub it); it never follows a redirect itself.
  const native = manualRedirects(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const { clock } = options;
  // What each circuit's failed calls name as the setting to check (its upstream's, D65).
  const settingOf = new Map<string, string>();
  const failed = failureLog(options.log, clock.now);
  const context: DriverContext = {
    fetch: options.onCall ? countingFetch(native, options.onCall) : native,
    storage: options.storage,
    breaker: options.breaker,
    now: clock.now,
    clock,
    log: options.log,
    upstream(spec) {
      const { budget } = spec;
      const setting = spec.setting === undefined ? undefined : (options.settings?.[spec.setting] ?? spec.setting);
      if (setting !== undefined) settingOf.set(spec.circuit ?? spec.name, setting);
      return {
        name: spec.name,
        base: spec.base.replace(/\/+$/, ''),
        timeoutMs: spec.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
        fetch: context.fetch,
        clock,
        circuit: context.circuit(spec.circuit ?? spec.name),
        ...(budget === undefined ? {} : { budget: 'take' in budget ? budget : context.budget(budget) }),
        ...(spec.speaker === undefined ? {} : { speaker: spec.speaker }),
        ...(setting === undefined ? {} : { setting }),
      };
    },
    budgets,
    cached: createCacher({ storage: options.storage, breaker: options.breaker, clock }),
    listing: (driver) =>
      shapeList((what, dropped, reason) => {
        options.log.error(
          `[${driver}] answered ${dropped} item${dropped === 1 ? '' : 's'} of an unexpected shape in a listing (${what}): left out, the rest served`,
          { upstream: driver, list: what, dropped, reason },
        );
        options.onDropped?.(driver, what, dropped);
      }),
    budget(spec) {
      let budget = budgets.get(spec.name);
      if (!budget) {
        budget = createBudget({ ...spec, counters, maxWaitMs: MAX_BUDGET_WAIT_MS, clock });
        budgets.set(spec.name, budget);
      }
      return budget;
    },
    circuit(name) {
      let circuit = circuits.get(name);
      if (!circuit) {
        circuit = createCircuit({
          name,
          now: clock.now,
          // One line when an outage starts and one when it ends, never one per refused call.
          onChange: (state) =>
            state === 'open'
              ? options.log.error(
                  `[${name}] is failing (most of its calls in the last ${WINDOW_MS / 1000} s failed): calls refused for ${COOLDOWN_MS / 1000} s at a time until it answers again`,
                )
              : options.log.info(`[${name}] answers again`),
          // Each failed call, in lines bounded per upstream and cause (`failure-log.ts`).
          onFailure: (error) => failed(name, settingOf.get(name), error),
        });
        circuits.set(name, circuit);
      }
      return circuit;
    },
  };
  return context;
}
