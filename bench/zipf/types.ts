/**
 * @module
 * What the Zipf workload (`workload.ts`) and its report (`report.ts`) both speak
 * of: its settings, its arrivals and what each request got. Apart, so neither imports the other.
 */

export interface ZipfSettings {
  seconds: number;
  /** Arrivals a second, all clients together. */
  rate: number;
  clients: number;
  keys: number;
  /** The Zipf exponent (see `sampler.ts`). */
  s: number;
  seed: number;
  timeoutMs: number;
  /** Requests open at once per Sleeve; an arrival past it is counted as dropped, never queued. */
  maxInFlight: number;
  /** When > 0, the table adds rows counting only what was sent from this second on (the cache warm). */
  warmupSeconds: number;
  /** false: a 503 with Retry-After is not asked again (BENCH_ZIPF_RETRY=0); otherwise it is, once. */
  retry?: boolean;
  /** A client honours a Retry-After of at most this many seconds; past it, it does not ask again (BENCH_ZIPF_RETRY_MAX). */
  retryMaxS?: number;
}

export interface Arrival {
  atMs: number;
  client: number;
  path: string;
  /**
   * 0 to 100 ms added to a retry's Retry-After: from the seed, so a run repeats, and fixed per
   * arrival, so a request both Sleeves answer 503 is retried by both after the same delay.
   */
  jitterMs: number;
}

/** What one request got. */
export interface Answer {
  /** 0: timed out or failed before an answer; -1: dropped at the in-flight cap. */
  status: number;
  cache: string | null;
  /** From sending to the body's end. */
  ms: number;
}

export interface Outcome extends Answer {
  /** When it was sent, from the start of the run. */
  atMs: number;
  endpoint: string;
  /** A 503's Retry-After in seconds, when it had a usable one. */
  retryAfterS?: number;
  /** The one retry of a 503 with Retry-After; `afterMs`: how long after the first answer it was sent. */
  retry?: Answer & { afterMs: number };
}
