/**
 * @module
 * The requests of the last minute or more, for the page's table of endpoints: the last samples'
 * traffic summed, so the table says what came in over a stated window rather than over one
 * sample (which reads zero seconds after traffic stops). Holds a fixed number of samples, each
 * a few numbers per family or monitoring route, from bounded sets.
 */
import { DURATION_BUCKETS } from '../observe/metrics.ts';
import { quantile } from './quantile.ts';
import type { SampleTraffic, Traffic } from './sample.ts';

/** The window the table covers at least: a minute. */
const RECENT_MS = 60_000;

/** One row: requests a second over the window, and the durations' p50 and p99 in ms (null with no request). */
export interface RecentRow {
  rate: number;
  p50: number | null;
  p99: number | null;
}

export interface RecentSummary {
  /** The seconds the summed samples cover: the window, or less since the instance started. */
  seconds: number;
  families: Map<string, RecentRow>;
  monitoring: Map<string, RecentRow>;
}

export class Recent {
  readonly #held: SampleTraffic[] = [];
  readonly #size: number;

  /** Holds enough samples of `sampleMs` to cover `RECENT_MS`, and never less than one. */
  constructor(sampleMs: number) {
    this.#size = Math.max(1, Math.ceil(RECENT_MS / sampleMs));
  }

  push(traffic: SampleTraffic): void {
    this.#held.push(traffic);
    if (this.#held.length > this.#size) this.#held.shift();
  }

  summary(): RecentSummary {
    const seconds = this.#held.reduce((sum, sample) => sum + sample.seconds, 0);
    const sum = (pick: (sample: SampleTraffic) => Map<string, Traffic>): Map<string, RecentRow> => {
      const totals = new Map<string, Traffic>();
      for (const sample of this.#held)
        for (const [name, traffic] of pick(sample)) {
          let total = totals.get(name);
          if (!total) totals.set(name, (total = { count: 0, buckets: traffic.buckets.map(() => 0) }));
          total.count += traffic.count;
          traffic.buckets.forEach((count, i) => {
            total.buckets[i]! += count;
          });
        }
      const rows = new Map<string, RecentRow>();
      for (const [name, total] of totals) {
        const p50 = quantile(0.5, DURATION_BUCKETS, total.buckets);
        const p99 = quantile(0.99, DURATION_BUCKETS, total.buckets);
        rows.set(name, {
          rate: seconds === 0 ? 0 : total.count / seconds,
          p50: p50 === undefined ? null : p50 * 1000,
          p99: p99 === undefined ? null : p99 * 1000,
        });
      }
      return rows;
    };
    return { seconds, families: sum((s) => s.families), monitoring: sum((s) => s.monitoring) };
  }
}
