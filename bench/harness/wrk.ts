/**
 * @module
 * The benches' one way to drive `wrk` (a C load generator, so the client is never the
 * bottleneck): check it is installed, run it on one thread, read its rate and p99, and fail
 * the bench on any answer but a 2xx (a 429 or an error would measure the wrong thing).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpuSeconds } from './cpu.ts';

export const BENCH_UA = 'SleeveBench/1.0 (bench@example.com)';

export interface Wrk {
  rps: number;
  p99ms: number;
  /** Requests completed. */
  requests: number;
  /** Microseconds of the server's CPU per request, when its process was given (`cpu.ts`); else NaN. */
  cpuUs: number;
}

/** Exits with how to install wrk when it is missing; the benches install nothing themselves. */
export function requireWrk(): void {
  if (spawnSync('wrk', ['--version']).error) {
    console.error(
      'bench: wrk is not installed. On Debian or Ubuntu: apt-get install -y wrk (macOS: brew install wrk).',
    );
    process.exit(1);
  }
}

export interface WrkRun {
  connections: number;
  seconds: number;
  /** A Lua script and the arguments it takes after `--`. */
  script?: string;
  args?: readonly string[];
}

/** One run with one thread (a script's request counter is then unique); `pid`: the server's, to read its CPU. */
export function wrk(url: string, run: WrkRun, pid?: number): Wrk {
  const cpuBefore = pid === undefined ? Number.NaN : cpuSeconds(pid);
  const script = run.script ? ['-s', run.script] : [];
  const args = run.args ? ['--', ...run.args] : [];
  const out = execFileSync(
    'wrk',
    [
      '-t1',
      `-c${run.connections}`,
      `-d${run.seconds}s`,
      '--latency',
      '-H',
      `User-Agent: ${BENCH_UA}`,
      ...script,
      url,
      ...args,
    ],
    { encoding: 'utf8' },
  );
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (bad) throw new Error(`${url}: ${bad[1]} answers were not 2xx`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const cpuUs = pid === undefined ? Number.NaN : ((cpuSeconds(pid) - cpuBefore) * 1e6) / requests;
  return { rps, p99ms, requests, cpuUs };
}

export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs per target and path, in round order: the i-th run of every target on a path is of one round. */
type Samples = Map<string, Wrk[]>;

/** What an interleaved measure gives: each target's medians, and ratios paired by round. */
export interface Measured {
  (name: string, path: string): Wrk;
  /**
   * The median over rounds of `a ÷ b` (`field`), each pair from one round: a drift of the
   * machine between rounds cancels out, as it does not in a ratio of two medians.
   */
  ratio(a: string, b: string, path: string, field: 'rps' | 'cpuUs'): number;
  /** Each round's `a ÷ b`, in round order: the spread `ratio` is the median of. */
  ratios(a: string, b: string, path: string, field: 'rps' | 'cpuUs'): number[];
  /** Every run of a target on a path, in round order. */
  runs(name: string, path: string): readonly Wrk[];
}

/**
 * wrk on every target and path, round after round, rotating which target goes first: a server's
 * place in the order weighs on it (measured on Node: an identical second Sleeve, always 4th or
 * 5th of 5 in 2 rounds, read 17.6-19.3 µs a hit against the first's 14.9-15.7; with 5 rounds,
 * each place once, the two read alike). `first` is the rotation of this set's first round, so
 * the rotation goes on across sets (`processSets`) and every server takes every place as evenly
 * as the rounds allow. The runs go into `into`, where the sets add up.
 */
function interleaved(
  targets: Readonly<Record<string, string>>,
  paths: readonly string[],
  rounds: number,
  first: number,
  run: WrkRun,
  pids: Readonly<Record<string, number | undefined>>,
  into: Samples,
): void {
  const names = Object.keys(targets);
  for (let round = first; round < first + rounds; round++) {
    for (const path of paths) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + round) % names.length]!;
        const key = `${name} ${path}`;
        into.set(key, [...(into.get(key) ?? []), wrk(targets[name] + path, run, pids[name])]);
      }
    }
  }
}

function measuredOf(samples: Samples): Measured {
  const runs = (name: string, path: string) => samples.get(`${name} ${path}`) ?? [];
  const measured = (name: string, path: string): Wrk => {
    const all = runs(name, path);
    const of = (field: keyof Wrk) => median(all.map((r) => r[field]));
    return { rps: of('rps'), p99ms: of('p99ms'), requests: of('requests'), cpuUs: of('cpuUs') };
  };
  measured.ratios = (a: string, b: string, path: string, field: 'rps' | 'cpuUs') => {
    const [as, bs] = [runs(a, path), runs(b, path)];
    return as.map((run, i) => run[field] / bs[i]![field]);
  };
  measured.ratio = (a: string, b: string, path: string, field: 'rps' | 'cpuUs') =>
    median(measured.ratios(a, b, path, field));
  measured.runs = runs;
  return measured;
}

/**
 * How long each fresh server answers its first path, then each other path, before its rounds
 * are measured: a Node Sleeve's first 2 s of hits cost 17.8 µs each, the next ones 15.2-15.6
 * (the JIT's background compiles and the start's garbage, on its own CPU time).
 */
const FIRST_WARM_SECONDS = 3;
const WARM_SECONDS = 1;

/** A set of servers `processSets` measures: their URLs and pids by name, the paths to ask, and how to stop them. */
export interface ServerSet {
  targets: Record<string, string>;
  pids: Record<string, number | undefined>;
  paths: readonly string[];
  stop(): Promise<void> | void;
}

/**
 * Measures `sets` fresh sets of server processes one after another, into one set of samples:
 * two processes of the same code differ by a few percent from start to start (seen: 12.7 and
 * 13.5 µs a hit for two identical Bun servers), as much as what a bench looks for, so one
 * process per target would measure its luck. Each set is warmed (wrk on every target and
 * path, not counted), then its rounds are interleaved as `interleaved` does.
 */
export async function processSets(
  sets: number,
  rounds: number,
  run: WrkRun,
  start: () => Promise<ServerSet>,
): Promise<Measured> {
  const samples: Samples = new Map();
  for (let set = 0; set < sets; set++) {
    const { targets, pids, paths, stop } = await start();
    try {
      // Unmeasured: fresh servers compile their hot code (and fill their caches) under load first.
      for (const path of paths)
        for (const url of Object.values(targets))
          wrk(url + path, { ...run, seconds: path === paths[0] ? FIRST_WARM_SECONDS : WARM_SECONDS });
      interleaved(targets, paths, rounds, set * rounds, run, pids, samples);
    } finally {
      await stop();
    }
  }
  return measuredOf(samples);
}
