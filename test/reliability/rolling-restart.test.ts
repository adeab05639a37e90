/**
 * Issue #22: a rolling restart that loses nothing, with the parts an operator runs. Debian's
 * nginx, configured as `examples/deploy/nginx.conf`, sits in front of two Sleeve instances on
 * Node (started as the systemd unit starts them) sharing one real Redis. `wrk` sends steady load
 * through nginx while one instance gets SIGTERM and a new process takes its port, then the
 * other. Goal: no failed request, no 5xx, and what Redis holds outlives both restarts: the rate
 * limit's count goes on, and URLs cached before are hits after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/child-server.ts';
import { freePort } from '../helpers/storage/redis.ts';
import { SCALE, UA } from './_config.ts';
import { nginxMissing, startNginx, wrkMissing, type Nginx } from './_nginx.ts';
import { redisMissing, startRestartableRedis, type RestartableRedis } from './_redis.ts';

const missing = redisMissing ?? nginxMissing ?? wrkMissing;
if (missing) console.warn(`[rolling restart] skipped: ${missing}`);

/** Seconds of load around each restart, and wrk's connections. */
const LOAD = SCALE === 'full' ? { seconds: 20, connections: 64 } : { seconds: 6, connections: 16 };
/**
 * What the load asks: cache hits of four endpoints (the first is the rate-limit probe's), and a
 * `/batch` of them all, a POST that nginx never retries on the other instance: one cut while
 * it is answered is lost.
 */
const LOAD_PATHS = [
  '/editorial/genres',
  '/search/all?query=love&limit=10',
  '/track/hot?limit=50',
  '/album/new-releases?limit=20',
  'batch',
];
/** URLs asked once before the restarts, to be hits after each. */
const CACHED = Array.from({ length: 20 }, (_, i) => `/search/all?query=rolling+${i}&limit=3`);

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * The unit's `ExecStart` arguments after `node` (its flags and entry), so instances run as the
 * unit runs them; its entry is the installed package's built command, run here from the
 * checkout's sources (the unit's own line runs against a packed install in test/distribution/package/package.test.ts).
 */
const UNIT_ARGS = (() => {
  const unit = readFileSync(`${ROOT}examples/deploy/sleeve@.service`, 'utf8');
  const [node, ...args] = /^ExecStart=(.+)$/m.exec(unit)![1]!.trim().split(/\s+/);
  if (!node!.endsWith('/node')) throw new Error(`the unit's ExecStart runs ${node}, not Node itself`);
  return args.flatMap((arg) =>
    arg === 'node_modules/sleeve/dist/adapters/cli/index.js' ? ['--import', 'tsx', 'adapters/cli/index.ts'] : [arg],
  );
})();

/** One instance, started as the systemd unit starts it: Node itself, no wrapper process. */
async function startInstance(port: number, redis: string): Promise<Instance> {
  const child = spawn(process.execPath, UNIT_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SLEEVE_STORAGE: redis,
      SLEEVE_TRUST_PROXY: '1',
      SLEEVE_RATE_LIMITS: '100000',
      SLEEVE_LOG: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/search/all?query=warm`, { headers: { 'user-agent': UA } }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { port, child, exited };
    if (child.exitCode !== null || tries > 300) throw new Error(`instance on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface LoadFigures {
  requests: number;
  /** Socket errors wrk saw: connect, read, write, timeout. */
  failed: number;
  statuses: Record<string, number>;
  p99ms: number;
}

/** wrk through nginx for `seconds`; `during` runs meanwhile (the restart). */
async function load(url: string, seconds: number, during: () => Promise<void>): Promise<LoadFigures> {
  const child = spawn('wrk', [
    '-t1',
    `-c${LOAD.connections}`,
    `-d${seconds}s`,
    '--timeout',
    '5s',
    '-H',
    `User-Agent: ${UA}`,
    '-s',
    `${ROOT}test/reliability/_statuses.lua`,
    url,
    '--',
    ...LOAD_PATHS,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk));
  const finished = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await during();
  await finished;
  const result = /RESULT requests=(\d+) connect=(\d+) read=(\d+) write=(\d+) timeout=(\d+) p99us=(\d+)/.exec(out);
  if (!result) throw new Error(`wrk printed no result:\n${out}`);
  const [requests, connect, read, write, timeout, p99us] = result.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const statuses: Record<string, number> = {};
  for (const [, status, count] of out.matchAll(/STATUS (\d+) (\d+)/g)) statuses[status!] = Number(count);
  return { requests, failed: connect + read + write + timeout, statuses, p99ms: p99us / 1000 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing !== undefined)('a rolling restart behind nginx, two Node instances on one Redis', () => {
  let redis: RestartableRedis;
  let nginx: Nginx;
  const instances: Instance[] = [];
  const rows: string[] = [];

  beforeAll(async () => {
    redis = await startRestartableRedis();
    const ports = [await freePort(), await freePort()];
    for (const port of ports) instances.push(await startInstance(port, redis.url));
    nginx = await startNginx(ports);
  }, 120_000);

  afterAll(async () => {
    for (const { child } of instances) child.kill('SIGKILL');
    await nginx?.stop();
    await redis?.stop();
    if (rows.length) {
      console.log(
        [
          '',
          `== rolling restart (${SCALE} scale: wrk -c${LOAD.connections}, ${LOAD.seconds} s around each restart) ==`,
          'phase            | requests | failed | statuses              | p99 ms | cached URLs HIT after',
          '-----------------|----------|--------|-----------------------|--------|----------------------',
          ...rows,
        ].join('\n'),
      );
    }
  });

  const get = (path: string) => fetch(nginx.url + path, { headers: { 'user-agent': UA } });
  const hits = async () => {
    let hit = 0;
    for (const path of CACHED) if ((await get(path).then((res) => res.headers.get('x-cache'))) === 'HIT') hit++;
    return hit;
  };
  const limit = async () => {
    const res = await get(LOAD_PATHS[0]!);
    await res.arrayBuffer();
    return { remaining: Number(res.headers.get('ratelimit-remaining')), window: res.headers.get('x-ratelimit-reset') };
  };

  /** SIGTERM to instance `which` under load; a new process on its port once it has exited. */
  const restart = async (which: number) => {
    const old = instances[which]!;
    old.child.kill('SIGTERM');
    expect(await old.exited).toBe(0);
    instances[which] = await startInstance(old.port, redis.url);
    // Let nginx's fail_timeout (2 s in the example) pass, so it sends to this instance again.
    await sleep(2_500);
  };

  it('loses no request and keeps the rate-limit counts and the cache', async () => {
    for (const path of CACHED) expect((await get(path)).headers.get('x-cache')).toBe('MISS');
    // The rate-limit windows are aligned minutes (D8): compare counts within one.
    const secondsLeft = 60 - (Math.floor(Date.now() / 1000) % 60);
    if (secondsLeft < 2 * LOAD.seconds + 20) await sleep(secondsLeft * 1000 + 200);
    const steady = await load(nginx.url, 2, async () => {});
    const before = await limit();
    const phases: [string, LoadFigures, number][] = [['steady', steady, await hits()]];
    for (const which of [0, 1]) {
      const figures = await load(nginx.url, LOAD.seconds, async () => {
        await sleep(500);
        await restart(which);
      });
      phases.push([`restart ${which === 0 ? 'A' : 'B'}`, figures, await hits()]);
    }
    const after = await limit();

    for (const [name, f, hit] of phases) {
      const statuses = Object.entries(f.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      rows.push(
        `${name.padEnd(16)} | ${String(f.requests).padStart(8)} | ${String(f.failed).padStart(6)} | ${statuses.padEnd(21)} | ${f.p99ms.toFixed(1).padStart(6)} | ${hit}/${CACHED.length}`,
      );
    }
    for (const [name, f, hit] of phases) {
      expect({ name, failed: f.failed, statuses: Object.keys(f.statuses) }).toEqual({
        name,
        failed: 0,
        statuses: ['200'],
      });
      expect(f.requests).toBeGreaterThan(0);
      // After both restarts no instance holds an entry in process: these hits come from Redis.
      expect({ name, hit }).toEqual({ name, hit: CACHED.length });
    }
    // The count went on across both restarts (instances counting in memory would have started again).
    expect(after.window).toBe(before.window);
    expect(after.remaining).toBeLessThan(before.remaining);
  }, 180_000);
});
