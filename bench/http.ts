/**
 * @module
 * `npm run bench`: cache-hit throughput over real HTTP, measured with `wrk` (a C load
 * generator, so the client is never the bottleneck), on Node, Bun and Deno. On each runtime,
 * four servers run side by side: Sleeve itself (rate limiter on, limits raised a millionfold
 * so the bench never meets them), and three Hono apps on the same runtime answering Sleeve's
 * own bytes (`bench/harness/baseline-server.ts`): "bare" (only `content-type`), "same headers" (every
 * header Sleeve sends, one plain object, one `Map` update per request) and "same + reads"
 * (that, plus the reads the contract makes of every request: the client's address, the
 * User-Agent, X-Request-Id, If-None-Match). Rounds interleave them, so the machine's drift hits
 * each alike, and the whole set is started afresh `BENCH_PROCESSES` times (`processSets`), so
 * no process's luck decides; the table shows medians, and ratios as the median of each round's
 * ratio: ×same is the overhead Sleeve chose, ×bare adds what its contract costs, ×same + reads
 * leaves out the runtime's price of those reads.
 *
 * Knobs: BENCH_RUNTIMES=node,bun,deno  BENCH_PROCESSES=3  BENCH_ROUNDS=2 (each set)  BENCH_SECONDS=2  BENCH_CONNECTIONS=32
 * BENCH_BEFORE=<another checkout> (with its own node_modules) adds that Sleeve as a fourth
 * server, interleaved like the others, for a before/after ratio measured in the same run.
 * BENCH_SLEEVE_ENV=NAME=value,… gives this checkout's Sleeve more environment: with BENCH_BEFORE
 * set to this same checkout, `SLEEVE_STATUS=1` measures the status page's cost against none.
 */
import { startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { servingPid } from '../test/helpers/process-memory.ts';
import { checkoutList, startCheckout } from './harness/checkout.ts';
import { hitPaths } from './harness/hit-paths.ts';
import { runEntry } from './harness/run.ts';
import { BENCH_UA as UA, processSets, requireWrk } from './harness/wrk.ts';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',');
const BEFORE = process.env.BENCH_BEFORE?.replace(/\/+$/, '');
/** `NAME=value,NAME=value`: more environment for this checkout's Sleeve only (not BENCH_BEFORE's), e.g. `SLEEVE_STATUS=1`. */
const SLEEVE_ENV: Record<string, string> = Object.fromEntries(
  (process.env.BENCH_SLEEVE_ENV ?? '')
    .split(',')
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

requireWrk();

async function benchRuntime(runtime: string): Promise<void> {
  let paths: string[] = [];
  const measured = await processSets(PROCESSES, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS }, async () => {
    const children: ChildServer[] = [];
    const stop = () => Promise.all(children.map((c) => c.stop())).then(() => undefined);
    const started = async <T extends ChildServer>(child: Promise<T>) => {
      const server = await child;
      children.push(server);
      return server;
    };
    try {
      const sleeve = await started(startCheckout(checkoutList('.')[0]!, runtime, { more: SLEEVE_ENV }));
      // The other checkout runs from its own folder, as it would be started there (its tsconfig, its relative files).
      const was = BEFORE === undefined ? undefined : await started(startCheckout(checkoutList(BEFORE)[0]!, runtime));
      paths = await hitPaths(sleeve.url);
      const baseline = (kind: string) => {
        const [c, a] = runEntry(runtime, 'bench/harness/baseline-server.ts');
        return started(
          startChild(
            c,
            a,
            { BENCH_SLEEVE: sleeve.url, BENCH_PATHS: JSON.stringify(paths), BENCH_KIND: kind, BENCH_UA: UA },
            60_000,
          ),
        );
      };
      const [bare, same, reads] = [await baseline('bare'), await baseline('same'), await baseline('reads')];
      return {
        targets: {
          sleeve: sleeve.url,
          bare: bare.url,
          same: same.url,
          reads: reads.url,
          ...(was ? { before: was.url } : {}),
        },
        // The serving process: on Node 20 Sleeve's entry waits while its child serves (D43), the
        // other checkout's too when it holds that launcher (its waiter's CPU would read as its own).
        pids: {
          sleeve: servingPid(sleeve.pid!).pid,
          bare: bare.pid,
          same: same.pid,
          reads: reads.pid,
          before: was ? servingPid(was.pid!).pid : undefined,
        },
        paths,
        stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
  });
  const before = BEFORE !== undefined;
  const ratio = (a: string, b: string, path: string, field: 'rps' | 'cpuUs') =>
    measured.ratio(a, b, path, field).toFixed(2);
  console.log(
    `\n### ${runtime}: wrk -t1 -c${CONNECTIONS}, ${PROCESSES} sets of fresh servers × ${ROUNDS} interleaved rounds of ${SECONDS} s; medians, ratios paired by round\n`,
  );
  const extra = before ? ' before req/s | × before |' : '';
  console.log(
    `| endpoint | Sleeve req/s | p99 ms | bare req/s | same-headers req/s | × same | × bare | same + reads req/s | × same + reads |${extra}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
  for (const path of paths) {
    const rps = (name: string) => Math.round(measured(name, path).rps);
    const x = (baseline: string) => ratio('sleeve', baseline, path, 'rps');
    const was = before ? ` ${rps('before')} | ${x('before')} |` : '';
    console.log(
      `| \`${path}\` | ${rps('sleeve')} | ${measured('sleeve', path).p99ms.toFixed(2)} | ${rps('bare')} | ${rps('same')} | ${x('same')} | ${x('bare')} | ${rps('reads')} | ${x('reads')} |${was}`,
    );
  }
  // The same rounds, as the server CPU each answer took: it holds when other work shares the
  // cores, where requests a second fall with it. A ratio is the baseline's CPU over Sleeve's.
  console.log(`\nServer CPU per answer, µs (same rounds, medians); × is the baseline's CPU ÷ Sleeve's:\n`);
  console.log(
    `| endpoint | Sleeve | bare | same | × same | same + reads | × same + reads |${before ? ' before | × before |' : ''}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|${before ? '---:|---:|' : ''}`);
  for (const path of paths) {
    const cpu = (name: string) => measured(name, path).cpuUs.toFixed(1);
    const x = (baseline: string) => ratio(baseline, 'sleeve', path, 'cpuUs');
    const was = before ? ` ${cpu('before')} | ${x('before')} |` : '';
    console.log(
      `| \`${path}\` | ${cpu('sleeve')} | ${cpu('bare')} | ${cpu('same')} | ${x('same')} | ${cpu('reads')} | ${x('reads')} |${was}`,
    );
  }
}

console.log(
  `# Cache hits over HTTP (${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).cpus().length} cores)`,
);
for (const runtime of RUNTIMES) await benchRuntime(runtime);
