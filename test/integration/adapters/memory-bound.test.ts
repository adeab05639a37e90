/**
 * Issue #42: the process's memory follows the cache bound. The plan (`adapters/launch/memory-plan.ts`)
 * from `SLEEVE_CACHE_MB` and the container's limit; the limit read from the cgroup files; the
 * `sleeve` command started with a small bound and flooded with distinct misses, its resident
 * set held under the figure docs/deploying.md promises for that bound; and, in a real memory
 * cgroup (as root on Linux), the start-up line that says a container is too small.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { containerMemoryBytes } from '../../../adapters/launch/container-memory.ts';
import { memoryPlan } from '../../../adapters/launch/memory-plan.ts';
import { ROOT, startChild, type ChildServer } from '../../helpers/child-server.ts';
import { rssOf, servingPid } from '../../helpers/process-memory.ts';

const MIB = 1024 * 1024;
const UA = 'MemoryTest/1.0 (memory@example.com)';

describe('the memory plan', () => {
  it('sizes the heap from the bound, and the need from heap, runtime and picture bytes', () => {
    const plan = memoryPlan({ cacheMb: undefined, containerBytes: undefined });
    expect(plan).toMatchObject({ cacheMb: 64, heapMb: 160, containerMb: undefined, warning: undefined });
    expect(plan.needMb).toBe(64 + 48 + 160 + 48);
    const small = memoryPlan({ cacheMb: 8, containerBytes: undefined });
    expect(small.heapMb).toBe(76);
    expect(small.needMb).toBeLessThan(plan.needMb);
    // A catalogue file's heap is allowed for beside the bound.
    expect(memoryPlan({ cacheMb: 8, containerBytes: undefined, catalogBytes: 10 * MIB }).heapMb).toBe(76 + 40);
  });

  it('lowers an unset bound to what the container holds, and says when a set one does not fit', () => {
    const lowered = memoryPlan({ cacheMb: undefined, containerBytes: 256 * MIB });
    expect(lowered.cacheMb).toBeLessThan(64);
    expect(lowered.needMb).toBeLessThanOrEqual(256);
    expect(lowered.warning).toBeUndefined();
    const set = memoryPlan({ cacheMb: 64, containerBytes: 256 * MIB });
    expect(set.cacheMb).toBe(64);
    expect(set.warning).toBe(
      `sleeve: the container's memory limit is 256 MiB, below the ${set.needMb} MiB this instance may use with SLEEVE_CACHE_MB=64: lower SLEEVE_CACHE_MB to ${lowered.cacheMb}, or raise the limit`,
    );
    expect(memoryPlan({ cacheMb: undefined, containerBytes: 100 * MIB }).warning).toMatch(
      /SLEEVE_CACHE_MB cannot go low enough, or raise the limit$/,
    );
  });
});

describe('the container limit', () => {
  const files = (entries: Record<string, string>) => (path: string) => {
    if (path in entries) return entries[path]!;
    throw new Error(`ENOENT ${path}`);
  };
  it('reads cgroup v2 for the process own group first, then the root of its view', () => {
    expect(
      containerMemoryBytes(
        files({
          '/proc/self/cgroup': '0::/system.slice/sleeve.service\n',
          '/sys/fs/cgroup/system.slice/sleeve.service/memory.max': '536870912\n',
        }),
      ),
    ).toBe(512 * MIB);
    expect(
      containerMemoryBytes(files({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': '268435456\n' })),
    ).toBe(256 * MIB);
    expect(
      containerMemoryBytes(files({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': 'max\n' })),
    ).toBeUndefined();
  });
  it('reads cgroup v1, where "no limit" is a figure near 2^63', () => {
    expect(
      containerMemoryBytes(
        files({
          '/proc/self/cgroup': '4:memory:/box\n1:cpu:/\n',
          '/sys/fs/cgroup/memory/box/memory.limit_in_bytes': '209715200',
        }),
      ),
    ).toBe(200 * MIB);
    expect(
      containerMemoryBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' })),
    ).toBeUndefined();
    expect(containerMemoryBytes(files({}))).toBeUndefined();
  });
});

/** `count` distinct `/search/all` misses, eight at a time on kept-alive connections. */
async function flood(url: string, from: number, count: number): Promise<number> {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let next = from;
  let failed = 0;
  const one = (n: number) =>
    new Promise<void>((done, fail) => {
      request(
        { host: hostname, port, agent, path: `/search/all?query=love%20${n}&limit=10`, headers: { 'user-agent': UA } },
        (res) => {
          if (res.statusCode !== 200) failed++;
          res.resume().on('end', done);
        },
      )
        .on('error', fail)
        .end();
    });
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < from + count) await one(next++);
    }),
  );
  agent.destroy();
  return failed;
}

describe.runIf(process.platform === 'linux')('the sleeve command under a flood of distinct misses', () => {
  const servers: ChildServer[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.stop())));

  it('with SLEEVE_CACHE_MB=8 stays under the resident set the plan promises for that bound', {
    timeout: 240_000,
  }, async () => {
    const server = await startChild(
      process.execPath,
      ['--import', 'tsx', 'adapters/cli/index.ts'],
      { SLEEVE_CACHE_MB: '8', SLEEVE_LOG: 'off', SLEEVE_RATE_LIMITS: 'off' },
      60_000,
    );
    servers.push(server);
    const { pid } = servingPid(server.pid!);
    const plan = memoryPlan({ cacheMb: 8, containerBytes: containerMemoryBytes() });
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(`--max-old-space-size=${plan.heapMb}`);
    // 8 MiB holds about a thousand of these answers (7 KB each): 12,000 misses fill it many times over.
    expect(await flood(server.url, 1, 12_000)).toBe(0);
    const rss = rssOf(pid) / MIB;
    expect(rss).toBeLessThanOrEqual(plan.needMb);
    // Still answering: a full heap would have stopped it.
    const after = await fetch(`${server.url}/search/all?query=love`, { headers: { 'user-agent': UA } });
    expect(after.status).toBe(200);
  });
});

/** A memory cgroup this process may make (root, cgroup v1 or v2 with the controller), or undefined. */
function cgroupDir(): { dir: string; limitFile: string } | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  for (const [base, limitFile] of [
    ['/sys/fs/cgroup/memory', 'memory.limit_in_bytes'],
    ['/sys/fs/cgroup', 'memory.max'],
  ] as const) {
    const dir = `${base}/sleeve-test-${process.pid}`;
    try {
      if (!existsSync(`${base}/cgroup.procs`)) continue;
      mkdirSync(dir);
      if (existsSync(`${dir}/${limitFile}`)) return { dir, limitFile };
      rmdirSync(dir);
    } catch {}
  }
  return undefined;
}

describe('start-up inside a real memory cgroup', () => {
  const group = cgroupDir();
  afterAll(() => {
    if (group) rmdirSync(group.dir);
  });

  it.skipIf(!group)(
    'says in one line that the limit is below the need, naming the setting to lower',
    { timeout: 60_000 },
    async () => {
      writeFileSync(`${group!.dir}/${group!.limitFile}`, String(256 * MIB));
      const run = (env: Record<string, string>) =>
        new Promise<string>((done) => {
          // The shell joins the group, then becomes the command: Sleeve reads its own group's limit.
          const child = spawn(
            'sh',
            [
              '-c',
              `echo $$ > ${group!.dir}/cgroup.procs && exec "$0" --import tsx adapters/cli/index.ts`,
              process.execPath,
            ],
            {
              cwd: ROOT,
              env: { ...process.env, PORT: '0', SLEEVE_LOG: 'off', ...env },
            },
          );
          let output = '';
          const read = (chunk: Buffer) => {
            output += chunk.toString();
            if (/listening on/.test(output)) child.kill('SIGTERM');
          };
          child.stdout.on('data', read);
          child.stderr.on('data', read);
          child.on('exit', () => done(output));
        });
      const set = await run({ SLEEVE_CACHE_MB: '64' });
      const lowered = memoryPlan({ cacheMb: undefined, containerBytes: 256 * MIB });
      expect(set).toContain(`sleeve: the container's memory limit is 256 MiB, below the `);
      expect(set).toContain(`with SLEEVE_CACHE_MB=64: lower SLEEVE_CACHE_MB to ${lowered.cacheMb}, or raise the limit`);
      expect(set).toMatch(/listening on/);
      // Unset, the default bound is lowered to fit, and nothing needs saying.
      const unset = await run({});
      expect(unset).toMatch(/listening on/);
      expect(unset).not.toContain('memory limit');
    },
  );
});
