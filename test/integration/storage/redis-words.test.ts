/**
 * A Redis that fails says why, in words (D50): the storage's calls, its counters and the
 * breaker's outage line name the address and the cause ("connection refused", "timed out"),
 * where ioredis said only `Connection is closed.`; and a server's start-up check refuses a Redis
 * spec whose client package is missing, with the install command, and only warns, in one line,
 * about one that does not answer. On loopback: a port nothing listens on, and a server that
 * takes the connection and never replies.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageBreaker } from '../../../core/storage/breaker.ts';
import { systemClock } from '../../../core/drivers/kit/clock.ts';
import { countersFor } from '../../../core/storage/counters.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { checkStorage } from '../../../core/storage/preflight.ts';
import { freePort, redisMissing, startRedis, type RedisServer } from '../../helpers/storage/redis.ts';

const REFUSED = /^redis 127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\)$/;

describe('a Redis nothing listens on', () => {
  let url: string;
  beforeAll(async () => {
    url = `redis://127.0.0.1:${await freePort()}`;
  });

  it('fails its reads and writes with the address and "connection refused", not "Connection is closed."', async () => {
    const storage = storageFromSpec(url);
    try {
      await expect(storage.getItem('k')).rejects.toThrow(REFUSED);
      await expect(storage.setItem('k', 'v')).rejects.toThrow(REFUSED);
    } finally {
      await storage.dispose();
    }
  });

  it('fails a rate-limit counter the same way (the counters use the client directly)', async () => {
    const storage = storageFromSpec(url);
    try {
      await expect(countersFor(storage).hit('client', 0, 1000)).rejects.toThrow(REFUSED);
    } finally {
      await storage.dispose();
    }
  });

  it("is logged by the storage's breaker with the cause", async () => {
    const storage = storageFromSpec(url);
    const logged: Record<string, unknown>[] = [];
    const breaker = storageBreaker({ error: (_message, fields) => logged.push(fields ?? {}) }, url, systemClock);
    try {
      expect(await breaker.run(() => storage.getItem('k'), 'fallback')).toBe('fallback');
      expect(logged).toHaveLength(1);
      expect(logged[0]!['error']).toMatch(REFUSED);
    } finally {
      await storage.dispose();
    }
  });

  it('is only said at start-up, address and cause in one line: the breaker finds it back (D9)', async () => {
    const line = await checkStorage(url);
    expect(line).toMatch(
      /^redis 127\.0\.0\.1:\d+: connection refused \(ECONNREFUSED\) at start-up: serving uncached and unlimited until it answers$/,
    );
  });
});

describe('a Redis that takes the connection and never replies', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let url: string;
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `redis://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('fails a read with "timed out"', async () => {
    const storage = storageFromSpec(url);
    try {
      await expect(storage.getItem('k')).rejects.toThrow(/^redis 127\.0\.0\.1:\d+: timed out$/);
    } finally {
      await storage.dispose();
    }
  });
});

describe('the start-up check (checkStorage)', () => {
  it('refuses a Redis spec whose client package is missing, with the install command and no password', async () => {
    const missing = () =>
      Promise.reject(Object.assign(new Error("Cannot find package 'ioredis'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    for (const [spec, scheme] of [
      ['redis://:secret@127.0.0.1:6379', 'redis'],
      ['rediss://user:secret@cache.example:6380', 'rediss'],
    ]) {
      const refusal = checkStorage(spec!, { loadModule: missing });
      await expect(refusal).rejects.toMatchObject({
        code: 'not_configured',
        message: `SLEEVE_STORAGE=${scheme}://… needs the ioredis package: npm install ioredis`,
      });
    }
  });

  it('asks nothing of memory, fs or Deno KV specs', async () => {
    for (const spec of ['memory', 'fs:/tmp/x', 'deno-kv']) expect(await checkStorage(spec)).toBeUndefined();
  });

  describe.skipIf(redisMissing !== undefined)('against a real redis-server', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('says nothing when it answers', async () => {
      expect(await checkStorage(redis.url)).toBeUndefined();
    });
  });
});
