/**
 * @module
 * `npm run bench:instructions`: what a cache hit costs on Node in instructions, counted by
 * valgrind's callgrind, for any number of checkouts side by side. A wall-clock bench on this
 * shared machine reads two processes of one checkout up to 8% apart; an instruction count is
 * the same from one run to the next whatever else the machine does, so a change of a few
 * percent shows. What it cannot see is what an instruction costs: cache misses (the
 * collector's copying, above all) weigh more in seconds than here, so read it beside
 * `npm run bench:checkouts`, not instead of it.
 *
 * Each server runs under callgrind, one process (the memory plan's heap flags are given in
 * `NODE_OPTIONS`, so the launcher starts no child), is warmed by wrk, uncounted, and then
 * counted over more runs until two agree. Per request: the main thread's instructions (the
 * JavaScript, Node's HTTP, the scavenges it does itself) and all threads' (with the
 * collector's helpers and the optimising compiler's). It measures no baseline route: the
 * same-headers Hono route, counted so, read 93k instructions a request in some processes and
 * 130k in others (part of its code left unoptimised), which no choice of windows smooths.
 *
 * Knobs: BENCH_CHECKOUTS=.,../other#NAME=value (as `bench:checkouts`)  BENCH_PATHS=/editorial/genres,...
 * BENCH_WARM_SECONDS=30  BENCH_SECONDS=20  BENCH_WINDOWS=6 (at most)  BENCH_KEEP=1 (keeps callgrind's
 * files). Valgrind runs code some 50 times slower: one path of one checkout takes about 80 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planFor, v8Flags } from '../adapters/launch/heap-limit.ts';
import type { ChildServer } from '../test/helpers/child-server.ts';
import { checkoutList, startCheckout } from './harness/checkout.ts';
import { requireValgrind } from './harness/valgrind.ts';
import { requireWrk, wrk } from './harness/wrk.ts';

const CHECKOUTS = checkoutList(process.env.BENCH_CHECKOUTS ?? '.');
const PATHS = (process.env.BENCH_PATHS ?? '/editorial/genres,/search/all?query=love&limit=10').split(',');
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 6);
// Fewer connections than the wall-clock benches: under valgrind a server answers a few thousand a second.
const CONNECTIONS = 8;

requireWrk();
requireValgrind();

const out = mkdtempSync(join(tmpdir(), 'sleeve-callgrind-'));
const heap = v8Flags(planFor(process.env), '').join(' ');

/** `[command, args]` under callgrind, counting nothing until told (`callgrind_control -i on`). */
function underCallgrind([command, args]: [string, string[]]): [string, string[]] {
  return [
    'valgrind',
    [
      '--tool=callgrind',
      '--separate-threads=yes',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(out, 'cg.%p')}`,
      command,
      ...args,
    ],
  ];
}

interface Counted {
  requests: number;
  /** Instructions per request, the main thread's. */
  main: number;
  /** Instructions per request, every thread's. */
  all: number;
  /** Instructions per request in V8's runtime defining a literal's properties: code left unoptimised. */
  unoptimised: number;
}

/**
 * Under valgrind a process now and then leaves part of its code unoptimised for good: each
 * request then has V8's runtime define some thirty literal properties, and counts a third more
 * (seen on Sleeve's checkouts and on a plain Hono route alike, never outside valgrind in the
 * wall-clock benches). Such a process is started afresh.
 */
const UNOPTIMISED = /^\s*([\d,]+) .*Runtime_DefineKeyedOwnPropertyInLiteral/m;
const STUCK_PER_REQUEST = 200;
const STARTS = 3;

const dumps = new Map<string, number>();

/** The files of a pid's latest dump, one per thread, once all are written (a dump is written as each thread gets to it). */
async function dumpFiles(pid: string): Promise<string[]> {
  const part = (dumps.get(pid) ?? 0) + 1;
  dumps.set(pid, part);
  const ofPart = () => readdirSync(out).filter((f) => f.startsWith(`cg.${pid}.${part}-`));
  let seen = -1;
  for (;;) {
    await new Promise((done) => setTimeout(done, 2000));
    const files = ofPart();
    if (files.length > 0 && files.length === seen) return files;
    seen = files.length;
  }
}

/** One counted run of wrk on a warmed server: the dump's files are one per thread, thread 1 the main one. */
async function window(server: ChildServer, path: string): Promise<Counted> {
  const pid = String(server.pid);
  execFileSync('callgrind_control', ['-i', 'on', pid], { stdio: 'ignore' });
  const { requests } = wrk(server.url + path, { connections: CONNECTIONS, seconds: SECONDS });
  execFileSync('callgrind_control', ['-i', 'off', pid], { stdio: 'ignore' });
  execFileSync('callgrind_control', ['-d', pid], { stdio: 'ignore' });
  let main = 0;
  let all = 0;
  let unoptimised = 0;
  for (const file of await dumpFiles(pid)) {
    const text = readFileSync(join(out, file), 'utf8');
    const totals = Number(/^totals: (\d+)/m.exec(text)?.[1] ?? 0);
    all += totals;
    if (!/^thread: 1$/m.test(text)) continue;
    main += totals;
    const annotated = execFileSync('callgrind_annotate', [join(out, file)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    unoptimised = Number(UNOPTIMISED.exec(annotated)?.[1]?.replaceAll(',', '') ?? 0);
  }
  return { requests, main: main / requests, all: all / requests, unoptimised: unoptimised / requests };
}

/**
 * `path` warmed, then counted run after run until two in a row agree within 2% (at most
 * `WINDOWS`), each printed: a run still holding the optimising compiler's work, or made before
 * the code was warm (a loaded machine answers fewer requests in the warm-up), counts more.
 */
async function count(server: ChildServer, name: string, path: string): Promise<Counted | undefined> {
  wrk(server.url + path, { connections: CONNECTIONS, seconds: WARM_SECONDS });
  const windows: Counted[] = [await window(server, path)];
  const steady = () => {
    const [a, b] = windows.slice(-2);
    return b !== undefined && Math.abs(a!.main - b.main) <= 0.02 * b.main;
  };
  while (!steady() && windows.length < WINDOWS) windows.push(await window(server, path));
  // Only a steady count says the code stays so: an early one may be code not yet optimised.
  const stuck = () => windows.at(-1)!.unoptimised > STUCK_PER_REQUEST;
  console.error(
    `${name} ${path}: ${windows.map((w) => `${thousands(w.main)} / ${thousands(w.all)}`).join(', ')}${stuck() ? ' (left unoptimised: started afresh)' : ''}`,
  );
  return stuck() ? undefined : windows.reduce((low, w) => (w.main < low.main ? w : low));
}

const thousands = (n: number) => `${(n / 1000).toFixed(1)}k`;

const counted = new Map<string, Counted>();
try {
  // One checkout at a time, all its paths in one process, started afresh when it is caught unoptimised.
  for (const checkout of CHECKOUTS) {
    const { name } = checkout;
    for (let start = 1; ; start++) {
      const server = await startCheckout(checkout, 'node', {
        more: { NODE_OPTIONS: heap },
        timeoutMs: 180_000,
        wrap: underCallgrind,
      });
      let whole = true;
      try {
        for (const path of PATHS) {
          const c = await count(server, name, path);
          if (c === undefined) {
            whole = false;
            break;
          }
          counted.set(`${name} ${path}`, c);
        }
      } finally {
        await server.stop();
      }
      if (whole) break;
      if (start === STARTS) throw new Error(`${name}: unoptimised in ${STARTS} processes in a row`);
    }
  }
} finally {
  if (!process.env.BENCH_KEEP) rmSync(out, { recursive: true, force: true });
  else console.error(`callgrind's files: ${out}`);
}

console.log(
  `node under callgrind, warmed ${WARM_SECONDS} s, counted in runs of ${SECONDS} s until two agree (the lowest kept); ${heap}`,
);
console.log(
  `| checkout | path | requests | instructions a request, main thread | × ${CHECKOUTS[0]!.name} | all threads | × ${CHECKOUTS[0]!.name} |`,
);
for (const path of PATHS) {
  const first = counted.get(`${CHECKOUTS[0]!.name} ${path}`)!;
  for (const { name } of CHECKOUTS) {
    const c = counted.get(`${name} ${path}`)!;
    console.log(
      `| ${name} | ${path} | ${c.requests} | ${thousands(c.main)} | ${(first.main / c.main).toFixed(3)} | ${thousands(c.all)} | ${(first.all / c.all).toFixed(3)} |`,
    );
  }
}
