/**
 * @module
 * `npm run bench:import`: what a cold start pays before Sleeve answers (issue #25), on the
 * package as a user installs it: this checkout packed and installed into a fresh project
 * (`test/helpers/installed-package.ts`), each run a fresh Node process. It times
 * `import('sleeve')`, `import('sleeve/node')`, and then, in live mode with every upstream on a
 * loopback replay of recorded answers (`replay/server.ts`), `createSleeve()` and the first
 * `/healthz` answer (which calls Deezer and ReccoBeats). Goals: import ≤ 60 ms, first live
 * `/healthz` ≤ 100 ms after the import.
 *
 * Knobs: BENCH_RUNS=9 (fresh processes per row and checkout, interleaved)
 * BENCH_BEFORE=<another checkout> (with its own node_modules) packs and installs that one too,
 * and the table shows both.
 * Not a test: numbers depend on the machine and on whatever else runs on it.
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../test/helpers/child-server.ts';
import { installPacked } from '../test/helpers/installed-package.ts';
import { startReplay } from '../replay/server.ts';
import { median } from './harness/wrk.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const BEFORE = process.env.BENCH_BEFORE?.replace(/\/+$/, '');

/** One cold start, in the installed project: prints its figures as one JSON line. */
const PROBE = `
const which = process.argv[2];
const t0 = performance.now();
const loaded = await import(which === 'node' ? 'sleeve/node' : 'sleeve');
const imported = performance.now() - t0;
if (which === 'node') { console.log(JSON.stringify({ imported })); process.exit(0); }
const { createSleeve } = loaded;
const quiet = { info() {}, error() {}, request() {} };
const t1 = performance.now();
const sleeve = createSleeve({ mode: 'live', ...JSON.parse(process.argv[3]), log: quiet });
const res = await sleeve.fetch(new Request('http://localhost/healthz'));
const body = await res.json();
const healthz = performance.now() - t1;
await sleeve.close();
console.log(JSON.stringify({ imported, healthz, status: body.status }));
`;

interface Figures {
  imported: number;
  healthz?: number;
  status?: string;
}

const replay = await startReplay();
const installs = [
  { name: 'this checkout', root: ROOT },
  ...(BEFORE ? [{ name: `before (${BEFORE})`, root: BEFORE }] : []),
].map((target) => {
  console.error(`packing and installing ${target.root} ...`);
  const installed = installPacked(target.root);
  writeFileSync(join(installed.dir, 'probe.mjs'), PROBE);
  return { ...target, installed, runs: { sleeve: [] as Figures[], node: [] as Figures[] } };
});

try {
  // Not execFileSync: the replay answers from this process, whose event loop must keep running.
  const run = async (dir: string, which: 'sleeve' | 'node'): Promise<Figures> => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['probe.mjs', which, JSON.stringify(replay.options)],
      { cwd: dir, encoding: 'utf8' },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  };
  // Interleaved, so a busy moment of the machine falls on every checkout alike.
  for (let i = 0; i < RUNS; i++) {
    for (const install of installs) {
      install.runs.sleeve.push(await run(install.installed.dir, 'sleeve'));
      install.runs.node.push(await run(install.installed.dir, 'node'));
    }
  }
  console.log(
    `# Cold start of the installed package (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores), medians of ${RUNS} fresh processes [min–max]\n`,
  );
  console.log(
    `| checkout | packed files | import('sleeve') ms | import('sleeve/node') ms | live: createSleeve + first /healthz ms | /healthz said |`,
  );
  console.log('|---|---:|---:|---:|---:|---|');
  for (const { name, installed, runs } of installs) {
    const cell = (values: number[]) =>
      `${median(values).toFixed(1)} [${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}]`;
    const statuses = [...new Set(runs.sleeve.map((f) => f.status))].join(', ');
    console.log(
      `| ${name} | ${installed.pack.files.length} | ${cell(runs.sleeve.map((f) => f.imported))} | ${cell(runs.node.map((f) => f.imported))} | ${cell(runs.sleeve.map((f) => f.healthz!))} | ${statuses} |`,
    );
  }
  console.log('\nGoals: import ≤ 60 ms on Node; first live /healthz ≤ 100 ms after the import.');
} finally {
  await replay.close();
  for (const { installed } of installs) rmSync(dirname(installed.dir), { recursive: true, force: true });
}
