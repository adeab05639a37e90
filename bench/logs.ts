/**
 * @module
 * `npm run bench:logs`: what the request log costs a cache hit (issue #22). On each runtime two
 * Sleeves run side by side from the same code, one with `SLEEVE_LOG=json` (the default) and one
 * with `SLEEVE_LOG=off`, their standard output sent to /dev/null as a log shipper's pipe would
 * drain it; `wrk` (one thread) measures hits on each in interleaved rounds, and the table gives
 * the medians and json ÷ off. The goal is at most 10% of hit throughput: a ratio of 0.90 or more.
 *
 * Knobs: BENCH_RUNTIMES=node,bun,deno  BENCH_ROUNDS=5  BENCH_SECONDS=2  BENCH_CONNECTIONS=32
 * BENCH_BEFORE=<another checkout> (with its own node_modules) adds that checkout's Sleeve with
 * json logs, interleaved like the others, to show the cost before a change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { freePort } from '../test/storage/_redis.ts';
import { BIN, ROOT } from '../test/helpers/child-server.ts';
import { BENCH_UA as UA, interleaved, requireWrk } from './_wrk.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',');
const BEFORE = process.env.BENCH_BEFORE?.replace(/\/+$/, '');
const PATHS = ['/editorial/genres', '/search/all?query=love&limit=10'];

requireWrk();

/** How each runtime runs its entry from a checkout: as `npm start` does, without the tsx wrapper process. */
const RUN: Record<string, (root: string) => [string, string[]]> = {
  node: (root) => [process.execPath, ['--import', 'tsx', `${root}/adapters/node-main.ts`]],
  bun: (root) => [`${BIN}bun`, [`${root}/adapters/bun-main.ts`]],
  deno: (root) => [`${BIN}deno`, ['run', '-A', '--unstable-no-legacy-abort', `--config=${root}/deno.json`, `${root}/adapters/deno-main.ts`]],
};

interface Server {
  url: string;
  child: ChildProcess;
}

/** Starts an entry with its standard output on /dev/null, and waits until it answers. */
async function start(runtime: string, root: string, log: string): Promise<Server> {
  const port = await freePort();
  const [command, args] = RUN[runtime]!(root);
  const devNull = openSync('/dev/null', 'w');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), SLEEVE_LOG: log, SLEEVE_RATE_LIMITS: '1000000' },
    stdio: ['ignore', devNull, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    const up = await fetch(`${url}/healthz`).then((res) => res.ok, () => false);
    if (up) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${runtime} (${root}) did not answer within 60 s`);
}

async function benchRuntime(runtime: string): Promise<void> {
  const targets: Record<string, Server> = {
    json: await start(runtime, ROOT, 'json'),
    off: await start(runtime, ROOT, 'off'),
    ...(BEFORE ? { before: await start(runtime, BEFORE, 'json') } : {}),
  };
  try {
    // Warm each path on each server, so every measured request is a hit.
    for (const server of Object.values(targets)) {
      for (const path of PATHS) await fetch(server.url + path, { headers: { 'user-agent': UA } }).then((res) => res.arrayBuffer());
    }
    const urls = Object.fromEntries(Object.entries(targets).map(([name, server]) => [name, server.url]));
    const pids = Object.fromEntries(Object.entries(targets).map(([name, server]) => [name, server.child.pid]));
    const measured = interleaved(urls, PATHS, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS }, pids);
    const rps = (name: string, path: string) => measured(name, path).rps;
    console.log(`\n### ${runtime}: wrk -t1 -c${CONNECTIONS}, ${ROUNDS} interleaved rounds of ${SECONDS} s, medians\n`);
    console.log(`| endpoint | logs off req/s | json logs req/s | json ÷ off |${BEFORE ? ' before, json req/s | before ÷ off |' : ''}`);
    console.log(`|---|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`);
    for (const path of PATHS) {
      const off = rps('off', path);
      const json = rps('json', path);
      const before = BEFORE ? ` ${Math.round(rps('before', path))} | ${(rps('before', path) / off).toFixed(2)} |` : '';
      console.log(`| \`${path}\` | ${Math.round(off)} | ${Math.round(json)} | **${(json / off).toFixed(2)}** |${before}`);
    }
    // The same rounds as server CPU per answer: it holds when other work shares the cores.
    const cpu = (name: string, path: string) => measured(name, path).cpuUs;
    console.log(`\nServer CPU per answer, µs (same rounds, medians); off ÷ json is the throughput ratio CPU alone allows:\n`);
    console.log(`| endpoint | logs off | json logs | off ÷ json |${BEFORE ? ' before, json | off ÷ before |' : ''}`);
    console.log(`|---|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`);
    for (const path of PATHS) {
      const [off, json] = [cpu('off', path), cpu('json', path)];
      const before = BEFORE ? ` ${cpu('before', path).toFixed(1)} | ${(off / cpu('before', path)).toFixed(2)} |` : '';
      console.log(`| \`${path}\` | ${off.toFixed(1)} | ${json.toFixed(1)} | **${(off / json).toFixed(2)}** |${before}`);
    }
  } finally {
    for (const { child } of Object.values(targets)) child.kill('SIGKILL');
  }
}

console.log(`# Request-log cost on cache hits (${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).cpus().length} cores)`);
for (const runtime of RUNTIMES) await benchRuntime(runtime);
