/**
 * @module
 * `npm run bench:exe`: the executable of issue 36 (`npm run build:exe`, D38). Builds it, then
 * prints its size and, over fresh processes each copied alone into an empty folder and
 * started with an empty environment but `PORT` (as `test/exe/` and the image run it): the
 * time from spawn to the start-up line, each first answer a user's first visit asks for
 * (`/healthz`, a search, the `/docs` page, swagger-ui's script, a PNG card), and the memory
 * held after them. Beside it, the same probes on `npm run start:bun` from the sources (files
 * read from node_modules), so the cost of carrying the assets shows.
 *
 * Knobs: BENCH_RUNS=7 (fresh processes per row, interleaved).
 * Not a test: numbers depend on the machine and on whatever else runs on it.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExe } from '../scripts/build-exe.ts';
import { BIN, ROOT } from '../test/helpers/child-server.ts';
import { median } from './harness/wrk.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const UA = { 'User-Agent': 'bench-exe/1.0 (bench@example.com)' };

/** What one visit asks first, in order: each timed on a fresh process, from request to last byte. */
const FIRST: [name: string, path: string][] = [
  ['/healthz', '/healthz'],
  ['search', '/search/all?query=love&limit=5'],
  ['/docs', '/docs'],
  ['swagger-ui-bundle.js', '/docs/swagger-ui-bundle.js'],
  ['PNG card', '/share/card?id=100006189'],
];

interface Run {
  listening: number;
  first: number[];
  rssMb: number;
}

/** Spawns `argv` in `cwd` with `env` only, times it to its start-up line, then each first answer. */
async function once(argv: string[], env: Record<string, string>, cwd: string): Promise<Run> {
  const t0 = performance.now();
  const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
    });
    const listening = performance.now() - t0;
    const first: number[] = [];
    for (const [name, path] of FIRST) {
      const t = performance.now();
      const res = await fetch(`${url}${path}`, { headers: UA });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      first.push(performance.now() - t);
    }
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return { listening, first, rssMb: Number(rss?.[1] ?? 0) / 1024 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const buildStart = performance.now();
const built = buildExe();
const buildMs = performance.now() - buildStart;
const folder = mkdtempSync(join(tmpdir(), 'sleeve-bench-exe-'));
const exe = join(folder, 'sleeve');
copyFileSync(built, exe);

const rows = [
  {
    name: 'out/sleeve, alone in an empty folder',
    argv: [exe],
    cwd: folder,
    env: {} as Record<string, string>,
    runs: [] as Run[],
  },
  {
    name: '`npm run start:bun`, from the sources',
    argv: [`${BIN}bun`, 'adapters/bun/main.ts'],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '' },
    runs: [] as Run[],
  },
];
try {
  for (let i = 0; i < RUNS; i++) {
    for (const row of rows) row.runs.push(await once(row.argv, { ...row.env, PORT: '0', SLEEVE_LOG: 'off' }, row.cwd));
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const cell = (values: number[]) =>
  `${median(values).toFixed(0)} [${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`;
console.log(
  `# The executable (${new Date().toISOString().slice(0, 10)}, Bun from node_modules, ${cpus().length} cores), medians of ${RUNS} fresh processes [min–max], ms\n`,
);
console.log(
  `out/sleeve: ${(statSync(built).size / 1e6).toFixed(1)} MB, built in ${(buildMs / 1000).toFixed(1)} s (assets embedded, then bun build --compile)\n`,
);
console.log(`| run | to listening | ${FIRST.map(([name]) => `first ${name}`).join(' | ')} | RSS after, MB |`);
console.log(`|---|---:|${FIRST.map(() => '---:').join('|')}|---:|`);
for (const { name, runs } of rows) {
  console.log(
    `| ${name} | ${cell(runs.map((r) => r.listening))} | ${FIRST.map((_, i) => cell(runs.map((r) => r.first[i]!))).join(' | ')} | ${median(runs.map((r) => r.rssMb)).toFixed(0)} |`,
  );
}
