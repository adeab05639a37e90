/**
 * @module
 * The benches' one way to drive `wrk` (a C load generator, so the client is never the
 * bottleneck): check it is installed, run it on one thread, read its rate and p99, and fail
 * the bench on any answer but a 2xx (a 429 or an error would measure the wrong thing).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpuSeconds } from './_cpu.ts';

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
    console.error('bench: wrk is not installed. On Debian or Ubuntu: apt-get install -y wrk (macOS: brew install wrk).');
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
  const out = execFileSync('wrk', ['-t1', `-c${run.connections}`, `-d${run.seconds}s`, '--latency', '-H', `User-Agent: ${BENCH_UA}`, ...script, url, ...args], { encoding: 'utf8' });
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

/**
 * wrk on every target and path, round after round, rotating which target goes first so that no
 * server always meets the machine right after a pause: the drift hits each alike. Returns each
 * target's medians per path.
 */
export function interleaved(targets: Readonly<Record<string, string>>, paths: readonly string[], rounds: number, run: WrkRun, pids: Readonly<Record<string, number | undefined>> = {}): (name: string, path: string) => Wrk {
  const names = Object.keys(targets);
  const runs = new Map<string, Wrk[]>();
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + round) % names.length]!;
        const key = `${name} ${path}`;
        runs.set(key, [...(runs.get(key) ?? []), wrk(targets[name] + path, run, pids[name])]);
      }
    }
  }
  return (name, path) => {
    const all = runs.get(`${name} ${path}`) ?? [];
    const of = (field: keyof Wrk) => median(all.map((r) => r[field]));
    return { rps: of('rps'), p99ms: of('p99ms'), requests: of('requests'), cpuUs: of('cpuUs') };
  };
}
