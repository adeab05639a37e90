/**
 * Issue #60, D54, on real sockets: behind the shipped nginx (`examples/deploy/nginx.conf`, run
 * by Debian's nginx) a client cannot pick the address it is counted under by sending its own
 * forwarding headers; forty addresses of one IPv6 /64 are one client; and the server listens
 * where it is told, its start-up line naming the address it is bound to.
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { parseCommand } from '../../../adapters/cli/args.ts';
import { serveOptionsFromEnv } from '../../../adapters/shared/serve-env.ts';
import { listeningLine } from '../../../adapters/shared/listening-line.ts';
import { ROOT } from '../../helpers/child-server.ts';
import { nginxMissing, startNginx, type Nginx } from '../../reliability/_nginx.ts';

const UA = 'ClientAddress/1.0 (test@example.com)';
const quiet = { info() {}, error() {} };
const portOf = (served: Served) => (served.server.address() as AddressInfo).port;
const close = async (served: Served | undefined) => {
  served?.server.closeAllConnections();
  await new Promise<void>((resolve) => (served ? served.server.close(() => resolve()) : resolve()));
};

/** The example unit's own settings (`Environment=NAME=value`), so the test runs what is shipped. */
function unitEnvironment(): Record<string, string> {
  const unit = readFileSync(`${ROOT}examples/deploy/sleeve@.service`, 'utf8');
  return Object.fromEntries([...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/**
 * `count` statuses of /track/hot (30 a minute per client), each from `send(i)`; again if a
 * minute's window turned meanwhile, since the count then starts over (the real clock here).
 */
async function statuses(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  for (;;) {
    const window = Math.floor(Date.now() / 60_000);
    const got: number[] = [];
    for (let i = 0; i < count; i++) got.push(await send(i));
    if (Math.floor(Date.now() / 60_000) === window) return got;
  }
}

describe.skipIf(nginxMissing !== undefined)('behind the shipped nginx', () => {
  let served: Served | undefined;
  let nginx: Nginx | undefined;
  beforeAll(async () => {
    const { options } = serveOptionsFromEnv({ ...unitEnvironment(), PORT: '0', SLEEVE_STORAGE: 'memory' });
    served = await serve({ ...options, port: 0, log: quiet, requestLog: 'off', gracefulShutdown: false });
    // Both of the example's instances are this one, so every request is counted in one place.
    nginx = await startNginx([portOf(served), portOf(served)]);
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
    await close(served);
  });

  it('the instance listens on loopback alone, as the example unit says', () => {
    expect(served!.bound).toBe(`127.0.0.1:${portOf(served!)}`);
  });

  it('35 requests, each with its own spoofed Forwarded, X-Forwarded-For and X-Real-IP: 30 × 200, then 429', async () => {
    const got = await statuses(35, async (i) => {
      const spoof = `198.51.100.${i + 1}`;
      const res = await fetch(`${nginx!.url}/track/hot`, {
        headers: {
          'user-agent': UA,
          forwarded: `for=${spoof}`,
          'x-forwarded-for': spoof,
          'x-real-ip': spoof,
        },
      });
      await res.arrayBuffer();
      return res.status;
    });
    expect(got.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(got.slice(30)).toEqual(Array(5).fill(429));
  }, 60_000);
});

const NETWORK = '2001:db8:60::';
const ADDRESSES = Array.from({ length: 40 }, (_, i) => `${NETWORK}${(i + 1).toString(16)}`);
const ip = (...args: string[]) => spawnSync('ip', args, { encoding: 'utf8' });
/** Why the /64 test cannot run here, if it cannot: it adds addresses to `lo`, which takes root and `ip`. */
const cannotAdd = (() => {
  const probe = ip('-6', 'addr', 'add', `${NETWORK}ffff/128`, 'dev', 'lo', 'nodad');
  if (probe.error || probe.status !== 0) return `ip -6 addr add failed: ${probe.error?.message ?? probe.stderr.trim()}`;
  ip('-6', 'addr', 'del', `${NETWORK}ffff/128`, 'dev', 'lo');
  return undefined;
})();

describe.skipIf(cannotAdd !== undefined)(`forty addresses of one /64 (${cannotAdd ?? 'on lo'})`, () => {
  let served: Served | undefined;
  beforeAll(async () => {
    for (const address of ADDRESSES) ip('-6', 'addr', 'add', `${address}/128`, 'dev', 'lo', 'nodad');
    served = await serve({ port: 0, hostname: '::', log: quiet, requestLog: 'off', gracefulShutdown: false });
  }, 30_000);
  afterAll(async () => {
    // Removed even when a test failed: the machine's `lo` is left as it was.
    for (const address of ADDRESSES) ip('-6', 'addr', 'del', `${address}/128`, 'dev', 'lo');
    await close(served);
  });

  it('listens on every interface when told ::, and says so', () => {
    expect(served!.bound).toBe(`[::]:${portOf(served!)} (every interface)`);
  });

  it('share one limit: 30 × 200, 10 × 429 on /track/hot', async () => {
    const port = portOf(served!);
    const from = (localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: ADDRESSES[0],
            port,
            path: '/track/hot',
            localAddress,
            family: 6,
            headers: { 'user-agent': UA },
            agent: false,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const got = await statuses(40, (i) => from(ADDRESSES[i]!));
    expect(got.filter((s) => s === 200)).toHaveLength(30);
    expect(got.filter((s) => s === 429)).toHaveLength(10);
  }, 60_000);
});

describe('the listen address', () => {
  it('is HOST, or --host over it, and every interface when neither is set', () => {
    expect(parseCommand(['--host', '127.0.0.1'], { HOST: '::' })).toEqual({
      kind: 'serve',
      env: { HOST: '127.0.0.1' },
    });
    expect(serveOptionsFromEnv({ HOST: '::1' }).options.hostname).toBe('::1');
    expect(serveOptionsFromEnv({}).options.hostname).toBeUndefined();
    expect(() => serveOptionsFromEnv({ HOST: 'not a host' })).toThrow(/HOST must be an address or host name/);
    expect(() => parseCommand(['--host', 'a b'], {})).toThrow(/--host must be an address or host name/);
  });

  it('is named by the start-up line as the socket is bound', async () => {
    const served = await serve({ port: 0, log: quiet, requestLog: 'off', gracefulShutdown: false });
    try {
      const port = portOf(served);
      expect(served.url).toBe(`http://localhost:${port}`);
      expect(listeningLine(served.url, { mode: 'demo mode', storage: 'memory', bound: served.bound }, 'node')).toBe(
        `sleeve listening on http://localhost:${port} (demo mode, memory storage, node) on [::]:${port} (every interface)`,
      );
    } finally {
      await close(served);
    }
  });
});
