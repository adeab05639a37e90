/**
 * @module
 * `npm run bench`: cache-hit throughput over real HTTP, measured with `wrk` (a C load
 * generator, so the client is never the bottleneck), on Node, Bun and Deno. On each runtime,
 * four servers run side by side: Sleeve itself (rate limiter on, limits raised a millionfold
 * so the bench never meets them), and three Hono apps on the same runtime answering Sleeve's
 * own bytes (`bench/_baseline-server.ts`): "bare" (only `content-type`), "same headers" (every
 * header Sleeve sends, one plain object, one `Map` update per request) and "same + reads"
 * (that, plus the reads the contract makes of every request: the client's address, the
 * User-Agent, X-Request-Id, If-None-Match). Rounds interleave them, so the machine's drift hits
 * each alike; the table shows medians and ratios: ×same is the overhead Sleeve chose, ×bare
 * adds what its contract costs, ×same + reads leaves out the runtime's price of those reads.
 *
 * Knobs: BENCH_RUNTIMES=node,bun,deno  BENCH_ROUNDS=5  BENCH_SECONDS=2  BENCH_CONNECTIONS=32
 * BENCH_BEFORE=<another checkout> (with its own node_modules) adds that Sleeve as a fourth
 * server, interleaved like the others, for a before/after ratio measured in the same run.
 */
import { BIN, startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { BENCH_UA as UA, interleaved, requireWrk } from './_wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',');
const BEFORE = process.env.BENCH_BEFORE?.replace(/\/+$/, '');

requireWrk();

/** How each runtime runs a TypeScript entry of a checkout (this one: `.`). */
const RUN: Record<string, (entry: string, root?: string) => [string, string[]]> = {
  node: (entry, root = '.') => [`${BIN}tsx`, [`${root}/${entry}`]],
  bun: (entry, root = '.') => [`${BIN}bun`, [`${root}/${entry}`]],
  deno: (entry, root = '.') => [`${BIN}deno`, ['run', '-A', '--unstable-no-legacy-abort', `--config=${root}/deno.json`, `${root}/${entry}`]],
};

const SLEEVE_ENTRY: Record<string, string> = { node: 'adapters/node-main.ts', bun: 'adapters/bun-main.ts', deno: 'adapters/deno-main.ts' };


async function catalogueIsrc(sleeve: string): Promise<string> {
  const res = await fetch(`${sleeve}/search/all?query=love&types=tracks&limit=1`, { headers: { 'user-agent': UA } });
  const isrc = (await res.json()).tracks?.[0]?.isrc;
  if (typeof isrc !== 'string') throw new Error('no track with an ISRC answers /search/all?query=love');
  return isrc;
}

async function benchRuntime(runtime: string): Promise<void> {
  const [command, args] = RUN[runtime]!(SLEEVE_ENTRY[runtime]!);
  const children: ChildServer[] = [];
  try {
    const quiet = { SLEEVE_RATE_LIMITS: '1000000', SLEEVE_LOG: 'off' };
    const sleeve = await startChild(command, args, quiet, 60_000);
    children.push(sleeve);
    // The other checkout runs from its own folder, as it would be started there (its tsconfig, its relative files).
    const before = BEFORE === undefined ? undefined : await startChild(...RUN[runtime]!(SLEEVE_ENTRY[runtime]!, BEFORE), quiet, 60_000, BEFORE);
    if (before) children.push(before);
    const isrc = await catalogueIsrc(sleeve.url);
    const paths = ['/editorial/genres', '/search/all?query=love&limit=10', '/track/hot?limit=50', `/track/isrc?isrc=${isrc}`, '/v2.5.0/search/all?query=love&limit=5'];
    const baseline = (kind: string) => {
      const [c, a] = RUN[runtime]!('bench/_baseline-server.ts');
      return startChild(c, a, { BENCH_SLEEVE: sleeve.url, BENCH_PATHS: JSON.stringify(paths), BENCH_KIND: kind, BENCH_UA: UA }, 60_000);
    };
    const bare = await baseline('bare');
    children.push(bare);
    const same = await baseline('same');
    children.push(same);
    const reads = await baseline('reads');
    children.push(reads);
    const targets: Record<string, string> = { sleeve: sleeve.url, bare: bare.url, same: same.url, reads: reads.url, ...(before ? { before: before.url } : {}) };
    const pids = { sleeve: sleeve.pid, bare: bare.pid, same: same.pid, reads: reads.pid, before: before?.pid };
    const measured = interleaved(targets, paths, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS }, pids);
    console.log(`\n### ${runtime}: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians\n`);
    const extra = before ? ' before req/s | × before |' : '';
    console.log(`| endpoint | Sleeve req/s | p99 ms | bare req/s | same-headers req/s | × same | × bare | same + reads req/s | × same + reads |${extra}`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
    for (const path of paths) {
      const rps = (name: string) => measured(name, path).rps;
      const p99 = measured('sleeve', path).p99ms;
      const [s, b, h, r] = [rps('sleeve'), rps('bare'), rps('same'), rps('reads')];
      const was = before ? ` ${Math.round(rps('before'))} | ${(s / rps('before')).toFixed(2)} |` : '';
      console.log(`| \`${path}\` | ${Math.round(s)} | ${p99.toFixed(2)} | ${Math.round(b)} | ${Math.round(h)} | ${(s / h).toFixed(2)} | ${(s / b).toFixed(2)} | ${Math.round(r)} | ${(s / r).toFixed(2)} |${was}`);
    }
    // The same rounds, as the server CPU each answer took: it holds when other work shares the
    // cores, where requests a second fall with it. A ratio is the baseline's CPU over Sleeve's.
    console.log(`\nServer CPU per answer, µs (same rounds, medians); × is the baseline's CPU ÷ Sleeve's:\n`);
    console.log(`| endpoint | Sleeve | bare | same | × same | same + reads | × same + reads |${before ? ' before | × before |' : ''}`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
    for (const path of paths) {
      const cpu = (name: string) => measured(name, path).cpuUs;
      const [s, b, h, r] = [cpu('sleeve'), cpu('bare'), cpu('same'), cpu('reads')];
      const was = before ? ` ${cpu('before').toFixed(1)} | ${(cpu('before') / s).toFixed(2)} |` : '';
      console.log(`| \`${path}\` | ${s.toFixed(1)} | ${b.toFixed(1)} | ${h.toFixed(1)} | ${(h / s).toFixed(2)} | ${r.toFixed(1)} | ${(r / s).toFixed(2)} |${was}`);
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}

console.log(`# Cache hits over HTTP (${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).cpus().length} cores)`);
for (const runtime of RUNTIMES) await benchRuntime(runtime);
