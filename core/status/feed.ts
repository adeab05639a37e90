/** @module The shape of `/status/feed`'s answer: a leaf, so the schemas and the board both import it. */
import type { CallResult } from '../drivers/kit/index.ts';

/** How requests sent to an upstream ended (`sleeve_upstream_results_total`'s `result`, `kit/call/report.ts`). */
type CallResults = Record<CallResult, number>;

/** One upstream's row of the page. */
interface StatusUpstream {
  name: string;
  circuit: 'closed' | 'open' | 'half-open';
  /** Requests sent (each try, each redirect: what the upstream received), a minute, at the last sample. */
  callsPerMinute: number;
  /** Calls its budget or its circuit kept back, never sent, a minute, at the last sample. */
  refusedPerMinute: number;
  /** Of the requests sent at the last sample, the share that failed (those their caller gave up left out). */
  failureRate: number | null;
  /** Since start: requests sent, by how they ended. */
  results: CallResults;
  /** Since start: calls never sent, by what refused them. */
  refused: { budget: number; circuit: number };
  lastFailure: string | null;
  lastFailureAt: number | null;
  allowancePerSecond: number | null;
  takenPerSecond: number | null;
  queued: number | null;
}

/** Requests a second over the feed's recent window, and their durations (ms), of a family or a route. */
interface StatusTraffic {
  rate: number;
  p50: number | null;
  p99: number | null;
}

/**
 * What `/healthz` answers now, as the page's header says it: `serving` (200, every check
 * passed), `degraded` (200, a check failed), `unreachable` (503: neither upstream answers),
 * `draining` (503, shutting down).
 */
export interface StatusHealth {
  state: 'serving' | 'degraded' | 'unreachable' | 'draining';
  /** The HTTP status `/healthz` answers. */
  httpStatus: number;
  /** The names of the checks that failed (`upstream-music-api`, …). */
  failing: string[];
}

/**
 * What the board gives: the feed but for the health, which the route asks as `/healthz` does.
 * Written out: it reaches the public API (`Deps.status`), where JSR wants every type explicit.
 */
export interface StatusBoardFeed {
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
  completions: { running: number; dropped: number; broken: number } | null;
  retryAfterSeconds: number | null;
  cache: { entries: number; bytes: number; limitBytes: number } | null;
  memory: { residentBytes: number; heapUsedBytes: number; heapLimitBytes: number | null } | null;
  /** The seconds `families` and `monitoring` cover: the last minute, or less since the start. */
  recentSeconds: number;
  /** Clients' requests by endpoint family; the monitoring endpoints' are apart, in `monitoring`. */
  families: ({ family: string } & StatusTraffic)[];
  /** Requests to the endpoints operators' tools poll (probes, `/metrics`, this page and its feed), by route. */
  monitoring: ({ route: string } & StatusTraffic)[];
  history: { times: number[]; series: Record<string, (number | null)[]> };
}

/** What `/status/feed` answers; its schema (`schemas/responses/status.ts`) is held to it. */
export interface StatusFeed extends StatusBoardFeed {
  health: StatusHealth;
}
