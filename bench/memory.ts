/**
 * @module
 * `npm run bench:memory` (issue #42): what an instance holds as distinct cache misses pile up.
 * The `sleeve` command of the built package (`dist/adapters/cli/index.js`, what `npx sleeve` runs;
 * built first when missing) on Node, Bun and Deno (Deno with the `DENO_V8_FLAGS` start-up asks
 * for), with memory storage and with a real Redis; `BENCH_BEFORE=<checkout>` serves the same
 * from another checkout (built there too) in the same run. Every server is started first, then
 * flooded in turns, checkpoint by checkpoint, so the machine's state weighs on each alike.
 *
 * Per server and moment (idle, catalogue built, after each checkpoint of `/search/all` misses,
 * eight at a time): the resident set of the process that answers (from /proc, Linux), the
 * waiting parent Node 20 adds, and heap used and heap limit from `/metrics` where the checkout
 * serves them. The flood comes from a Node child process: memory, not speed, is measured here,
 * so the client's own speed does not matter, and it counts requests exactly where wrk counts time.
 *
 * Knobs: BENCH_RUNTIMES=node,bun,deno (node22, node24: those lines' binaries)  BENCH_STORAGES=memory,redis  BENCH_MISSES=20000,100000,200000
 * BENCH_CACHE_MB (SLEEVE_CACHE_MB, default unset: 64)  BENCH_BEFORE=<checkout>
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { v8Flags } from '../adapters/launch/heap-limit.ts';
import { memoryPlan } from '../adapters/launch/memory-plan.ts';
import { BIN, ROOT, startChild, type ChildServer } from '../test/helpers/child-server.ts';
import { builtCommand } from './harness/run.ts';
import { nodeBinary, type NodeLine } from '../test/helpers/node-lines.ts';
import { rssOf, servingPid } from '../test/helpers/process-memory.ts';
import { startRedis, type RedisServer } from '../test/helpers/storage/redis.ts';
import { BENCH_UA } from './harness/wrk.ts';

const RUNTIMES = (process.env.BENCH_RUNTIMES ?? 'node,bun,deno').split(',');
const STORAGES = (process.env.BENCH_STORAGES ?? 'memory,redis').split(',');
const CHECKPOINTS = (process.env.BENCH_MISSES ?? '20000,100000,200000').split(',').map(Number);
const CACHE_MB = process.env.BENCH_CACHE_MB;
const BEFORE = process.env.BENCH_BEFORE ? resolve(process.env.BENCH_BEFORE) : undefined;
const MIB = 1024 * 1024;

interface Target {
  label: string;
  server: ChildServer;
  /** Distinct queries asked so far (each target's own numbers, so never a hit). */
  asked: number;
  rows: string[];
}

/** The checkout's `dist/`, built when missing. */
function built(tree: string): string {
  const cli = join(tree, builtCommand(tree));
  if (!existsSync(cli)) execFileSync('npm', ['run', 'build', '--silent'], { cwd: tree, stdio: 'inherit' });
  return cli;
}

/** How each runtime runs the command; Deno with the flag start-up asks for, where the checkout asks (`now`). */
function command(runtime: string, cli: string, now: boolean): [string, string[], Record<string, string>] {
  const plan = memoryPlan({ cacheMb: CACHE_MB ? Number(CACHE_MB) : undefined, containerBytes: undefined });
  if (runtime === 'node') return [process.execPath, [cli], {}];
  // Node 22.15+ and 24 replace themselves (process.execve): no waiting parent.
  if (runtime === 'node22' || runtime === 'node24')
    return [nodeBinary(Number(runtime.slice(4)) as NodeLine), [cli], {}];
  if (runtime === 'bun') return [`${BIN}bun`, [cli], {}];
  return [`${BIN}deno`, ['run', '-A', cli], now ? { DENO_V8_FLAGS: v8Flags(plan, '').join(',') } : {}];
}

async function heap(server: ChildServer): Promise<{ used: string; limit: string }> {
  const text = await (await fetch(`${server.url}/metrics`)).text().catch(() => '');
  const read = (name: string) => {
    const value = new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1];
    return value === undefined ? 'n/a' : String(Math.round(Number(value) / MIB));
  };
  return { used: read('sleeve_heap_used_bytes'), limit: read('sleeve_heap_limit_bytes') };
}

async function row(t: Target, moment: string): Promise<void> {
  const { pid, waiter } = servingPid(t.server.pid!);
  const { used, limit } = await heap(t.server);
  const line = `| ${t.label} | ${moment} | ${Math.round(rssOf(pid) / MIB)} | ${waiter === undefined ? '–' : Math.round(rssOf(waiter) / MIB)} | ${used} | ${limit} |`;
  // Each row as it comes too, so a long run cut short still says what it saw.
  console.error(line);
  t.rows.push(line);
}

const FLOOD = `
import http from 'node:http';
const [port, from, count] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
let next = from, bad = 0;
const one = (n) => new Promise((done, fail) => http.get({ host: '127.0.0.1', port, agent, path: '/search/all?query=love%20' + n + '&limit=10', headers: { 'user-agent': ${JSON.stringify(BENCH_UA)} } }, (r) => { if (r.statusCode !== 200) bad++; r.resume().on('end', done); }).on('error', fail));
await Promise.all(Array.from({ length: 8 }, async () => { while (next < from + count) await one(next++); }));
agent.destroy();
if (bad) { console.error(bad + ' answers were not 200'); process.exit(1); }
`;
const floodFile = join(tmpdir(), `sleeve-bench-flood-${process.pid}.mjs`);
writeFileSync(floodFile, FLOOD);

function flood(t: Target, count: number): Promise<void> {
  const port = new URL(t.server.url).port;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [floodFile, port, String(t.asked + 1), String(count)], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${t.label}: the flood failed`))));
  });
}

const trees = [{ name: 'now', dir: ROOT.replace(/\/$/, '') }, ...(BEFORE ? [{ name: 'before', dir: BEFORE }] : [])];
const targets: Target[] = [];
let redis: RedisServer | undefined;
console.log(
  `# Memory under distinct misses (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, SLEEVE_CACHE_MB=${CACHE_MB ?? 'unset (64)'})`,
);
try {
  if (STORAGES.includes('redis')) redis = await startRedis();
  for (const tree of trees) {
    const cli = built(tree.dir);
    for (const runtime of RUNTIMES) {
      for (const storage of STORAGES) {
        const [bin, args, env] = command(runtime, cli, tree.name === 'now');
        const label = `${runtime}, ${storage}${BEFORE ? ` (${tree.name})` : ''}`;
        const server = await startChild(
          bin,
          args,
          {
            ...env,
            SLEEVE_LOG: 'off',
            SLEEVE_RATE_LIMITS: 'off',
            SLEEVE_METRICS: '1',
            SLEEVE_STORAGE: storage === 'redis' ? redis!.url : 'memory',
            ...(CACHE_MB ? { SLEEVE_CACHE_MB: CACHE_MB } : {}),
          },
          60_000,
          tree.dir,
        );
        const t: Target = { label, server, asked: 0, rows: [] };
        targets.push(t);
        await row(t, 'idle');
      }
    }
  }
  for (const t of targets) {
    const first = await fetch(`${t.server.url}/search/all?query=warmup`, { headers: { 'user-agent': BENCH_UA } });
    if (!first.ok) throw new Error(`${t.label}: the first search answered ${first.status}`);
    await row(t, 'catalogue built');
  }
  for (const checkpoint of CHECKPOINTS) {
    for (const t of targets) {
      await flood(t, checkpoint - t.asked);
      t.asked = checkpoint;
      await row(t, `after ${checkpoint.toLocaleString('en')} misses`);
    }
  }
  console.log('\n| server | moment | RSS MiB | Node 20 waiter MiB | heap used MiB | heap limit MiB |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const t of targets) for (const line of t.rows) console.log(line);
  const plan = memoryPlan({ cacheMb: CACHE_MB ? Number(CACHE_MB) : undefined, containerBytes: undefined });
  console.log(
    `\nThe plan for this bound: heap ${plan.heapMb} MiB, need ${plan.needMb} MiB (adapters/launch/memory-plan.ts).`,
  );
} finally {
  await Promise.all(targets.map((t) => t.server.stop()));
  await redis?.stop();
}
