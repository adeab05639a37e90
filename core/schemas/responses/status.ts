/** @module `/status/feed` (D52): the figures the status page draws, this instance's aggregates only. */
import * as v from 'valibot';
import { CALL_RESULTS, type CallResult } from '../../drivers/kit/index.ts';
import type { StatusFeed } from '../../status/feed.ts';

const figure = v.nullable(v.number());
type Results = Record<CallResult, v.NumberSchema<undefined>>;
const upstream = v.strictObject({
  name: v.string(),
  circuit: v.picklist(['closed', 'open', 'half-open']),
  callsPerMinute: v.number(),
  refusedPerMinute: v.number(),
  failureRate: figure,
  results: v.strictObject(Object.fromEntries(CALL_RESULTS.map((result) => [result, v.number()])) as Results),
  refused: v.strictObject({ budget: v.number(), circuit: v.number() }),
  /** A word from a fixed list (timeout, unreachable, http 5xx, …), never an upstream's text. */
  lastFailure: v.nullable(v.string()),
  lastFailureAt: figure,
  allowancePerSecond: figure,
  takenPerSecond: figure,
  queued: figure,
});

export const statusFeedSchema: v.GenericSchema<StatusFeed> = v.strictObject({
  now: v.number(),
  instance: v.strictObject({
    version: v.string(),
    mode: v.string(),
    storage: v.string(),
    startedAt: v.number(),
    uptimeSeconds: v.number(),
    draining: v.boolean(),
    scope: v.picklist(['process', 'isolate']),
  }),
  lacks: v.array(v.string()),
  sampleMs: v.number(),
  pollMs: v.number(),
  slots: v.number(),
  upstreams: v.array(upstream),
  completions: v.nullable(v.strictObject({ running: v.number(), dropped: v.number(), broken: v.number() })),
  retryAfterSeconds: figure,
  cache: v.nullable(v.strictObject({ entries: v.number(), bytes: v.number(), limitBytes: v.number() })),
  memory: v.nullable(v.strictObject({ residentBytes: v.number(), heapUsedBytes: v.number(), heapLimitBytes: figure })),
  recentSeconds: v.number(),
  families: v.array(v.strictObject({ family: v.string(), rate: v.number(), p50: figure, p99: figure })),
  monitoring: v.array(v.strictObject({ route: v.string(), rate: v.number(), p50: figure, p99: figure })),
  health: v.strictObject({
    state: v.picklist(['serving', 'degraded', 'unreachable', 'draining']),
    httpStatus: v.number(),
    failing: v.array(v.string()),
  }),
  history: v.strictObject({
    times: v.array(v.number()),
    series: v.record(v.string(), v.array(figure)),
  }),
});
