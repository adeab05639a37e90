/**
 * @module
 * One sample of `/status`'s history, from the `/metrics` registry's figures: each counter's
 * change since the last sample, as a rate, and each gauge as it stands. Run by the sampler's
 * timer (`board.ts`), never on a request's way, so a cache hit pays nothing for the page.
 * The last sample's counters are kept to subtract from, keyed by names from bounded sets.
 */
import { DURATION_BUCKETS, type MetricsFigures } from '../observe/metrics.ts';
import { failedOf, sentOf } from '../observe/upstreams.ts';
import { quantile } from './quantile.ts';

/** `/search/all` → `search`; the families the page groups endpoints into. */
function familyOf(route: string): string {
  if (route === 'unmatched') return 'unmatched';
  return route.split('/')[1] || 'home';
}

/** Requests and their durations since the last sample, for one family or one monitoring route. */
export interface Traffic {
  count: number;
  /** Counts per `DURATION_BUCKETS` bucket, the last one above every bound. */
  buckets: number[];
}

/** What one sample saw come in: the seconds it covers, clients' traffic by family, monitoring's by route. */
export interface SampleTraffic {
  seconds: number;
  families: Map<string, Traffic>;
  monitoring: Map<string, Traffic>;
}

const noTraffic = (): Traffic => ({ count: 0, buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0) });

/** Takes samples: each call, the series' values since the one before. */
export class Sampler {
  /** Counter name → its value at the last sample. */
  readonly #last = new Map<string, number>();
  #lastAt = 0;
  /**
   * Declared paths of the endpoints operators' tools poll (`monitoring: true`): their requests
   * are counted apart, so the page's own polls, scrapes and probes never read as clients' traffic.
   */
  readonly #monitoring: ReadonlySet<string>;
  /** The last sample's traffic, for the board's window of recent requests. */
  traffic: SampleTraffic = { seconds: 0, families: new Map(), monitoring: new Map() };

  constructor(monitoring: ReadonlySet<string> = new Set()) {
    this.#monitoring = monitoring;
  }

  /** The values of one sample at `at` (Unix ms); the first sample has rates of 0. */
  take(at: number, figures: MetricsFigures): Map<string, number> {
    const seconds = this.#lastAt === 0 ? 0 : Math.max(0.001, (at - this.#lastAt) / 1000);
    this.#lastAt = at;
    const out = new Map<string, number>();
    /**
     * A counter's change since the last sample; 0 on the first. A counter first seen now started
     * at 0 after the last sample (the registry makes a route's counters at its first request).
     */
    const delta = (name: string, value: number): number => {
      const before = this.#last.get(name) ?? 0;
      this.#last.set(name, value);
      return seconds === 0 ? 0 : Math.max(0, value - before);
    };
    const rate = (change: number) => (seconds === 0 ? 0 : change / seconds);

    let requests = 0;
    let clientErrors = 0;
    let limited = 0;
    let serverErrors = 0;
    let hit = 0;
    let miss = 0;
    let stale = 0;
    let monitoringRequests = 0;
    const families = new Map<string, Traffic>();
    const monitoring = new Map<string, Traffic>();
    for (const [route, r] of figures.routes) {
      const polled = this.#monitoring.has(route);
      let routeCount = 0;
      for (const [key, count] of r.answered) {
        const change = delta(`answered ${route} ${key}`, count);
        routeCount += change;
        if (polled) continue;
        const status = Number(key.slice(key.indexOf(' ') + 1));
        if (status === 429) limited += change;
        if (status >= 400 && status < 500) clientErrors += change;
        else if (status >= 500) serverErrors += change;
      }
      const cached = [delta(`hit ${route}`, r.hit), delta(`miss ${route}`, r.miss), delta(`stale ${route}`, r.stale)];
      if (polled) monitoringRequests += routeCount;
      else {
        requests += routeCount;
        hit += cached[0]!;
        miss += cached[1]!;
        stale += cached[2]!;
      }
      const group = polled ? monitoring : families;
      const key = polled ? route : familyOf(route);
      let f = group.get(key);
      if (!f) group.set(key, (f = noTraffic()));
      f.count += routeCount;
      r.buckets.forEach((count, i) => {
        f.buckets[i]! += delta(`bucket ${route} ${i}`, count);
      });
    }
    out.set('requests', rate(requests));
    out.set('requests.4xx', rate(clientErrors));
    out.set('requests.429', rate(limited));
    out.set('requests.5xx', rate(serverErrors));
    out.set('requests.monitoring', rate(monitoringRequests));
    this.traffic = { seconds, families, monitoring };
    for (const [family, f] of families) {
      out.set(`family.${family}.rate`, rate(f.count));
      const p50 = quantile(0.5, DURATION_BUCKETS, f.buckets);
      const p99 = quantile(0.99, DURATION_BUCKETS, f.buckets);
      if (p50 !== undefined) out.set(`family.${family}.p50`, p50 * 1000);
      if (p99 !== undefined) out.set(`family.${family}.p99`, p99 * 1000);
    }
    const cached = hit + miss + stale;
    if (cached > 0) {
      out.set('cache.hit', hit / cached);
      out.set('cache.miss', miss / cached);
      out.set('cache.stale', stale / cached);
    }
    if (figures.cache) {
      out.set('cache.entries', figures.cache.entries);
      out.set('cache.bytes', figures.cache.bytes);
    }

    for (const [name, budget] of figures.budgets) {
      out.set(`budget.${name}.taken`, rate(delta(`taken ${name}`, budget.stats.taken)));
      out.set(`budget.${name}.refused`, rate(delta(`budget refused ${name}`, budget.stats.refused)));
      out.set(`budget.${name}.queued`, budget.stats.queued);
    }
    for (const u of figures.upstreams.values()) {
      if (u.allowancePerSecond !== undefined) out.set(`budget.${u.name}.allowance`, u.allowancePerSecond);
      // Requests sent (what the upstream received), and calls its budget or circuit kept back.
      const sent = delta(`sent ${u.name}`, sentOf(u));
      const failed = delta(`failed ${u.name}`, failedOf(u));
      const judged = sent - delta(`cancelled ${u.name}`, u.results.cancelled);
      const refused = delta(`refused ${u.name}`, u.refused.budget + u.refused.circuit);
      out.set(`upstream.${u.name}.calls`, rate(sent) * 60);
      out.set(`upstream.${u.name}.refused`, rate(refused) * 60);
      if (judged > 0) out.set(`upstream.${u.name}.failureRate`, failed / judged);
      out.set(`upstream.${u.name}.open`, u.circuit === 'closed' ? 0 : 1);
    }
    if (figures.deferred) {
      out.set('completions.running', figures.deferred.running);
      out.set('completions.dropped', delta('completions dropped', figures.deferred.dropped));
    }
    if (figures.retryAfterSeconds !== undefined) out.set('retryAfter', figures.retryAfterSeconds);
    if (figures.memory) {
      out.set('memory.rss', figures.memory.residentBytes);
      out.set('memory.heap', figures.memory.heapUsedBytes);
      if (figures.memory.heapLimitBytes !== undefined) out.set('memory.heapLimit', figures.memory.heapLimitBytes);
    }
    return out;
  }
}
