/**
 * D48: the Redis storage contract (test/integration/storage/redis.test.ts, test/integration/live/budget.test.ts) on
 * Deno KV: its storage and counters under the real `deno`, then two instances of
 * `sleeve/deno-deploy`, each its own `deno serve` process, on one database file, sharing the
 * cache, the rate limits (counted exactly) and the upstream budget.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { BIN, ROOT, type ChildServer } from '../../helpers/child-server.ts';
import { startDenoServe } from '../../helpers/deno-serve.ts';
import {
  coldSearches,
  expectWithinBudget,
  maxInWindow,
  outcomeOf,
  QUOTA,
  statusCounts,
} from '../../helpers/live/budget-checks.ts';

const UA = 'DenoKvTest/1.0 (deno-kv@example.com)';
const dir = mkdtempSync(join(tmpdir(), 'sleeve-deno-kv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One run of `_deno-kv-probe.ts`, its JSON line parsed. */
function probe(...args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      `${BIN}deno`,
      ['run', '--unstable-kv', '-A', 'test/distribution/storage/_deno-kv-probe.ts', ...args],
      {
        cwd: ROOT,
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(err)),
    );
  });
}

const get = (base: string, path: string, ip = '198.51.100.7') =>
  fetch(`${base}${path}`, { headers: { 'user-agent': UA, 'x-forwarded-for': ip } });

/** D8 counts in minute windows: requests begun in a minute's last seconds would fall in two. */
async function notAtAMinutesEnd(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

describe('Deno KV storage and counters (deno)', () => {
  it('stores, reads, expires and removes; keeps a value over 64 KiB gzip’d and reads it back whole; one still too large is not kept', async () => {
    const seen = (await probe('store', join(dir, 'store.sqlite'))) as Record<string, unknown>;
    expect(seen.small).toEqual({ a: 1 });
    expect(seen.short).toBe(true);
    expect(seen.gone).toEqual([false, null]);
    // unstorage's ttl is in seconds, Deno KV's expireIn in milliseconds; no ttl, no expiry.
    expect(seen.expireIn).toEqual({
      'sleeve:small': null,
      'sleeve:large': 60_000,
      'sleeve:short': 1000,
      'sleeve:gone': null,
    });
    expect(seen.large).toBe(true);
    expect(seen.largeChars).toBeGreaterThan(65_536);
    expect(seen.largeStoredChars).toBeLessThan(65_000);
    expect(seen.noise).toBeNull();
  }, 30_000);

  it('counts exactly: two processes hitting one counter 1000 times each at once get every count once', async () => {
    const file = join(dir, 'count.sqlite');
    const [a, b] = (await Promise.all([
      probe('count', file, 'shared', '1000'),
      probe('count', file, 'shared', '1000'),
    ])) as [number[], number[]];
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  }, 60_000);
});

describe('two deno serve instances on one Deno KV database', () => {
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    const env = {
      SLEEVE_STORAGE: `deno-kv:${join(dir, 'shared.sqlite')}`,
      SLEEVE_RATE_LIMITS: '0.05',
      SLEEVE_TRUST_PROXY: '1',
      SLEEVE_BASE_URL: 'https://music.example.com',
    };
    servers.push(...(await Promise.all([startDenoServe(env), startDenoServe(env)])));
  }, 60_000);
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it('share one cache: what one stored, the other answers as a HIT with the same ETag', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const first = await get(a, '/search/all?query=shared', '203.0.113.1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await get(b, '/search/all?query=shared', '203.0.113.2');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('share one rate limit per client, counted exactly however many requests arrive at once', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    await notAtAMinutesEnd();
    expect((await get(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('2');
    expect((await get(b, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('1');
    expect((await get(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('0');
    const limited = await get(b, '/editorial/genres');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(b, '/editorial/genres', '198.51.100.8')).status).toBe(200);

    await notAtAMinutesEnd();
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(servers[i % 2]!.url, '/editorial/genres', '198.51.100.9')),
    );
    expect(all.filter((res) => res.status === 200)).toHaveLength(3);
    expect(all.filter((res) => res.status === 429)).toHaveLength(37);
  });
});

describe('two deno serve instances in live mode share one upstream budget (D13)', () => {
  let replay: Replay;
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    replay = await startReplay({ quota: QUOTA });
    const env = {
      SLEEVE_MODE: 'live',
      SLEEVE_UPSTREAMS: replay.url,
      SLEEVE_RATE_LIMITS: 'off',
      SLEEVE_STORAGE: `deno-kv:${join(dir, 'budget.sqlite')}`,
    };
    servers.push(...(await Promise.all([startDenoServe(env), startDenoServe(env)])));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await replay?.close();
  });

  it('the union of their upstream calls stays within 50 per 5 s, and both get answers', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    await Promise.all([get(a, '/healthz'), get(b, '/healthz')]);
    replay.reset();
    const fire = (base: string, tag: string) => coldSearches(tag, (path) => outcomeOf(path, () => get(base, path)));
    const [fromA, fromB] = await Promise.all([fire(a, 'alpha'), fire(b, 'beta')]);
    const calls = replay.calls;
    console.log(
      `[budget] two deno serve on Deno KV: A ${JSON.stringify(statusCounts(fromA))}, B ${JSON.stringify(statusCounts(fromB))}; ` +
        `max ${maxInWindow(calls, QUOTA.windowMs)} Deezer calls in any 5 s`,
    );
    expectWithinBudget([...fromA, ...fromB], calls);
    expect(maxInWindow(calls, QUOTA.windowMs)).toBeGreaterThan(QUOTA.limit / 2);
    expect(fromA.filter((o) => o.status === 200).length).toBeGreaterThan(0);
    expect(fromB.filter((o) => o.status === 200).length).toBeGreaterThan(0);
  });
});
