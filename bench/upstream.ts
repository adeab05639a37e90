/**
 * @module
 * `npm run bench:upstream`: what live mode costs Deezer, measured against the replay (no
 * network). For each music endpoint on a fresh live Sleeve: the upstream calls of the cold
 * request, of the same request again (warm: answered from the caches, expected 0), and the
 * cold request's time, which includes waits for the budget's turns (4 calls a 500-ms slot).
 * Then the budget under load (D13): a burst of 300 distinct cold requests with the replay
 * in quota mode, and 100 identical concurrent cold requests. Then the Zipf workload
 * (`zipf/workload.ts`): minutes of many clients' requests on real server processes, this
 * checkout's Sleeve and, with BENCH_BEFORE, another checkout's, side by side. Prints Markdown
 * for a note. Not a test: times depend on the machine.
 *
 * Knobs (Zipf workload): BENCH_ZIPF_SECONDS=600 (0 skips it)  BENCH_ZIPF_RATE=18 (requests a second)
 * BENCH_ZIPF_CLIENTS=300  BENCH_ZIPF_KEYS=3000  BENCH_ZIPF_S=1  BENCH_ZIPF_SEED=35  BENCH_ZIPF_ONLY=1 (skip the other sections)
 * BENCH_ZIPF_WARMUP=0 (seconds; > 0 adds rows counting only what was sent after them, the cache warm)
 * BENCH_ZIPF_RETRY=1 (0: clients do not ask again after a 503's Retry-After)
 * BENCH_ZIPF_RETRY_MAX=120 (seconds: a client honours one Retry-After of at most this, issue #52; past it, it gives up)
 * BENCH_BEFORE=<checkout>[,<checkout>…] (each with its own node_modules) runs those checkouts' Sleeves beside this
 * one, every arrival sent to all of them in one run (issue #52: `51520d0`, the branch point and this one).
 *
 * Issue #43's workload (20 clients, Zipf over ~700 keys, 150 s, ~25 requests a second), beside the code before:
 *   BENCH_ZIPF_ONLY=1 BENCH_ZIPF_SECONDS=150 BENCH_ZIPF_RATE=25 BENCH_ZIPF_CLIENTS=20 BENCH_ZIPF_KEYS=700 \
 *   BENCH_BEFORE=<checkout before>[,<another>] npm run bench:upstream
 * Its goals, printed beside each Sleeve's figures: first answers' p99 ≤ 3 s, ≥ 99.5% answered in the end
 * (after one retry), budget use ≥ 95% while clients wait, never more than 50 Deezer calls in 5 s.
 */
import { createSleeve, type Sleeve } from '../core/index.ts';
import { startReplay, type Replay, type ReplayCall } from '../replay/server.ts';
import { busiestWindow } from '../replay/sliding-window.ts';
import { zipfWorkload } from './zipf/workload.ts';

const UA = 'bench/1.0 (bench@example.com)';
const quiet = { info() {}, error() {} };
const QUOTA = { limit: 50, windowMs: 5000 };

const ENDPOINTS: string[] = [
  '/search/all?query=daft%20punk',
  '/search/albums?query=daft%20punk',
  '/search/artist?query=daft%20punk',
  '/search/playlists?query=top',
  '/track/info?artist=Daft%20Punk&title=Harder%2C%20Better%2C%20Faster%2C%20Stronger',
  '/track/isrc?isrc=GBDUW0000059',
  '/track/related?isrc=GBDUW0000059',
  '/track/related?artist=Daft%20Punk&title=Harder%2C%20Better%2C%20Faster%2C%20Stronger',
  '/track/hot',
  '/track/hot?country=FR',
  '/artist/info?id=27',
  '/artist/info?artist=Daft%20Punk',
  '/artist/top-tracks?id=27',
  '/artist/similar?id=27',
  '/artist/discography?id=27',
  '/artist/discography?artist=Daft%20Punk',
  '/album/info?id=302127',
  '/album/info?query=discovery',
  '/album/new-releases',
  '/playlist/generate?genres=electro',
  '/playlist/generate?genres=pop&energy=0.8&tempo=120&limit=20',
  '/nowplaying',
  '/editorial/genres',
  '/track/preview?id=3135556',
  '/artistimage?id=27',
  '/cover?artist=Daft%20Punk&title=Discovery',
];

/** BENCH_BEFORE's checkouts, comma-separated, in order, without trailing slashes. */
function beforeCheckouts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((root) => root.trim().replace(/\/+$/, ''))
    .filter((root) => root !== '');
}

const opened: Sleeve[] = [];
const replays: Replay[] = [];

function liveSleeve(replay: Replay): Sleeve {
  const sleeve = createSleeve({ mode: 'live', ...replay.options, storage: 'memory', rateLimits: 'off', log: quiet });
  opened.push(sleeve);
  return sleeve;
}

async function replayOf(quota: typeof QUOTA | false): Promise<Replay> {
  const replay = await startReplay({ quota });
  replays.push(replay);
  return replay;
}

async function get(sleeve: Sleeve, path: string): Promise<{ status: number; cache: string | null; body: string }> {
  const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }));
  return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
}

/** Deezer's busiest sliding window: the features provider's calls are not counted against its budget. */
const maxInWindow = (calls: readonly ReplayCall[], windowMs: number): number =>
  busiestWindow(
    calls.filter((c) => c.upstream === 'deezer').map((c) => c.at),
    windowMs,
  );

const countBy = <T>(items: readonly T[], key: (item: T) => string | number): string =>
  Object.entries(
    items.reduce<Record<string, number>>((acc, item) => {
      const k = String(key(item));
      acc[k] = (acc[k] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');

async function perEndpoint(): Promise<void> {
  const replay = await replayOf(false);
  console.log('## Upstream calls per endpoint (fresh live Sleeve each, memory storage)\n');
  console.log(
    'Calls are Deezer + ReccoBeats + AzuraCast; `/nowplaying` is not cached by design (its upstream answer is shared for 2 s).\n',
  );
  console.log('| endpoint | cold calls | of which features | warm calls | cold ms | status (cold → warm, X-Cache) |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const path of ENDPOINTS) {
    const sleeve = liveSleeve(replay);
    replay.reset();
    const started = performance.now();
    const cold = await get(sleeve, path);
    const coldMs = performance.now() - started;
    const coldCalls = replay.calls.length;
    const features = replay.calls.filter((c) => c.upstream === 'reccobeats').length;
    const warm = await get(sleeve, path);
    const warmCalls = replay.calls.length - coldCalls;
    console.log(
      `| \`${decodeURIComponent(path)}\` | ${coldCalls} | ${features} | ${warmCalls} | ${coldMs.toFixed(0)} | ${cold.status} → ${warm.status}, ${cold.cache ?? '–'} → ${warm.cache ?? '–'} |`,
    );
  }
  console.log('');
}

const HBFS_INFO = '/track/info?artist=Daft%20Punk&title=Harder%2C%20Better%2C%20Faster%2C%20Stronger';

/** Requests after others on one Sleeve: what the entity caches shared across endpoints save (issue #35). */
const AFTER: { before: string[]; path: string }[] = [
  { before: ['/album/info?id=302127'], path: HBFS_INFO },
  { before: ['/album/info?id=302127', '/artist/info?id=27'], path: HBFS_INFO },
  { before: ['/album/info?id=302127', '/artist/info?id=27'], path: `${HBFS_INFO}&isrc=GBDUW0000059` },
  { before: ['/track/isrc?isrc=GBDUW0000059'], path: HBFS_INFO },
  { before: [HBFS_INFO], path: '/track/isrc?isrc=GBDUW0000059' },
  { before: [HBFS_INFO], path: '/track/preview?id=3135556' },
  { before: [HBFS_INFO], path: '/album/info?id=302127' },
  { before: ['/artist/info?id=27'], path: '/artist/similar?id=27' },
  { before: ['/track/related?isrc=GBDUW0000059'], path: HBFS_INFO },
  { before: [HBFS_INFO], path: '/track/info?artist=Daft%20Punk&title=One%20More%20Time' },
  { before: ['/album/tracks?id=629506181'], path: '/playlist/generate?genres=pop&energy=0.8&tempo=120&limit=20' },
];

async function afterOthers(): Promise<void> {
  const replay = await replayOf(false);
  console.log('## Upstream calls of a request after others (one fresh live Sleeve per row, memory storage)\n');
  console.log(
    "Entities (tracks, albums, an artist's radio and top tracks, audio features) are cached under their own keys, whichever endpoint fetched them.\n",
  );
  console.log('| request | after | calls | of which features | Deezer calls made |');
  console.log('|---|---|---:|---:|---|');
  for (const { before, path } of AFTER) {
    const sleeve = liveSleeve(replay);
    for (const earlier of before) await get(sleeve, earlier);
    replay.reset();
    const answer = await get(sleeve, path);
    const features = replay.calls.filter((c) => c.upstream === 'reccobeats').length;
    const deezer = replay.calls.filter((c) => c.upstream === 'deezer').map((c) => `\`${decodeURIComponent(c.path)}\``);
    const after = before.map((b) => `\`${decodeURIComponent(b)}\``).join(' + ');
    console.log(
      `| \`${decodeURIComponent(path)}\` (${answer.status}) | ${after} | ${replay.calls.length} | ${features} | ${deezer.join(', ') || '–'} |`,
    );
  }
  console.log('');
}

/** Distinct cold requests sharing no upstream call: artist and album searches of nonsense words, ISRCs, artist ids. */
function distinctPaths(n: number): string[] {
  const recorded = ['GBDUW0000059', 'USUM72409273', 'USSM12103949', 'GBSMU7385741'];
  const paths: string[] = [];
  for (let i = 0; paths.length < n; i++) {
    const kind = i % 6;
    if (kind <= 2) paths.push(`/search/artist?query=burst${i}qz`);
    else if (kind === 3) paths.push(`/search/albums?query=burst${i}qz`);
    else if (kind === 4)
      paths.push(`/track/isrc?isrc=${recorded[Math.floor(i / 6)] ?? `ZZX9926${String(i).padStart(5, '0')}`}`);
    else paths.push(`/artist/info?id=${i === 5 ? 27 : 900_000 + i}`);
  }
  return paths;
}

async function burst(): Promise<void> {
  const replay = await replayOf(QUOTA);
  const sleeve = liveSleeve(replay);
  const paths = distinctPaths(300);
  const started = performance.now();
  const answers = await Promise.all(
    paths.map(async (path) => {
      const res = await sleeve.fetch(new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA } }));
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
    }),
  );
  const elapsed = performance.now() - started;
  const unavailable = answers.filter((a) => a.status === 503);
  const slowest = Math.max(...answers.map((a) => a.ms));
  console.log('## Budget: a burst of 300 distinct cold requests (replay in quota mode: 50 calls / sliding 5 s)\n');
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| statuses | ${countBy(answers, (a) => a.status)} |`);
  console.log(
    `| 503s with Retry-After | ${unavailable.filter((a) => a.retryAfter).length} of ${unavailable.length} (values: ${countBy(unavailable, (a) => a.retryAfter ?? 'none')}) |`,
  );
  console.log(`| upstream calls | ${replay.calls.length} (${countBy(replay.calls, (c) => c.body)}) |`);
  console.log(`| quota bodies seen upstream | ${replay.calls.filter((c) => c.body === 'quota').length} |`);
  console.log(`| max calls in any 5-s window | ${maxInWindow(replay.calls, QUOTA.windowMs)} |`);
  console.log(`| elapsed (all 300 settled) | ${elapsed.toFixed(0)} ms (slowest answer ${slowest.toFixed(0)} ms) |`);
  console.log('');
}

async function coalescing(): Promise<void> {
  const replay = await replayOf(false);
  const cases = [
    '/track/info?artist=Daft%20Punk&title=Harder%2C%20Better%2C%20Faster%2C%20Stronger',
    '/album/info?id=302127',
    '/artist/discography?id=27',
  ];
  console.log('## Coalescing: 100 identical concurrent cold requests (fresh live Sleeve each)\n');
  console.log('| request | statuses | distinct bodies | upstream calls | distinct path+query | elapsed ms |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const path of cases) {
    const sleeve = liveSleeve(replay);
    replay.reset();
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(sleeve, path)));
    const elapsed = performance.now() - started;
    const distinctCalls = new Set(replay.calls.map((c) => `${c.path}${c.search}`)).size;
    console.log(
      `| \`${decodeURIComponent(path)}\` | ${countBy(answers, (a) => a.status)} | ${new Set(answers.map((a) => a.body)).size} | ` +
        `${replay.calls.length} | ${distinctCalls} | ${elapsed.toFixed(0)} |`,
    );
  }
  console.log('');
}

/** D12: many socket listeners on one station cost one upstream subscription. */
async function sockets(): Promise<void> {
  const replay = await replayOf(false);
  const sleeve = liveSleeve(replay);
  replay.reset();
  const streams = await Promise.all(
    Array.from({ length: 200 }, async () => {
      const controller = new AbortController();
      const res = await sleeve.fetch(
        new Request('http://sleeve.test/nowplaying/socket', {
          headers: { accept: 'text/event-stream', 'user-agent': UA },
          signal: controller.signal,
        }),
      );
      const reader = res.body!.getReader();
      await reader.read();
      return {
        close: () => {
          void reader.cancel().catch(() => {});
          controller.abort();
        },
      };
    }),
  );
  const subscriptions = () => replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.includes('/sse')).length;
  for (let i = 0; i < 100 && subscriptions() === 0; i++) await new Promise((r) => setTimeout(r, 20));
  console.log('## Radio: 200 event-stream listeners on one station\n');
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| upstream SSE subscriptions | ${subscriptions()} |`);
  console.log(
    `| upstream now-playing polls | ${replay.calls.filter((c) => c.upstream === 'azuracast' && c.path.startsWith('/api/nowplaying')).length} |`,
  );
  console.log('');
  for (const s of streams) s.close();
}

const knob = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`bench: ${name} must be a number >= 0 (got ${process.env[name]})`);
  return value;
};

const ZIPF = {
  seconds: knob('BENCH_ZIPF_SECONDS', 600),
  rate: knob('BENCH_ZIPF_RATE', 18),
  clients: Math.max(1, Math.round(knob('BENCH_ZIPF_CLIENTS', 300))),
  keys: Math.max(1, Math.round(knob('BENCH_ZIPF_KEYS', 3000))),
  s: knob('BENCH_ZIPF_S', 1),
  seed: Math.round(knob('BENCH_ZIPF_SEED', 35)),
  timeoutMs: 10_000,
  maxInFlight: 400,
  warmupSeconds: knob('BENCH_ZIPF_WARMUP', 0),
  retry: knob('BENCH_ZIPF_RETRY', 1) !== 0,
  retryMaxS: knob('BENCH_ZIPF_RETRY_MAX', 120),
};

try {
  console.log(`# Sleeve live mode: upstream cost (replay, Node ${process.version}, ${new Date().toISOString()})\n`);
  if (process.env.BENCH_ZIPF_ONLY !== '1') {
    await perEndpoint();
    await afterOthers();
    await burst();
    await coalescing();
    await sockets();
  }
  if (ZIPF.seconds > 0) await zipfWorkload(ZIPF, QUOTA, beforeCheckouts(process.env.BENCH_BEFORE));
} finally {
  await Promise.all(opened.map((s) => s.deps.storage.dispose()));
  await Promise.all(replays.map((r) => r.close()));
}
