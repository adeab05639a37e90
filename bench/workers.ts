/**
 * @module
 * `npm run bench:workers`: what `sleeve/workers` weighs and how soon it answers (issue #46).
 * The example's bundle as wrangler would build it (`scripts/build-workers.ts`: esbuild with the
 * Workers conditions), its size raw and gzip'd (the free plan counts 3 MB gzip'd), then each
 * run a fresh workerd (miniflare, `test/helpers/workerd.ts`) with a fresh isolate: how long
 * workerd takes to listen, the first `/healthz` (demo mode builds its catalogue on it; live
 * mode calls Deezer and ReccoBeats on a loopback replay), the first search, the first PNG
 * card (resvg's module instantiated, the fonts unpacked) and a warm `/healthz`.
 *
 * Knobs: BENCH_RUNS=5. Not a test: numbers depend on the machine and whatever else runs on it.
 */
import { startReplay } from '../replay/server.ts';
import { startWorkerd } from '../test/helpers/workerd.ts';
import { median } from './harness/wrk.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const UA = { 'user-agent': 'bench/1.0 (bench@example.com)' };

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: UA });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

const ROWS = ['listening', 'first /healthz', 'first /search/all', 'first PNG card', 'warm /healthz'] as const;
type Row = (typeof ROWS)[number];

async function run(
  vars: Record<string, string>,
  track: number,
): Promise<Record<Row, number> & { gzip: number; bytes: number }> {
  const workerd = await startWorkerd([vars]);
  try {
    const base = workerd.urls[0]!;
    return {
      listening: workerd.readyMs,
      'first /healthz': await timed(`${base}/healthz`),
      'first /search/all': await timed(`${base}/search/all?query=love`),
      'first PNG card': await timed(`${base}/share/card?id=${track}`),
      'warm /healthz': await timed(`${base}/healthz`),
      gzip: workerd.bundle.gzip,
      bytes: workerd.bundle.bytes,
    };
  } finally {
    await workerd.stop();
  }
}

const replay = await startReplay();
// A track each mode knows: the demo catalogue's, and one the replay has recorded.
const modes = {
  demo: [{}, 100006189],
  live: [{ SLEEVE_MODE: 'live', SLEEVE_UPSTREAMS: replay.url }, 3135556],
} as const;
const results: Record<keyof typeof modes, Awaited<ReturnType<typeof run>>[]> = { demo: [], live: [] };
for (let i = 0; i < RUNS; i++)
  for (const mode of ['demo', 'live'] as const) results[mode].push(await run(modes[mode][0], modes[mode][1]));
await replay.close();

const first = results.demo[0]!;
console.log(
  `bundle: ${(first.bytes / 1e6).toFixed(2)} MB, ${(first.gzip / 1e6).toFixed(2)} MB gzip'd (script and resvg's wasm)`,
);
console.log(`\n| median of ${RUNS} fresh isolates (ms) | demo | live (replay) |\n|---|---:|---:|`);
for (const row of ROWS)
  console.log(
    `| ${row} | ${Math.round(median(results.demo.map((r) => r[row])))} | ${Math.round(median(results.live.map((r) => r[row])))} |`,
  );
