/** @module The service's own answers: `/healthz`, `/livez`, `/readyz`, `/errors`, the `/batch` envelope and the self-description (`/`, `/openapi.json`). */
import * as v from 'valibot';
import { count, int } from './common.ts';

const check = v.strictObject({
  name: v.picklist(['upstream-music-api', 'upstream-audio-features', 'cache-backend']),
  ok: v.boolean(),
  status: int,
  latencyMs: count,
});

/** D13: 200 (`ok`, or `degraded` when a check failed), 503 with the same body when both upstream checks failed or (`draining`) the instance is shutting down. */
export const healthSchema = v.strictObject({
  /** `draining`: shutting down, 503, no check run. */
  status: v.picklist(['ok', 'degraded', 'draining']),
  version: v.string(),
  releasedAt: v.string(),
  timestamp: v.string(),
  elapsedMs: count,
  checks: v.array(check),
  degraded: v.boolean(),
});

/** D55: the process answers; always 200, draining or not (a restart would not help a draining instance). */
export const livenessSchema = v.strictObject({
  status: v.literal('live'),
});

/** D55: 200 `ready`; 503 `draining` (D34, D39, no check run) or `unready` (the storage neither answered nor failed in time). */
export const readinessSchema = v.strictObject({
  status: v.picklist(['ready', 'draining', 'unready']),
  /** `ok`: it answered; `fallback`: it failed or is skipped, and requests are answered without it; `unchecked`: draining. */
  storage: v.picklist(['ok', 'fallback', 'unanswered', 'unchecked']),
});

export const errorsListSchema = v.strictObject({
  /** The body shape since 3.0.0; pins below 3.0.0 answer `{ "error": "<message>" }`. */
  shape: v.string(),
  errors: v.array(v.strictObject({ code: v.string(), status: int, meaning: v.string() })),
});

/** One sub-request's outcome; `body` is that endpoint's own answer or error. */
const subResponse = v.strictObject({
  status: int,
  elapsedMs: count,
  cache: v.nullable(v.picklist(['HIT', 'MISS'])),
  body: v.unknown(),
});

export const batchSchema = v.strictObject({
  count: count,
  succeeded: count,
  failed: count,
  elapsedMs: count,
  /** Keyed by each request's `id` (its index when absent; `_2`, `_3`… on repeats). */
  responses: v.record(v.string(), subResponse),
});

const link = v.pipe(v.string(), v.url());

/** `GET /` for API clients (a browser gets a page): what the service is, and absolute links onward. */
export const landingSchema = v.strictObject({
  name: v.string(),
  description: v.string(),
  version: v.string(),
  mode: v.picklist(['demo', 'live']),
  links: v.strictObject({ docs: link, openapi: link, llms: link, health: link }),
});
export type LandingBody = v.InferOutput<typeof landingSchema>;

/** `/openapi.json`, checked loosely here: the tests hold it against OpenAPI 3.1's own schema. */
export const openApiSchema = v.looseObject({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  servers: v.array(v.looseObject({ url: v.string() })),
  paths: v.record(v.string(), v.looseObject({})),
  components: v.looseObject({}),
});
