/**
 * @module
 * What `/metrics` reports (D20), counted in process while `SLEEVE_METRICS=1`; without it no
 * registry exists and nothing is counted. Every label has a bounded set of values: `route` is an
 * endpoint's declared path or `unmatched` (never the URL asked), `method` one of the methods HTTP
 * names or `other`, `status` the statuses Sleeve answers, `upstream` the hosts the drivers may
 * call (configured bases and the fixed hosts of short links and Deezer's pictures). Counters
 * start with the process, as Prometheus expects of counters; each instance reports its own.
 */
import { CALL_RESULTS, type Budget } from '../drivers/kit/index.ts';
import { Exposition } from './exposition.ts';
import type { UpstreamFigures, UpstreamWatch } from './upstreams.ts';

/** Seconds: a cache hit takes well under a millisecond, a slow upstream call seconds (3 s at most waiting for a turn). */
export const DURATION_BUCKETS: readonly number[] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);

export interface Metrics {
  /** One answered request, `/batch` sub-requests included; `cache` is its `X-Cache`. */
  request(route: string, method: string, status: number, seconds: number, cache: string | null): void;
  /** One HTTP request made by a driver, by host (every request at the fetch, AzuraCast's live feed included). */
  upstreamCall(host: string): void;
  /** Items of one upstream listing left out for their shape; `list` is the driver's name for it. */
  droppedItems(upstream: string, list: string, dropped: number): void;
  /** Live mode's deferred answers (`http/cache/deferred.ts`), read at each scrape from then on. */
  watchDeferred(deferred: DeferredFigures): void;
  /** The exposition text. */
  render(): string;
  /** The same figures as objects, for `/status`'s sampler (`core/status/`): live references, read, never changed. */
  figures(): MetricsFigures;
}

/** What `/status` reads of the registry: the counters as they stand, no text made. */
export interface MetricsFigures {
  readonly routes: ReadonlyMap<string, Readonly<RouteFigures>>;
  readonly budgets: ReadonlyMap<string, Budget>;
  readonly upstreams: ReadonlyMap<string, UpstreamFigures>;
  readonly deferred: DeferredFigures | undefined;
  readonly memory: ProcessMemory | undefined;
  readonly cache: CacheFigures | undefined;
  readonly draining: boolean;
  readonly retryAfterSeconds: number | undefined;
}

/** The answer cache in process (the `memory` storage): what it holds now, and its bound (`SLEEVE_CACHE_MB`). */
export interface CacheFigures {
  entries: number;
  bytes: number;
  limitBytes: number;
}

/** What /metrics reads of the deferred answers (the answers a 503 promised). */
interface DeferredFigures {
  readonly running: number;
  readonly dropped: number;
  readonly broken: number;
}

export interface MetricsOptions {
  version: string;
  mode: string;
  /** Unix milliseconds when this Sleeve was made. */
  startedAt: number;
  /** The upstream budgets made so far (live mode), read at each scrape. */
  budgets(): ReadonlyMap<string, Budget>;
  /** The process's memory, where the server adapter reads it (core reads no runtime global). */
  memory?: () => ProcessMemory;
  /** Each upstream's circuit and call outcomes (`upstreams.ts`), live mode. */
  upstreams?: UpstreamWatch;
  /** Whether the instance is draining (shutting down or in its shutdown delay). */
  draining?(): boolean;
  /** The answer cache's entries and bytes, when the storage is held in this process. */
  cache?(): CacheFigures | undefined;
  /** Live mode: the `Retry-After` (s) a 503 for want of budget turns would carry now. */
  retryAfterSeconds?(): number;
  /** The declared paths of the cached endpoints: their cache states are sampled from start-up, at zero. */
  cachedRoutes?: readonly string[];
}

/** What a process holds, in bytes. */
export interface ProcessMemory {
  residentBytes: number;
  heapUsedBytes: number;
  /** The heap's limit, where the runtime has one (V8's, set from the memory plan). */
  heapLimitBytes?: number;
}

interface RouteFigures {
  /** `METHOD STATUS` → requests. */
  answered: Map<string, number>;
  /** Per bucket of `DURATION_BUCKETS`, plus one for slower. */
  buckets: number[];
  sum: number;
  hit: number;
  miss: number;
  stale: number;
  limited: number;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const routes = new Map<string, RouteFigures>();
  const upstream = new Map<string, number>();
  /** `upstream list` → items left out; both parts are names written in the drivers, so bounded. */
  const dropped = new Map<string, number>();
  let deferred: DeferredFigures | undefined;

  const figuresOf = (route: string): RouteFigures => {
    let figures = routes.get(route);
    if (!figures) {
      figures = {
        answered: new Map(),
        buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
        sum: 0,
        hit: 0,
        miss: 0,
        stale: 0,
        limited: 0,
      };
      routes.set(route, figures);
    }
    return figures;
  };

  return {
    request(route, method, status, seconds, cache) {
      const figures = figuresOf(route);
      const key = `${METHODS.has(method) ? method : 'other'} ${status}`;
      figures.answered.set(key, (figures.answered.get(key) ?? 0) + 1);
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
      figures.buckets[bucket]!++;
      figures.sum += seconds;
      if (cache === 'HIT') figures.hit++;
      else if (cache === 'MISS') figures.miss++;
      else if (cache === 'STALE') figures.stale++;
      if (status === 429) figures.limited++;
    },
    upstreamCall(host) {
      upstream.set(host, (upstream.get(host) ?? 0) + 1);
    },
    watchDeferred(figures) {
      deferred = figures;
    },
    droppedItems(name, list, count) {
      const key = `${name}\n${list}`;
      dropped.set(key, (dropped.get(key) ?? 0) + count);
    },
    figures() {
      return {
        routes,
        budgets: options.budgets(),
        upstreams: options.upstreams?.upstreams ?? new Map(),
        deferred,
        memory: options.memory?.(),
        cache: options.cache?.(),
        draining: options.draining?.() ?? false,
        retryAfterSeconds: options.retryAfterSeconds?.(),
      };
    },
    render() {
      const out = new Exposition();
      out
        .family('sleeve_info', 'gauge', 'The Sleeve version and mode this instance serves; always 1.')
        .sample('sleeve_info', { version: options.version, mode: options.mode }, 1);
      out
        .family('process_start_time_seconds', 'gauge', 'When this Sleeve instance started, in Unix seconds.')
        .sample('process_start_time_seconds', {}, Math.round(options.startedAt / 1000));
      const memory = options.memory?.();
      if (memory) {
        out
          .family('process_resident_memory_bytes', 'gauge', 'Resident memory of this process, in bytes.')
          .sample('process_resident_memory_bytes', {}, memory.residentBytes);
        out
          .family('sleeve_heap_used_bytes', 'gauge', 'JavaScript heap in use, garbage not yet collected included.')
          .sample('sleeve_heap_used_bytes', {}, memory.heapUsedBytes);
        if (memory.heapLimitBytes !== undefined) {
          out
            .family('sleeve_heap_limit_bytes', 'gauge', "The JavaScript heap's limit (set from SLEEVE_CACHE_MB).")
            .sample('sleeve_heap_limit_bytes', {}, memory.heapLimitBytes);
        }
      }

      out.family(
        'sleeve_requests_total',
        'counter',
        'Requests answered, by endpoint, method and status; /batch sub-requests count under their own endpoint too.',
      );
      for (const [route, figures] of routes) {
        for (const [key, count] of figures.answered) {
          const [method, status] = key.split(' ') as [string, string];
          out.sample('sleeve_requests_total', { route, method, status }, count);
        }
      }
      out.family('sleeve_request_duration_seconds', 'histogram', 'Time until the response was ready, by endpoint.');
      for (const [route, figures] of routes)
        out.histogram('sleeve_request_duration_seconds', { route }, DURATION_BUCKETS, figures.buckets, figures.sum);
      out.family('sleeve_cache_total', 'counter', 'Answers of cached endpoints by X-Cache state.');
      // The cached endpoints from start-up (a dashboard's shares read the series before any answer),
      // then any other route that answered from the cache.
      const cached = new Set(options.cachedRoutes);
      for (const route of new Set([...cached, ...routes.keys()])) {
        const { hit, miss, stale } = routes.get(route) ?? { hit: 0, miss: 0, stale: 0 };
        if (hit + miss + stale === 0 && !cached.has(route)) continue;
        out
          .sample('sleeve_cache_total', { route, state: 'hit' }, hit)
          .sample('sleeve_cache_total', { route, state: 'miss' }, miss)
          .sample('sleeve_cache_total', { route, state: 'stale' }, stale);
      }
      out.family('sleeve_rate_limited_total', 'counter', 'Requests refused with 429, by endpoint.');
      for (const [route, { limited }] of routes) out.sample('sleeve_rate_limited_total', { route }, limited);

      out.family(
        'sleeve_upstream_calls_total',
        'counter',
        'HTTP requests the drivers sent, by host (every try and redirect, and the live feeds the radio watches).',
      );
      for (const [host, count] of upstream) out.sample('sleeve_upstream_calls_total', { upstream: host }, count);
      out.family(
        'sleeve_upstream_items_dropped_total',
        'counter',
        'Items of upstream listings left out because they had an unexpected shape; the rest of each answer was served.',
      );
      for (const [key, count] of dropped) {
        const [name, list] = key.split('\n') as [string, string];
        out.sample('sleeve_upstream_items_dropped_total', { upstream: name, list }, count);
      }
      const budgets = options.budgets();
      out.family(
        'sleeve_budget_waits_total',
        'counter',
        "Upstream calls that queued for their upstream's budget before going out.",
      );
      for (const [name, budget] of budgets)
        out.sample('sleeve_budget_waits_total', { upstream: name }, budget.stats.waited);
      out.family(
        'sleeve_budget_refused_total',
        'counter',
        "Upstream calls refused with 503 because the budget's wait would pass 3 s or its queue was full.",
      );
      for (const [name, budget] of budgets)
        out.sample('sleeve_budget_refused_total', { upstream: name }, budget.stats.refused);
      out.family('sleeve_budget_queued', 'gauge', "Upstream calls waiting for their upstream's budget now.");
      for (const [name, budget] of budgets) out.sample('sleeve_budget_queued', { upstream: name }, budget.stats.queued);
      renderMore(out, options, budgets);
      // Zeros where nothing is deferred (demo mode): a dashboard's panel reads a series, not "No data".
      out.family(
        'sleeve_completions_running',
        'gauge',
        'Answers refused 503 for want of budget turns, being completed in the background now.',
      );
      out.sample('sleeve_completions_running', {}, deferred?.running ?? 0);
      out.family(
        'sleeve_completions_dropped_total',
        'counter',
        'Answers refused 503 for want of budget turns whose work was dropped: the deferred answers were at their bound or the queue too long to promise.',
      );
      out.sample('sleeve_completions_dropped_total', {}, deferred?.dropped ?? 0);
      // A promise broken is what D66 says never happens: a series an operator can alert on.
      out.family(
        'sleeve_completions_broken_total',
        'counter',
        'Answers a 503 promised with Retry-After that were not made and held by then (D66): promises broken.',
      );
      out.sample('sleeve_completions_broken_total', {}, deferred?.broken ?? 0);
      return out.text();
    },
  };
}

/** The series `/status` and its Grafana dashboard read: budgets' turns, circuits, the cache, draining. */
function renderMore(out: Exposition, options: MetricsOptions, budgets: ReadonlyMap<string, Budget>): void {
  out.family('sleeve_budget_taken_total', 'counter', "Upstream calls let through by their upstream's budget.");
  for (const [name, budget] of budgets) out.sample('sleeve_budget_taken_total', { upstream: name }, budget.stats.taken);
  const upstreams = options.upstreams?.upstreams ?? new Map<string, UpstreamFigures>();
  out.family(
    'sleeve_budget_allowance_per_second',
    'gauge',
    "The upstream's published call allowance, per second (Deezer: 50 per 5 s); Sleeve keeps under 96% of it.",
  );
  for (const figures of upstreams.values())
    if (figures.allowancePerSecond !== undefined)
      out.sample('sleeve_budget_allowance_per_second', { upstream: figures.name }, figures.allowancePerSecond);
  out.family(
    'sleeve_upstream_results_total',
    'counter',
    'Requests sent to each upstream (each try of a call, each redirect followed), by how they ended: ok, http_4xx, http_5xx, timeout, unreachable, bad_answer, cancelled (the caller gave up first).',
  );
  for (const figures of upstreams.values())
    for (const result of CALL_RESULTS)
      out.sample('sleeve_upstream_results_total', { upstream: figures.name, result }, figures.results[result]);
  out.family(
    'sleeve_upstream_refused_total',
    'counter',
    'Upstream calls never sent, by what refused them: budget (no turn in time, 503 with Retry-After), circuit (open: the upstream is failing).',
  );
  for (const figures of upstreams.values()) {
    out
      .sample('sleeve_upstream_refused_total', { upstream: figures.name, by: 'budget' }, figures.refused.budget)
      .sample('sleeve_upstream_refused_total', { upstream: figures.name, by: 'circuit' }, figures.refused.circuit);
  }
  out.family(
    'sleeve_circuit_open',
    'gauge',
    "1 while the upstream's circuit is open or half-open (its calls refused at once, but for one trial), 0 when closed.",
  );
  for (const figures of upstreams.values())
    out.sample('sleeve_circuit_open', { upstream: figures.name }, figures.circuit === 'closed' ? 0 : 1);
  out.family(
    'sleeve_upstream_last_failure_seconds',
    'gauge',
    "When the upstream's last failed request ended, Unix seconds; 0 while none has failed.",
  );
  for (const figures of upstreams.values())
    out.sample(
      'sleeve_upstream_last_failure_seconds',
      { upstream: figures.name },
      Math.round(figures.lastFailureAt / 1000),
    );
  out
    .family(
      'sleeve_retry_after_seconds',
      'gauge',
      "The Retry-After a client refused for want of budget turns would be told now (the busiest budget's backlog); 0 without a budget (demo mode).",
    )
    .sample('sleeve_retry_after_seconds', {}, options.retryAfterSeconds?.() ?? 0);
  const cache = options.cache?.();
  if (cache) {
    out
      .family('sleeve_cache_entries', 'gauge', 'Entries the in-process answer cache holds now.')
      .sample('sleeve_cache_entries', {}, cache.entries);
    out
      .family(
        'sleeve_cache_bytes',
        'gauge',
        'Bytes the in-process answer cache holds now, as counted against its bound.',
      )
      .sample('sleeve_cache_bytes', {}, cache.bytes);
    out
      .family('sleeve_cache_limit_bytes', 'gauge', "The in-process answer cache's bound (SLEEVE_CACHE_MB).")
      .sample('sleeve_cache_limit_bytes', {}, cache.limitBytes);
  }
  if (options.draining) {
    out
      .family('sleeve_draining', 'gauge', '1 once the instance is shutting down or in its shutdown delay.')
      .sample('sleeve_draining', {}, options.draining() ? 1 : 0);
  }
}
