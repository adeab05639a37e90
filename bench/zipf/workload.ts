/**
 * @module
 * The Zipf workload of `npm run bench:upstream` (issue #35): a few hundred clients, each its
 * own address (X-Forwarded-For through SLEEVE_TRUST_PROXY=1), ask a live Sleeve for paths
 * drawn from a Zipf distribution over a few thousand keys (`keys.ts`), at a steady
 * rate of Poisson arrivals: open loop, so slow answers never slow the arrivals, as with real
 * users. Each Sleeve is a real server process on its own replay in quota mode (Deezer's 50
 * calls per 5 s), so the budget's waits are what a deployment would see.
 *
 * The schedule (when, which client, which path) is computed up front from the seed; every
 * Sleeve of the run gets the very same one. Sleeves run side by side, each request sent to
 * all of them at the same instant: they share no budget (each has its own replay and quota),
 * their work is mostly waiting for budget turns, and the machine's drift then hits both alike.
 *
 * Clients honour `Retry-After` once (issue #43): a 503 that names a delay is asked again by the
 * same client, with the same headers, that delay later (plus up to 100 ms of jitter, so the
 * retries of one burst do not land on one instant), and the retry's answer is kept beside the
 * first. A retry is scheduled, never awaited by the arrivals: the load stays open loop.
 * While the workload runs each Sleeve's budget queue is sampled (`metrics.ts`); the
 * tables are `report.ts`'s.
 */
import { basename } from 'node:path';
import { startReplay, type Replay } from '../../replay/server.ts';
import { startChild, type ChildServer } from '../../test/helpers/child-server.ts';
import { runEntry, startEntry } from '../harness/run.ts';
import { zipfKeys } from './keys.ts';
import { sampleQueue, type Sampler } from './metrics.ts';
import { report, type ZipfResult } from './report.ts';
import { poissonGapMs, seeded, zipfSampler } from './sampler.ts';
import type { Answer, Arrival, Outcome, ZipfSettings } from './types.ts';

export type { Arrival, ZipfSettings } from './types.ts';

/** The rate limits, requests per minute per client: the schedule keeps every client within them. */
const LIMITS: Readonly<Record<string, number>> = {
  '/search/all': 60,
  '/search/albums': 60,
  '/search/artist': 60,
  '/search/playlists': 30,
  '/artist/discography': 60,
  '/artist/top-tracks': 60,
  '/artist/similar': 60,
  '/artist/info': 60,
  '/track/related': 60,
  '/track/info': 60,
  '/track/isrc': 60,
  '/track/hot': 30,
  '/album/info': 60,
  '/album/new-releases': 30,
  '/playlist/generate': 30,
  '/editorial/genres': 60,
};

const endpointOf = (path: string): string => path.split('?')[0] ?? path;

/** 198.18.0.0/15 is set aside for benchmarks (RFC 2544): client i's address. */
export const clientAddress = (client: number): string => `198.18.${(client >> 8) & 255}.${client & 255}`;

/**
 * The run's arrivals. A client is picked at random; when it has already made its limit of
 * requests to that endpoint in the past 60 s (a sliding minute, so any aligned minute D8 counts
 * holds no more), the next client takes the request instead; when every client is at its limit
 * (a handful of clients only), the arrival is skipped and counted.
 */
export function zipfSchedule(settings: ZipfSettings): { keys: string[]; arrivals: Arrival[]; skipped: number } {
  const random = seeded(settings.seed);
  const keys = zipfKeys(settings.keys, random);
  const rank = zipfSampler(keys.length, settings.s, random);
  // A stream of its own: the arrivals are the same whether or not clients retry.
  const jitter = seeded(settings.seed + 1);
  const recent = new Map<string, number[]>();
  const arrivals: Arrival[] = [];
  let skipped = 0;
  for (
    let atMs = poissonGapMs(settings.rate, random);
    atMs < settings.seconds * 1000;
    atMs += poissonGapMs(settings.rate, random)
  ) {
    const path = keys[rank() - 1] ?? '/track/hot';
    const endpoint = endpointOf(path);
    const limit = LIMITS[endpoint] ?? 30;
    const first = Math.floor(random() * settings.clients);
    for (let tries = 0; tries < settings.clients; tries++) {
      const client = (first + tries) % settings.clients;
      const times = recent.get(`${client} ${endpoint}`) ?? [];
      while (times.length > 0 && (times[0] ?? 0) <= atMs - 60_000) times.shift();
      if (times.length < limit) {
        times.push(atMs);
        recent.set(`${client} ${endpoint}`, times);
        arrivals.push({ atMs, client, path, jitterMs: 100 * jitter() });
        break;
      }
    }
    // Every client at its limit (only with very few clients): the arrival is not made.
    if (arrivals.at(-1)?.atMs !== atMs) skipped++;
  }
  return { keys, arrivals, skipped };
}

interface Target {
  name: string;
  child: ChildServer;
  replay: Replay;
  sampler: Sampler;
  outcomes: Outcome[];
  inFlight: number;
  /** Retries waiting for their Retry-After. */
  retrying: number;
}

const UA = 'bench/1.0 (bench@example.com)';

async function startTarget(name: string, root: string, quota: { limit: number; windowMs: number }): Promise<Target> {
  const replay = await startReplay({ quota });
  try {
    const env = {
      ...replay.env,
      SLEEVE_MODE: 'live',
      SLEEVE_TRUST_PROXY: '1',
      SLEEVE_LOG: 'off',
      SLEEVE_STORAGE: 'memory',
      SLEEVE_METRICS: '1',
    };
    // The other checkout runs from its own folder, with its own node_modules, as http.ts starts it.
    const child = await startChild(
      ...runEntry('node', startEntry('node', root), root),
      env,
      60_000,
      root === '.' ? undefined : root,
    );
    return { name, child, replay, sampler: { stop: async () => undefined }, outcomes: [], inFlight: 0, retrying: 0 };
  } catch (error) {
    await replay.close();
    throw error;
  }
}

/** One request of `client` for `path`, within the in-flight cap (past it: -1, not sent). */
async function ask(
  target: Target,
  client: number,
  path: string,
  timeoutMs: number,
  maxInFlight: number,
): Promise<Answer & { retryAfter: string | null }> {
  if (target.inFlight >= maxInFlight) return { status: -1, cache: null, ms: 0, retryAfter: null };
  target.inFlight++;
  const started = performance.now();
  try {
    const res = await fetch(`${target.child.url}${path}`, {
      headers: { 'user-agent': UA, 'x-forwarded-for': clientAddress(client) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return {
      status: res.status,
      cache: res.headers.get('x-cache'),
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return { status: 0, cache: null, ms: performance.now() - started, retryAfter: null };
  } finally {
    target.inFlight--;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Sleeve sends Retry-After in whole seconds (D13); anything else is not retried. */
const seconds = (header: string | null): number | undefined =>
  header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;

/** An arrival on one Sleeve and, after a 503 with Retry-After, its one retry; settles when both have. */
async function send(target: Target, arrival: Arrival, settings: ZipfSettings): Promise<void> {
  const first = await ask(target, arrival.client, arrival.path, settings.timeoutMs, settings.maxInFlight);
  const outcome: Outcome = {
    atMs: arrival.atMs,
    endpoint: endpointOf(arrival.path),
    status: first.status,
    cache: first.cache,
    ms: first.ms,
  };
  target.outcomes.push(outcome);
  const retryAfterS = first.status === 503 ? seconds(first.retryAfter) : undefined;
  if (retryAfterS === undefined) return;
  outcome.retryAfterS = retryAfterS;
  if (settings.retry === false || retryAfterS > (settings.retryMaxS ?? Infinity)) return;
  const afterMs = retryAfterS * 1000 + arrival.jitterMs;
  target.retrying++;
  await sleep(afterMs);
  target.retrying--;
  const again = await ask(target, arrival.client, arrival.path, settings.timeoutMs, settings.maxInFlight);
  outcome.retry = { status: again.status, cache: again.cache, ms: again.ms, afterMs };
}

/**
 * Runs the workload on each checkout of `before` (in order) and on this checkout's Sleeve, every
 * arrival sent to all of them at once (interleaved in one run, so the machine's load is the
 * same for each); prints a Markdown section.
 */
export async function zipfWorkload(
  settings: ZipfSettings,
  quota: { limit: number; windowMs: number },
  before: readonly string[],
): Promise<void> {
  const { keys, arrivals, skipped } = zipfSchedule(settings);
  const targets: Target[] = [];
  try {
    for (const root of before) targets.push(await startTarget(`before: ${basename(root)}`, root, quota));
    targets.push(await startTarget('this checkout', '.', quota));
    for (const target of targets) target.sampler = sampleQueue(target.child.url);
    const started = performance.now();
    const startedAt = Date.now();
    const pending: Promise<void>[] = [];
    let nextReport = 60_000;
    for (const arrival of arrivals) {
      const wait = arrival.atMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      for (const target of targets) pending.push(send(target, arrival, settings));
      if (arrival.atMs >= nextReport) {
        const state = targets.map((t) => `${t.name} ${t.inFlight} in flight, ${t.retrying} retries waiting`);
        process.stderr.write(
          `zipf: ${Math.round(arrival.atMs / 1000)} s of ${settings.seconds}, ${state.join('; ')}\n`,
        );
        nextReport += 60_000;
      }
    }
    // Every request ends by its timeout at the latest, and a retry by its Retry-After and timeout.
    await Promise.all(pending);
    const elapsed = (performance.now() - started) / 1000;
    const results: ZipfResult[] = [];
    for (const t of targets)
      results.push({ name: t.name, outcomes: t.outcomes, calls: t.replay.calls, samples: await t.sampler.stop() });
    report({ settings, keys, arrivals, skipped, quota, elapsed, startedAt }, results);
  } finally {
    await Promise.all(targets.map((t) => t.sampler.stop()));
    await Promise.all(targets.map((t) => t.child.stop()));
    await Promise.all(targets.map((t) => t.replay.close()));
  }
}
