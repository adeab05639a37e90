/**
 * @module
 * `npm run bench:in-process` (also under `npx bun` and `npx deno run -A`): cache-hit throughput
 * of three cached endpoints through the whole frame (version, CORS, User-Agent, rate limit, params,
 * cache) against a bare Hono app answering the same bytes, on the same runtime, rounds
 * interleaved so drift hits both alike. Two measures: in process (`app.fetch`, the frame's
 * own cost, the strict one) and over HTTP with a JavaScript client in this same process (which
 * caps both sides at the client's speed: `npm run bench`, with wrk, is the server measure). Then the memory bound: 200,000 distinct queries through the
 * default storage, RSS before and after.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { createFrame } from '../core/frame.ts';
import { createSleeve, defineEndpoint } from '../core/index.ts';
import { requiredText } from '../core/schemas/params.ts';
import { storageFromSpec } from '../core/storage/from-spec.ts';
import { MEMORY_MAX_BYTES, MEMORY_MAX_ENTRIES } from '../core/storage/memory.ts';
import { collect, heapMiB, rssMiB, runtime, serveHttp } from './harness/runtime.ts';

const PATHS = ['/editorial/genres', '/search/all?query=love&limit=5', '/track/hot?country=FR&limit=20'];
const UA = 'SleeveBench/1.0 (bench@example.com)';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);
const CONCURRENCY = 32;

type Fetch = (path: string) => Promise<Response>;

/** Requests per second for `ms` milliseconds, `CONCURRENCY` in flight. */
async function throughput(fetch: Fetch, path: string, ms: number): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await fetch(path);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function compare(label: string, sleeve: Fetch, bare: Fetch): Promise<number[]> {
  const ratios: number[] = [];
  for (const path of PATHS) {
    const a: number[] = [];
    const b: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      a.push(await throughput(sleeve, path, ROUND_MS));
      b.push(await throughput(bare, path, ROUND_MS));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(a) / median(b);
    ratios.push(ratio);
    console.log(
      `${runtime} ${label.padEnd(10)} ${path.padEnd(34)} sleeve ${Math.round(median(a)).toString().padStart(7)} req/s   bare ${Math.round(median(b)).toString().padStart(7)} req/s   ratio ${ratio.toFixed(2)}`,
    );
  }
  return ratios;
}

// Limits on (the layer runs and sends its headers) but far above what the bench sends.
const sleeve = createSleeve({ rateLimits: 1e6, log: { info() {}, error: console.error } });
const request = (base: string, path: string) => new Request(base + path, { headers: { 'User-Agent': UA } });
const inProcess: Fetch = async (path) => sleeve.fetch(request('http://bench.local', path), { clientIp: '127.0.0.1' });

// The bare app answers the very bytes and headers Sleeve answers on a hit.
const bareApp = new Hono();
for (const path of PATHS) {
  const warm = await inProcess(path);
  const hit = await inProcess(path);
  if (hit.headers.get('x-cache') !== 'HIT')
    throw new Error(`${path} is not a cache hit (${warm.status}, ${hit.headers.get('x-cache')})`);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const headers = Object.fromEntries(hit.headers);
  bareApp.get(path.split('?')[0]!, (c) => c.body(bytes, 200, headers));
}
const bareInProcess: Fetch = async (path) => bareApp.fetch(request('http://bench.local', path));

console.log(
  `# cache-hit throughput on ${runtime}: ${ROUNDS} interleaved rounds of ${ROUND_MS} ms, ${CONCURRENCY} in flight, medians`,
);
const ratios = await compare('in-process', inProcess, bareInProcess);
const sleeveServer = await serveHttp((r) => sleeve.fetch(r, { clientIp: '127.0.0.1' }));
const bareServer = await serveHttp((r) => bareApp.fetch(r));
ratios.push(
  ...(await compare(
    'http',
    (p) => fetch(request(sleeveServer.url, p)),
    (p) => fetch(request(bareServer.url, p)),
  )),
);
await sleeveServer.close();
await bareServer.close();

// The memory bound: endless distinct queries must not grow memory without limit. A cheap
// cached endpoint answering ~2 KB (a search answer's size) so the run measures the cache, not
// the catalogue search; same default storage, same frame.
const filler = 'x'.repeat(2000);
const echo = defineEndpoint({
  path: '/bench/echo',
  summary: 'A cheap cached echo for the memory bound.',
  response: v.any(),
  cache: 900,
  params: v.object({ query: requiredText('query') }),
  handle: ({ params }) => ({ query: params.query, filler }),
});
// Sleeve's own memory storage (the default spec), held here to count its keys.
const memoryStorage = storageFromSpec('memory');
const memoryDeps = createSleeve({
  storage: memoryStorage,
  rateLimits: 'off',
  log: { info() {}, error: console.error },
}).deps;
const memoryApp = createFrame(memoryDeps, [echo]).app;
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 200_000);
collect();
const snapshot = () => `RSS ${rssMiB()} MiB, heap ${heapMiB()} MiB`;
console.log(`${runtime} memory: before: ${snapshot()}`);
const started = performance.now();
for (let i = 0; i < DISTINCT; i += 100) {
  await Promise.all(
    Array.from({ length: 100 }, (_, j) =>
      Promise.resolve(memoryApp.fetch(request('http://bench.local', `/bench/echo?query=q${i + j}`))).then((r) =>
        r.arrayBuffer(),
      ),
    ),
  );
  if ((i + 100) % 50_000 === 0) {
    collect();
    console.log(
      `${runtime} memory: after ${i + 100} distinct queries: ${snapshot()}, ${(await memoryStorage.getKeys()).length} entries kept`,
    );
  }
}
console.log(
  `${runtime} memory: ${DISTINCT} distinct queries (~2 KB answers, ${Math.round((DISTINCT * 2) / 1024)} MiB if nothing were evicted) in ` +
    `${Math.round((performance.now() - started) / 1000)} s; bound: ${MEMORY_MAX_ENTRIES} entries or ${MEMORY_MAX_BYTES / 1024 / 1024} MiB of keys and values`,
);
console.log(`${runtime} worst cache-hit ratio ${Math.min(...ratios).toFixed(2)} (goal >= 0.7)`);
