/**
 * @module
 * Rate limits: per client IP, per endpoint bucket (the canonical path, so aliases and
 * version prefixes share it), fixed one-minute windows counted in the configured storage.
 * Both header families go on every limited response (pins below 3.0.0: only `X-RateLimit-*`),
 * 429 adds `Retry-After`. A failure of a shared counter store lets the request through:
 * limits are a courtesy to upstreams, and an outage of Redis must not take the API down with
 * it. In-process counters (memory and fs storage) never touch the storage, so they always count.
 *
 * Why not a library: docs/decisions.md, D8.
 */
import type { Context } from 'hono';
import { SleeveError } from '../../errors.ts';
import type { Breaker } from '../../storage/breaker.ts';
import { countThrough, type CounterStore, type WindowCount } from '../../storage/counters.ts';
import { clientIp } from '../conn/client-ip.ts';
import type { ClientAddressing } from '../../wiring/client-addressing.ts';
import { REMEMBERED_QUERY_LENGTH } from '../query-memo.ts';
import { setBounded } from '../../utils/bounded-map.ts';
import { addHeaders, versionOf, type SleeveEnv } from '../context.ts';
import type { FrameLayer, NextStep } from '../frame-chain.ts';
import type { Count, Layer } from '../pipeline.ts';
import type { VersionInfo } from '../versions.ts';

const WINDOW_MS: number = 60_000;
/** Clients whose counter key a limiter keeps made (the most recent; a flood only starts it afresh). */
const REMEMBERED_CLIENTS = 1024;

export interface RateLimitOptions {
  /** The bucket: the endpoint's canonical path. */
  bucket: string;
  /** Requests per window, already scaled by `rateLimits`. */
  limit: number;
  store: CounterStore;
  now(): number;
  /** How the client counted is told (`conn/client-ip.ts`). */
  clients: ClientAddressing;
  /** Skips a shared store's counters while it is down; the request is then let through. */
  breaker: Breaker;
}

export function limitHeaders(
  version: VersionInfo,
  limit: number,
  remaining: number,
  resetAt: number,
  now: number,
): Record<string, string> {
  const max = String(limit);
  // Not String(): V8 keeps every number String() writes in a cache of its own, so a count that
  // changes per request put a string per request into the old generation (the collector's work
  // under the memory plan's heap, docs/performance.md). toFixed writes the same digits uncached.
  const left = remaining.toFixed(0);
  const at = String(Math.ceil(resetAt / 1000));
  if (version.rateLimitHeaders === 'x-only')
    return { 'X-RateLimit-Limit': max, 'X-RateLimit-Remaining': left, 'X-RateLimit-Reset': at };
  // One literal, not a spread of the legacy family: this runs on every limited request.
  return {
    'RateLimit-Limit': max,
    'RateLimit-Remaining': left,
    'RateLimit-Reset': String(Math.max(0, Math.ceil((resetAt - now) / 1000))),
    'X-RateLimit-Limit': max,
    'X-RateLimit-Remaining': left,
    'X-RateLimit-Reset': at,
  };
}

/**
 * A counted request against its window: over `limit`, the 429 (`refusal` words it, given the
 * seconds to wait) with both header families and `Retry-After`; else the headers its answer
 * carries. Shared by the per-minute limits and the AI routes' hourly budgets.
 */
function admission(
  version: VersionInfo,
  hit: WindowCount,
  limit: number,
  now: number,
  refusal: (retry: string) => string,
): Record<string, string> {
  const headers = limitHeaders(version, limit, Math.max(0, limit - hit.count), hit.resetAt, now);
  if (hit.count > limit) {
    const retry = String(Math.max(1, Math.ceil((hit.resetAt - now) / 1000)));
    throw new SleeveError('rate_limited', refusal(retry), { headers: { ...headers, 'Retry-After': retry } });
  }
  return headers;
}

/** `admission`, its headers given to this request's answer. */
export function admit(
  c: Context<SleeveEnv>,
  hit: WindowCount,
  limit: number,
  now: number,
  refusal: (retry: string) => string,
): void {
  addHeaders(c, admission(versionOf(c), hit, limit, now, refusal));
}

/** Headers for the answer; undefined while the storage is down (let through, uncounted). */
type Checked = Record<string, string> | undefined;

/**
 * The layer: its core is `count`, one request of `ip` now, the headers its answer carries, or
 * the 429 thrown (or rejected, with a shared store). The hit path counts a held hit with it,
 * and the full form is built around it.
 */
export function rateLimit(options: RateLimitOptions): Layer {
  const { bucket, limit, store } = options;
  const refusal = (retry: string) =>
    `Too many requests to ${bucket}: at most ${limit} per minute per client. Retry in ${retry} s.`;
  const admitted = (version: VersionInfo, hit: WindowCount | null, now: number): Checked =>
    hit ? admission(version, hit, limit, now, refusal) : undefined;
  // Each client's counter key, made once: a hit then looks its count up with a string whose hash is known.
  const keys = new Map<string | undefined, string>();
  const keyOf = (ip: string | undefined) => {
    let key = keys.get(ip);
    if (key === undefined) {
      key = `${bucket}|${ip ?? 'unknown'}`;
      if (key.length <= REMEMBERED_QUERY_LENGTH) setBounded(keys, ip, key, REMEMBERED_CLIENTS);
    }
    return key;
  };
  const count: Count = (version, ip, now): Checked | Promise<Checked> => {
    const hit = countThrough(options.breaker, store, keyOf(ip), now, WINDOW_MS);
    return hit instanceof Promise ? hit.then((h) => admitted(version, h, now)) : admitted(version, hit, now);
  };
  const passed = (c: Context<SleeveEnv>, next: NextStep, headers: Checked) => {
    if (headers) addHeaders(c, headers);
    return next();
  };
  // Not `async`: with in-process counters a request passes without waiting on a promise.
  const full: FrameLayer = (c, next) => {
    const headers = count(versionOf(c), clientIp(c, options.clients), options.now());
    return headers instanceof Promise ? headers.then((h) => passed(c, next, h)) : passed(c, next, headers);
  };
  return { kind: 'count', count, full };
}

/** The limit a declaration gets under `rateLimits` (a factor, or `off`); undefined: not limited. */
export function scaledLimit(perMinute: number | undefined, factor: number | 'off'): number | undefined {
  if (perMinute === undefined || factor === 'off') return undefined;
  return Math.max(1, Math.round(perMinute * factor));
}
