/** @module The shape of `/status/feed`'s answer: a leaf, so the schemas and the board both import it. */

/** One upstream's row of the page. */
interface StatusUpstream {
  name: string;
  circuit: 'closed' | 'open' | 'half-open';
  callsPerMinute: number;
  failureRate: number | null;
  lastFailure: string | null;
  lastFailureAt: number | null;
  allowancePerSecond: number | null;
  takenPerSecond: number | null;
  queued: number | null;
}

/**
 * What `/status/feed` answers, written out: it reaches the public API (`Deps.status`), where
 * JSR wants every type explicit; its schema (`schemas/responses/status.ts`) is held to it.
 */
export interface StatusFeed {
  now: number;
  instance: {
    version: string;
    mode: string;
    storage: string;
    startedAt: number;
    uptimeSeconds: number;
    draining: boolean;
    scope: 'process' | 'isolate';
  };
  /** What this instance cannot show, in words, each said on the page. */
  lacks: string[];
  sampleMs: number;
  pollMs: number;
  slots: number;
  upstreams: StatusUpstream[];
  completions: { running: number; dropped: number } | null;
  retryAfterSeconds: number | null;
  cache: { entries: number; bytes: number; limitBytes: number } | null;
  memory: { residentBytes: number; heapUsedBytes: number; heapLimitBytes: number | null } | null;
  families: { family: string; rate: number; p50: number | null; p99: number | null }[];
  history: { times: number[]; series: Record<string, (number | null)[]> };
}
