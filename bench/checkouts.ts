/**
 * @module
 * `npm run bench:checkouts`: several Sleeve checkouts' cache hits over HTTP in the same
 * interleaved rounds, each as a ratio to one same-headers Hono route (`bench/harness/baseline-server.ts`),
 * for bisecting a change of hit speed. Unlike `BENCH_BEFORE` in `npm run bench` (one other
 * checkout), every checkout is treated alike: each set of fresh processes starts them in another
 * order, and the serving process's CPU is read for each (the child under Node 20's launcher).
 * An entry `path#NAME=value;NAME=value` starts that checkout with more environment, so one
 * checkout under two settings (`.#NODE_OPTIONS=--max-old-space-size=4096`) is an A/B too; the
 * same checkout twice is an A/A, the noise to read the others against.
 *
 * Knobs: BENCH_CHECKOUTS=.,../other  BENCH_PATHS=/editorial/genres,... (`hits`: the hit paths of `npm run bench`)  BENCH_RUNTIMES=node (one)
 * BENCH_PROCESSES=1  BENCH_ROUNDS=2  BENCH_SECONDS=2.
 */
import { startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { servingPid } from '../test/helpers/process-memory.ts';
import { checkoutList, startCheckout } from './harness/checkout.ts';
import { hitPaths } from './harness/hit-paths.ts';
import { runEntry } from './harness/run.ts';
import { BENCH_UA as UA, processSets, requireWrk } from './harness/wrk.ts';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const runtime = process.env.BENCH_RUNTIMES ?? 'node';
const CHECKOUTS = checkoutList(process.env.BENCH_CHECKOUTS ?? '.');
const PATH_LIST = process.env.BENCH_PATHS ?? '/editorial/genres,/search/all?query=love&limit=10';
/** The paths asked; `hits` is read of the first checkout once it runs (its ISRC). */
let PATHS: string[] = PATH_LIST === 'hits' ? [] : PATH_LIST.split(',');

requireWrk();

let setNo = 0;
const measured = await processSets(PROCESSES, ROUNDS, { connections: 32, seconds: SECONDS }, async () => {
  // Each set starts the checkouts in another order: a process's start order must not decide.
  const shift = setNo++ % CHECKOUTS.length;
  const order = [...CHECKOUTS.slice(shift), ...CHECKOUTS.slice(0, shift)];
  const children: ChildServer[] = [];
  const stop = () => Promise.all(children.map((c) => c.stop())).then(() => undefined);
  const targets: Record<string, string> = {};
  const pids: Record<string, number | undefined> = {};
  for (const checkout of order) {
    const { name } = checkout;
    const s = await startCheckout(checkout, runtime);
    children.push(s);
    targets[name] = s.url;
    pids[name] = servingPid(s.pid!).pid;
  }
  if (PATHS.length === 0) PATHS = await hitPaths(targets[CHECKOUTS[0]!.name]!);
  const [bc, ba] = runEntry(runtime, 'bench/harness/baseline-server.ts');
  const same = await startChild(
    bc,
    ba,
    {
      BENCH_SLEEVE: targets[CHECKOUTS[0]!.name]!,
      BENCH_PATHS: JSON.stringify(PATHS),
      BENCH_KIND: 'same',
      BENCH_UA: UA,
    },
    60_000,
  );
  children.push(same);
  targets.same = same.url;
  pids.same = same.pid;
  return { targets, pids, paths: PATHS, stop };
});
console.log(`${runtime}, ${PROCESSES} sets x ${ROUNDS} rounds x ${SECONDS}s`);
// Against the first checkout too, paired by round, with the spread of those rounds: for an A/B of
// settings (`.#A=1,.#A=2`), what the others gain or lose against the first.
const first = CHECKOUTS[0]!.name;
const range = (xs: readonly number[], digits: number) =>
  `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
console.log(
  '| checkout | path | req/s | req/s range | x same rps | cpu us | x same cpu | x first rps | x first range | x first cpu |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const path of PATHS)
  for (const { name: n } of CHECKOUTS) {
    const m = measured(n, path);
    const rps = measured.runs(n, path).map((run) => run.rps);
    console.log(
      `| ${n} | ${path} | ${Math.round(m.rps)} | ${range(rps, 0)} | ${measured.ratio(n, 'same', path, 'rps').toFixed(3)} | ${m.cpuUs.toFixed(2)} | ${measured.ratio('same', n, path, 'cpuUs').toFixed(3)} | ${measured.ratio(n, first, path, 'rps').toFixed(3)} | ${range(measured.ratios(n, first, path, 'rps'), 3)} | ${measured.ratio(first, n, path, 'cpuUs').toFixed(3)} |`,
    );
  }
