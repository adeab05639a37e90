/**
 * @module
 * `/status`'s state: the history, filled by a timer every `sampleMs` on the injected clock, and
 * the feed the page polls: the history plus what stands now (circuits, queues, memory, the
 * instance). A sample is also taken when the feed is read and one is due, so a runtime whose
 * timers do not run between requests (a Worker's isolate) still fills its history while watched.
 *
 * It names no one: every figure is an aggregate of the `/metrics` registry, whose labels are
 * declared routes, upstream names and statuses, never an address, a user agent or a query.
 */
import { CALL_RESULTS, every, type CallResult, type Clock } from '../drivers/kit/index.ts';
import type { Metrics } from '../observe/metrics.ts';
import type { StatusBoardFeed } from './feed.ts';
import { History } from './history.ts';
import type { ResolvedStatus, StatusTimer } from './options.ts';
import { Recent, type RecentRow } from './recent.ts';
import { Sampler } from './sample.ts';

interface StatusInstance {
  version: string;
  mode: string;
  storage: string;
  /** Unix ms. */
  startedAt: number;
}

export interface StatusBoard {
  readonly history: History;
  /** Takes a sample now when one is due (`sampleMs` since the last), as the timer does. */
  tick(): void;
  /** The feed but for the health, which the route asks as `/healthz` does. */
  feed(): StatusBoardFeed;
  stop(): void;
}

export interface StatusBoardOptions {
  status: ResolvedStatus;
  metrics: Metrics;
  /** The Sleeve's clock: what samples are stamped with and, unless `status.timer` is given, timed on. */
  clock: Pick<Clock, 'now' | 'timer'>;
  instance: StatusInstance;
  /** Declared paths of the endpoints operators' tools poll (`monitoring: true`), counted apart from clients'. */
  monitoring?: ReadonlySet<string>;
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const rounded = (row: RecentRow): RecentRow => ({
  rate: round3(row.rate),
  p50: row.p50 === null ? null : round3(row.p50),
  p99: row.p99 === null ? null : round3(row.p99),
});
/** A budget's name with no upstream watched under it: nothing sent. */
const NO_RESULTS = Object.fromEntries(CALL_RESULTS.map((result) => [result, 0])) as Record<CallResult, number>;

/** Every `ms` on the clock, not holding a server process open; Workers refuse timers outside a request: then none. */
const clockTimer =
  (clock: Pick<Clock, 'timer'>): StatusTimer =>
  (tick, ms) =>
    every(clock, ms, tick, { background: true });

export function createStatusBoard(options: StatusBoardOptions): StatusBoard {
  const { status, metrics, clock, instance } = options;
  const { now } = clock;
  const history = new History(status.slots);
  const sampler = new Sampler(options.monitoring);
  const recent = new Recent(status.sampleMs);
  const tick = () => {
    const at = now();
    // A little early still counts: timers drift, and a late tick would skip a slot.
    if (history.length > 0 && at - history.lastAt < status.sampleMs * 0.9) return;
    history.push(at, sampler.take(at, metrics.figures()));
    recent.push(sampler.traffic);
  };
  let stop = () => {};
  try {
    stop = (status.timer ?? clockTimer(clock))(tick, status.sampleMs);
  } catch {
    // No timer here (a Worker at start-up): the feed samples when it is read.
  }
  tick();

  const lacksOf = (figures: ReturnType<Metrics['figures']>): string[] => {
    const lacks: string[] = [];
    if (instance.mode === 'demo')
      lacks.push(
        'Demo mode calls no upstream: no budget, circuit or upstream call to show (a chat model, if set, is not tracked here).',
      );
    if (!figures.memory) lacks.push('This runtime gives no process memory figures: RSS and heap are not shown.');
    else if (figures.memory.heapLimitBytes === undefined)
      lacks.push('This runtime sets no heap limit (Bun): the heap is shown without one.');
    if (!figures.cache)
      lacks.push(
        `The answer cache is held in ${instance.storage}, not in this process: its entries and bytes are not counted here.`,
      );
    if (status.scope === 'isolate')
      lacks.push(
        "Figures are this isolate's: another isolate of the same deployment has its own, and the history lives only as long as the isolate (sampled while the page is open).",
      );
    return lacks;
  };

  return {
    history,
    tick,
    stop: () => stop(),
    feed() {
      tick();
      const at = now();
      const figures = metrics.figures();
      const last = (name: string) => history.last(name) ?? null;
      const names = new Set([...figures.upstreams.keys(), ...figures.budgets.keys()]);
      const requests = recent.summary();
      return {
        now: at,
        instance: {
          ...instance,
          uptimeSeconds: Math.max(0, Math.round((at - instance.startedAt) / 1000)),
          draining: figures.draining,
          scope: status.scope,
        },
        lacks: lacksOf(figures),
        sampleMs: status.sampleMs,
        pollMs: status.pollMs,
        slots: status.slots,
        upstreams: [...names].sort().map((name) => {
          const u = figures.upstreams.get(name);
          const budget = figures.budgets.get(name);
          return {
            name,
            circuit: u?.circuit ?? 'closed',
            callsPerMinute: last(`upstream.${name}.calls`) ?? 0,
            refusedPerMinute: last(`upstream.${name}.refused`) ?? 0,
            failureRate: last(`upstream.${name}.failureRate`),
            results: { ...(u?.results ?? NO_RESULTS) },
            refused: { ...(u?.refused ?? { budget: 0, circuit: 0 }) },
            lastFailure: u?.lastFailure ?? null,
            lastFailureAt: u && u.lastFailureAt > 0 ? u.lastFailureAt : null,
            allowancePerSecond: u?.allowancePerSecond ?? null,
            takenPerSecond: last(`budget.${name}.taken`),
            queued: budget ? budget.stats.queued : null,
          };
        }),
        completions: figures.deferred
          ? { running: figures.deferred.running, dropped: figures.deferred.dropped, broken: figures.deferred.broken }
          : null,
        retryAfterSeconds: figures.retryAfterSeconds ?? null,
        cache: figures.cache ?? null,
        memory: figures.memory
          ? {
              residentBytes: figures.memory.residentBytes,
              heapUsedBytes: figures.memory.heapUsedBytes,
              heapLimitBytes: figures.memory.heapLimitBytes ?? null,
            }
          : null,
        recentSeconds: Math.round(requests.seconds),
        families: [...requests.families].sort(byName).map(([family, row]) => ({ family, ...rounded(row) })),
        monitoring: [...requests.monitoring].sort(byName).map(([route, row]) => ({ route, ...rounded(row) })),
        history: history.toJSON(),
      };
    },
  };
}
