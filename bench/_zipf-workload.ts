/**
 * @module
 * The Zipf workload of `npm run bench:upstream` (issue #35): a few hundred clients, each its
 * own address (X-Forwarded-For through SLEEVE_TRUST_PROXY=1), ask a live Sleeve for paths
 * drawn from a Zipf distribution over a few thousand keys (`_zipf-keys.ts`), at a steady
 * rate of Poisson arrivals: open loop, so slow answers never slow the arrivals, as with real
 * users. Each Sleeve is a real server process on its own replay in quota mode (Deezer's 50
 * calls per 5 s), so the budget's waits are what a deployment would see.
 *
 * The schedule (when, which client, which path) is computed up front from the seed; every
 * Sleeve of the run gets the very same one. Sleeves run side by side, each request sent to
 * all of them at the same instant: they share no budget (each has its own replay and quota),
 * their work is mostly waiting for budget turns, and the machine's drift then hits both alike.
 */
import { startReplay, type Replay, type ReplayCall } from '../replay/server.ts';
import { busiestWindow } from '../replay/sliding-window.ts';
import { startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { runEntry } from './_run.ts';
import { zipfKeys } from './_zipf-keys.ts';
import { poissonGapMs, seeded, zipfSampler } from './_zipf.ts';

export interface ZipfSettings {
  seconds: number;
  /** Arrivals a second, all clients together. */
  rate: number;
  clients: number;
  keys: number;
  /** The Zipf exponent (see `_zipf.ts`). */
  s: number;
  seed: number;
  timeoutMs: number;
  /** Requests open at once per Sleeve; an arrival past it is counted as dropped, never queued. */
  maxInFlight: number;
  /** When > 0, the table adds rows counting only what was sent from this second on (the cache warm). */
  warmupSeconds: number;
}

export interface Arrival {
  atMs: number;
  client: number;
  path: string;
}

/** Spec §8.1, requests per minute per client: the schedule keeps every client within them. */
const LIMITS: Readonly<Record<string, number>> = {
  '/search/all': 60, '/search/albums': 60, '/search/artist': 60, '/search/playlists': 30, '/artist/discography': 60,
  '/artist/top-tracks': 60, '/artist/similar': 60, '/artist/info': 60, '/track/related': 60, '/track/info': 60,
  '/track/isrc': 60, '/track/hot': 30, '/album/info': 60, '/album/new-releases': 30, '/playlist/generate': 30, '/editorial/genres': 60,
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
  const recent = new Map<string, number[]>();
  const arrivals: Arrival[] = [];
  let skipped = 0;
  for (let atMs = poissonGapMs(settings.rate, random); atMs < settings.seconds * 1000; atMs += poissonGapMs(settings.rate, random)) {
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
        arrivals.push({ atMs, client, path });
        break;
      }
    }
    // Every client at its limit (only with very few clients): the arrival is not made.
    if (arrivals.at(-1)?.atMs !== atMs) skipped++;
  }
  return { keys, arrivals, skipped };
}

interface Outcome {
  /** When it was sent, from the start of the run. */
  atMs: number;
  endpoint: string;
  /** 0: timed out or failed before an answer; -1: dropped at the in-flight cap. */
  status: number;
  cache: string | null;
  ms: number;
}

interface Target {
  name: string;
  child: ChildServer;
  replay: Replay;
  outcomes: Outcome[];
  inFlight: number;
}

const UA = 'bench/1.0 (bench@example.com)';

async function startTarget(name: string, root: string, quota: { limit: number; windowMs: number }): Promise<Target> {
  const replay = await startReplay({ quota });
  try {
    const env = { ...replay.env, SLEEVE_MODE: 'live', SLEEVE_TRUST_PROXY: '1', SLEEVE_LOG: 'off', SLEEVE_STORAGE: 'memory' };
    // The other checkout runs from its own folder, with its own node_modules, as http.ts starts it.
    const child = await startChild(...runEntry('node', 'adapters/node-main.ts', root), env, 60_000, root === '.' ? undefined : root);
    return { name, child, replay, outcomes: [], inFlight: 0 };
  } catch (error) {
    await replay.close();
    throw error;
  }
}

async function send(target: Target, arrival: Arrival, timeoutMs: number, maxInFlight: number): Promise<void> {
  const endpoint = endpointOf(arrival.path);
  if (target.inFlight >= maxInFlight) {
    target.outcomes.push({ atMs: arrival.atMs, endpoint, status: -1, cache: null, ms: 0 });
    return;
  }
  target.inFlight++;
  const started = performance.now();
  try {
    const res = await fetch(`${target.child.url}${arrival.path}`, {
      headers: { 'user-agent': UA, 'x-forwarded-for': clientAddress(arrival.client) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    target.outcomes.push({ atMs: arrival.atMs, endpoint, status: res.status, cache: res.headers.get('x-cache'), ms: performance.now() - started });
  } catch {
    target.outcomes.push({ atMs: arrival.atMs, endpoint, status: 0, cache: null, ms: performance.now() - started });
  } finally {
    target.inFlight--;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const share = (n: number, of: number): string => `${((100 * n) / Math.max(1, of)).toFixed(2)}% (${n})`;

/** Runs the workload on this checkout's Sleeve and, with `before`, that checkout's; prints a Markdown section. */
export async function zipfWorkload(settings: ZipfSettings, quota: { limit: number; windowMs: number }, before: string | undefined): Promise<void> {
  const { keys, arrivals, skipped } = zipfSchedule(settings);
  const targets: Target[] = [];
  try {
    if (before !== undefined) targets.push(await startTarget('before', before, quota));
    targets.push(await startTarget('this checkout', '.', quota));
    const started = performance.now();
    const startedAt = Date.now();
    const pending: Promise<void>[] = [];
    let nextReport = 60_000;
    for (const arrival of arrivals) {
      const wait = arrival.atMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      for (const target of targets) pending.push(send(target, arrival, settings.timeoutMs, settings.maxInFlight));
      if (arrival.atMs >= nextReport) {
        process.stderr.write(`zipf: ${Math.round(arrival.atMs / 1000)} s of ${settings.seconds}, ${targets.map((t) => `${t.name} ${t.inFlight} in flight`).join(', ')}\n`);
        nextReport += 60_000;
      }
    }
    // Every request ends by its timeout at the latest.
    await Promise.all(pending);
    const elapsed = (performance.now() - started) / 1000;
    report(settings, keys, arrivals, skipped, targets, quota, elapsed, startedAt);
  } finally {
    await Promise.all(targets.map((t) => t.child.stop()));
    await Promise.all(targets.map((t) => t.replay.close()));
  }
}

function report(
  settings: ZipfSettings, keys: string[], arrivals: Arrival[], skipped: number, targets: Target[], quota: { windowMs: number; limit: number }, elapsed: number, startedAt: number,
): void {
  const distinct = new Set(arrivals.map((a) => a.path)).size;
  const clients = new Set(arrivals.map((a) => a.client)).size;
  const head = arrivals.filter((a) => a.path === keys[0]).length;
  console.log(`## Zipf workload: ${arrivals.length} requests in ${settings.seconds} s (${(arrivals.length / settings.seconds).toFixed(1)}/s, Poisson arrivals, open loop)\n`);
  console.log(
    `${clients} clients (distinct X-Forwarded-For addresses, SLEEVE_TRUST_PROXY=1, each within the spec's per-minute limits` +
      `${skipped > 0 ? `; ${skipped} arrivals skipped with every client at its limit` : ''}) ask for ` +
      `${distinct} distinct paths of ${keys.length} keys drawn Zipf(s = ${settings.s}) (the top key ${head} times; seed ${settings.seed}). ` +
      `Each Sleeve is a real server (Node, memory storage) on its own replay in quota mode (${quota.limit} calls / sliding ${quota.windowMs / 1000} s); ` +
      `both get the same requests at the same instants (side by side). Request timeout ${settings.timeoutMs / 1000} s, at most ${settings.maxInFlight} in flight per Sleeve; ` +
      `all settled after ${elapsed.toFixed(0)} s.\n`,
  );
  console.log('Fresh: a 2xx with X-Cache HIT or MISS (or none), with the count of HITs. Answered: fresh, stale or 404. Calls: everything the replay received (Deezer, ReccoBeats, …).\n');
  console.log(`| Sleeve | answered | fresh | stale | 404 | 503 | other | p50 ms | p99 ms | upstream calls | calls / answered | Deezer calls | quota bodies | max Deezer calls in ${quota.windowMs / 1000} s |`);
  console.log('|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  const fromMs = settings.warmupSeconds * 1000;
  for (const target of targets) row(target.name, target.outcomes, target.replay.calls, quota);
  if (fromMs > 0) {
    for (const target of targets) {
      const outcomes = target.outcomes.filter((o) => o.atMs >= fromMs);
      row(`${target.name}, from ${settings.warmupSeconds} s`, outcomes, target.replay.calls.filter((c) => c.at >= startedAt + fromMs), quota);
    }
  }
  console.log('');
  byMinute(arrivals, targets);
  byEndpoint(arrivals, targets);
}

/** One line of the table: outcomes sent in a span and the calls the replay received in it. */
function row(name: string, all: Outcome[], calls: readonly ReplayCall[], quota: { windowMs: number }): void {
  const stale = all.filter((o) => o.cache === 'STALE' && o.status >= 200 && o.status < 300).length;
  const fresh = all.filter((o) => o.status >= 200 && o.status < 300 && o.cache !== 'STALE').length;
  const hits = all.filter((o) => o.status >= 200 && o.status < 300 && o.cache === 'HIT').length;
  const notFound = all.filter((o) => o.status === 404).length;
  const unavailable = all.filter((o) => o.status === 503).length;
  const answered = fresh + stale + notFound;
  const others = new Map<string, number>();
  for (const o of all) {
    if ((o.status >= 200 && o.status < 300) || o.status === 404 || o.status === 503) continue;
    const label = o.status === 0 ? 'timeout/error' : o.status === -1 ? 'dropped (in-flight cap)' : String(o.status);
    others.set(label, (others.get(label) ?? 0) + 1);
  }
  const times = all.filter((o) => o.status > 0).map((o) => o.ms).sort((a, b) => a - b);
  const deezer = calls.filter((c) => c.upstream === 'deezer');
  const quotaBodies = calls.filter((c) => c.body === 'quota').length;
  const other = [...others].map(([label, n]) => `${label}: ${n}`).join(', ') || '–';
  console.log(
    `| ${name} | ${share(answered, all.length)} | ${share(fresh, all.length)}, ${hits} HIT | ${share(stale, all.length)} | ${share(notFound, all.length)} | ` +
      `${share(unavailable, all.length)} | ${other} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ` +
      `${calls.length} | ${(calls.length / Math.max(1, answered)).toFixed(3)} | ${deezer.length} | ${quotaBodies} | ` +
      `${busiestWindow(deezer.map((c) => c.at), quota.windowMs)} |`,
  );
}

const isAnswered = (o: Outcome): boolean => (o.status >= 200 && o.status < 300) || o.status === 404;

/** The run minute by minute: the cache starts cold, so the first minutes' new keys need more calls than the budget's 8 a second. */
function byMinute(arrivals: Arrival[], targets: Target[]): void {
  const minutes = Math.ceil((arrivals.at(-1)?.atMs ?? 0) / 60_000);
  const seen = new Set<string>();
  const fresh = new Array<number>(minutes).fill(0);
  for (const a of arrivals) {
    if (!seen.has(a.path)) fresh[Math.floor(a.atMs / 60_000)]! += 1;
    seen.add(a.path);
  }
  console.log('By minute of the run: requests, of which for a path not asked before (cold everywhere), then each Sleeve\'s answered share, 503s and p99 ms.\n');
  console.log(`| minute | requests | new paths |${targets.map((t) => ` ${t.name}: answered | 503 | p99 ms |`).join('')}`);
  console.log(`|---:|---:|---:|${targets.map(() => '---:|---:|---:|').join('')}`);
  for (let m = 0; m < minutes; m++) {
    const inMinute = (o: { atMs: number }) => Math.floor(o.atMs / 60_000) === m;
    const cells = targets.map((t) => {
      const all = t.outcomes.filter(inMinute);
      const times = all.filter((o) => o.status > 0).map((o) => o.ms).sort((a, b) => a - b);
      return ` ${((100 * all.filter(isAnswered).length) / Math.max(1, all.length)).toFixed(1)}% | ${all.filter((o) => o.status === 503).length} | ${percentile(times, 99).toFixed(0)} |`;
    });
    console.log(`| ${m + 1} | ${arrivals.filter(inMinute).length} | ${fresh[m]} |${cells.join('')}`);
  }
  console.log('');
}

/** 503s by endpoint: which answers the budget could not give within its bound (those needing more calls wait more turns). */
function byEndpoint(arrivals: Arrival[], targets: Target[]): void {
  const endpoints = [...new Set(arrivals.map((a) => endpointOf(a.path)))].sort();
  console.log('By endpoint: requests, then each Sleeve\'s 503s and p99 ms.\n');
  console.log(`| endpoint | requests |${targets.map((t) => ` ${t.name}: 503 | p99 ms |`).join('')}`);
  console.log(`|---|---:|${targets.map(() => '---:|---:|').join('')}`);
  for (const endpoint of endpoints) {
    const cells = targets.map((t) => {
      const all = t.outcomes.filter((o) => o.endpoint === endpoint);
      const times = all.filter((o) => o.status > 0).map((o) => o.ms).sort((a, b) => a - b);
      return ` ${all.filter((o) => o.status === 503).length} | ${percentile(times, 99).toFixed(0)} |`;
    });
    console.log(`| \`${endpoint}\` | ${arrivals.filter((a) => endpointOf(a.path) === endpoint).length} |${cells.join('')}`);
  }
  console.log('');
}
