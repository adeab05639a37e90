/**
 * @module
 * `npm run bench:logs`: what the request log costs a cache hit (issue #22). On each runtime two
 * Sleeves run side by side from the same code, one with `SLEEVE_LOG=json` (the default) and one
 * with `SLEEVE_LOG=off`, their standard output sent to /dev/null (as to a file or a terminal,
 * written at once), and a third with json logs into a pipe that `cat` drains, as a log shipper
 * or journald reads one (written asynchronously); `wrk` (one thread) measures hits on each in
 * interleaved rounds, and the table gives
 * the medians and json ÷ off, the median of each round's ratio. Servers are started afresh
 * `BENCH_PROCESSES` times (`processSets`): one process's luck would weigh as much as the log.
 * The goal is at most 10% of hit throughput: a ratio of 0.90 or more.
 *
 * Knobs: BENCH_RUNTIMES=node,bun,deno  BENCH_PROCESSES=3  BENCH_ROUNDS=3 (each set)  BENCH_SECONDS=2  BENCH_CONNECTIONS=32
 * BENCH_BEFORE=<another checkout> (with its own node_modules) adds that checkout's Sleeve with
 * json logs, interleaved like the others, to show the cost before a change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { freePort } from '../test/helpers/storage/redis.ts';
import { ROOT } from '../test/helpers/child-server.ts';
import { runEntry, startEntry } from './harness/run.ts';
import { BENCH_UA as UA, processSets, requireWrk } from './harness/wrk.ts';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',');
const BEFORE = process.env.BENCH_BEFORE?.replace(/\/+$/, '');
const PATHS = ['/editorial/genres', '/search/all?query=love&limit=10'];

requireWrk();

interface Server {
  url: string;
  child: ChildProcess;
}

/**
 * Starts an entry with its standard output on /dev/null, or into a pipe `cat` drains, and waits
 * until it answers. Not a pipe read here: this process is starved of the cores wrk and the
 * servers fill, and a Sleeve whose pipe stalls drops lines (said on its standard error), which
 * would measure less than the log's cost.
 */
async function start(runtime: string, root: string, log: string, output: 'null' | 'pipe' = 'null'): Promise<Server> {
  const port = await freePort();
  const [command, args] = runEntry(runtime, startEntry(runtime, root), root);
  const devNull = openSync('/dev/null', 'w');
  const reader = output === 'pipe' ? spawn('cat', [], { stdio: ['pipe', devNull, 'inherit'] }) : undefined;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), SLEEVE_LOG: log, SLEEVE_RATE_LIMITS: '1000000' },
    stdio: ['ignore', reader?.stdin ?? devNull, 'inherit'],
  });
  // The children hold their own copies of the descriptors: ours would only pile up, a set after another.
  closeSync(devNull);
  if (reader) child.on('exit', () => reader.kill());
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${runtime} (${root}) did not answer within 60 s`);
}

async function benchRuntime(runtime: string): Promise<void> {
  const measured = await processSets(PROCESSES, ROUNDS, { connections: CONNECTIONS, seconds: SECONDS }, async () => {
    const servers: Record<string, Server> = {};
    try {
      servers.json = await start(runtime, ROOT, 'json');
      servers.off = await start(runtime, ROOT, 'off');
      servers.piped = await start(runtime, ROOT, 'json', 'pipe');
      if (BEFORE) servers.before = await start(runtime, BEFORE, 'json');
      // Warm each path on each server, so every measured request is a hit.
      for (const server of Object.values(servers)) {
        for (const path of PATHS)
          await fetch(server.url + path, { headers: { 'user-agent': UA } }).then((res) => res.arrayBuffer());
      }
    } catch (error) {
      for (const { child } of Object.values(servers)) child.kill('SIGKILL');
      throw error;
    }
    return {
      targets: Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.url])),
      pids: Object.fromEntries(Object.entries(servers).map(([name, server]) => [name, server.child.pid])),
      paths: PATHS,
      stop: () => {
        for (const { child } of Object.values(servers)) child.kill('SIGKILL');
      },
    };
  });
  const rps = (name: string, path: string) => measured(name, path).rps;
  console.log(
    `\n### ${runtime}: wrk -t1 -c${CONNECTIONS}, ${PROCESSES} sets of fresh servers × ${ROUNDS} interleaved rounds of ${SECONDS} s; medians, ratios paired by round\n`,
  );
  console.log(
    `| endpoint | logs off req/s | json logs req/s | json ÷ off | json into a pipe req/s | pipe ÷ off |${BEFORE ? ' before, json req/s | before ÷ off |' : ''}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`);
  for (const path of PATHS) {
    const before = BEFORE
      ? ` ${Math.round(rps('before', path))} | ${measured.ratio('before', 'off', path, 'rps').toFixed(2)} |`
      : '';
    const piped = ` ${Math.round(rps('piped', path))} | **${measured.ratio('piped', 'off', path, 'rps').toFixed(2)}** |`;
    console.log(
      `| \`${path}\` | ${Math.round(rps('off', path))} | ${Math.round(rps('json', path))} | **${measured.ratio('json', 'off', path, 'rps').toFixed(2)}** |${piped}${before}`,
    );
  }
  // The same rounds as server CPU per answer: it holds when other work shares the cores.
  const cpu = (name: string, path: string) => measured(name, path).cpuUs;
  console.log(
    `\nServer CPU per answer, µs (same rounds, medians); off ÷ json is the throughput ratio CPU alone allows:\n`,
  );
  console.log(
    `| endpoint | logs off | json logs | off ÷ json | json into a pipe | off ÷ pipe |${BEFORE ? ' before, json | off ÷ before |' : ''}`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|${BEFORE ? '---:|---:|' : ''}`);
  for (const path of PATHS) {
    const before = BEFORE
      ? ` ${cpu('before', path).toFixed(1)} | ${measured.ratio('off', 'before', path, 'cpuUs').toFixed(2)} |`
      : '';
    const piped = ` ${cpu('piped', path).toFixed(1)} | **${measured.ratio('off', 'piped', path, 'cpuUs').toFixed(2)}** |`;
    console.log(
      `| \`${path}\` | ${cpu('off', path).toFixed(1)} | ${cpu('json', path).toFixed(1)} | **${measured.ratio('off', 'json', path, 'cpuUs').toFixed(2)}** |${piped}${before}`,
    );
  }
}

console.log(
  `# Request-log cost on cache hits (${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).cpus().length} cores)`,
);
for (const runtime of RUNTIMES) await benchRuntime(runtime);
