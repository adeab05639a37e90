/**
 * Issue #22: serverless instances share no memory, so limits, the cache and the upstream budget
 * are shared only through `SLEEVE_STORAGE=redis://…`. Two `sleeve/vercel` handlers (two
 * function instances) on one real Redis share them; and the Redis client behaves in a function:
 * it connects on first use, and a process that has answered ends by itself, with Redis up or
 * gone (no socket nor reconnect timer of the client keeps its event loop alive).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../../../adapters/vercel/index.ts';
import { runToExit } from '../../helpers/child-server.ts';
import { redisMissing, startRedis, type RedisServer } from '../../helpers/storage/redis.ts';

const UA = 'VercelTest/1.0 (vercel@example.com)';
const call = (fn: (request: Request) => Promise<Response>, path: string, ip = '198.51.100.7') =>
  fn(new Request(`https://music.example.com${path}`, { headers: { 'user-agent': UA, 'x-real-ip': ip } }));

/** Clients connected to the Redis on `port`, as Redis itself counts them. */
const clients = (port: string) =>
  execFileSync('redis-cli', ['-p', port, 'client', 'list'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean)
    .length;

/** A function's whole life in a process of its own: one request, then nothing keeps it alive. */
const FUNCTION = (redis: string) => `
  import { handle } from './adapters/vercel/index.ts';
  const fn = handle({ storage: ${JSON.stringify(redis)}, requestLog: 'off', log: { info() {}, error() {} } });
  const res = await fn(new Request('https://music.example.com/editorial/genres', { headers: { 'user-agent': '${UA}', 'x-real-ip': '203.0.113.5' } }));
  console.log(res.status, res.headers.get('x-cache'));
`;

describe.skipIf(redisMissing !== undefined)('sleeve/vercel on a shared Redis', () => {
  let redis: RedisServer;
  let port: string;
  beforeAll(async () => {
    redis = await startRedis();
    port = new URL(redis.url).port;
  });
  afterAll(() => redis?.stop());

  it('connects on first use, and two instances share the rate limit and the cache', async () => {
    // D8 counts in minute windows: calls begun in a minute's last seconds would fall in two.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
    const before = clients(port);
    const a = handle({ storage: redis.url, rateLimits: 0.05, requestLog: 'off' });
    const b = handle({ storage: redis.url, rateLimits: 0.05, requestLog: 'off' });
    expect(clients(port)).toBe(before);

    const first = await call(a, '/editorial/genres');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    const second = await call(b, '/editorial/genres');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('ratelimit-remaining')).toBe('1');
    expect((await call(a, '/editorial/genres')).headers.get('ratelimit-remaining')).toBe('0');
    expect((await call(b, '/editorial/genres')).status).toBe(429);
    // Another client (Vercel's x-real-ip) has its own budget.
    expect((await call(b, '/editorial/genres', '198.51.100.8')).status).toBe(200);
  });

  it('a function process ends by itself once it has answered', async () => {
    const run = await runToExit(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', FUNCTION(redis.url)],
      {},
      15_000,
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^200 (MISS|HIT)$/);
  });

  it('with Redis gone it answers uncached and still ends by itself, with no reconnection left pending', async () => {
    const gone = await startRedis();
    await gone.stop();
    const run = await runToExit(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', FUNCTION(gone.url)],
      {},
      15_000,
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('200 MISS');
  });
});
